/** CPU time of our code-server's extension host (where the codec workers run as threads). */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';

/** Extension hosts started by the code-server with this pid (not any other on the machine). */
export function extensionHostPids(serverPid: number): number[] {
  const processes = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map(([, pid, ppid, args]) => ({ pid: Number(pid), ppid: Number(ppid), args: args! }));
  const parentOf = new Map(processes.map((p) => [p.pid, p.ppid]));
  const descendsFromServer = (pid: number) => {
    for (let current = parentOf.get(pid); current !== undefined && current > 1; current = parentOf.get(current)) {
      if (current === serverPid) return true;
    }
    return false;
  };
  return processes.filter((p) => p.args.includes('--type=extensionHost') && descendsFromServer(p.pid)).map((p) => p.pid);
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
