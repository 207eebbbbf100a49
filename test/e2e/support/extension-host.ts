/** CPU time of code-server's extension host process (where the codec workers run as threads). */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';

export function extensionHostPids(): number[] {
  const lines = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' }).split('\n');
  return lines
    .filter((line) => line.includes('--type=extensionHost'))
    .map((line) => Number.parseInt(line.trim(), 10))
    .filter((pid) => Number.isInteger(pid));
}

/** Seconds of CPU (user + system, all threads) the process has used so far. */
export function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticksPerSecond = 100;
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

/** Fraction of one core the processes used over `ms` milliseconds. */
export async function cpuLoad(pids: number[], ms: number): Promise<number> {
  const before = pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  return (after - before) / (ms / 1000);
}
