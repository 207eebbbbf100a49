/**
 * What our code-server's extension host is running: its threads (each codec or inspection
 * worker is one) and its child processes (the probe runner), counted from /proc and ps.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';

function processTable(): Array<{ pid: number; ppid: number; args: string }> {
  return execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map(([, pid, ppid, args]) => ({ pid: Number(pid), ppid: Number(ppid), args: args! }));
}

/** Extension hosts started by the code-server with this pid (not any other on the machine). */
export function extensionHostPids(serverPid: number): number[] {
  const processes = processTable();
  const parentOf = new Map(processes.map((p) => [p.pid, p.ppid]));
  const descendsFromServer = (pid: number) => {
    for (let current = parentOf.get(pid); current !== undefined && current > 1; current = parentOf.get(current)) {
      if (current === serverPid) return true;
    }
    return false;
  };
  return processes.filter((p) => p.args.includes('--type=extensionHost') && descendsFromServer(p.pid)).map((p) => p.pid);
}

/** Threads of these processes now: a live worker thread adds one. */
export function threadCount(pids: number[]): number {
  return pids.reduce((sum, pid) => sum + fs.readdirSync(`/proc/${pid}/task`).length, 0);
}

/** Child processes of these processes now: pid and command line. */
export function childProcesses(pids: number[]): Array<{ pid: number; args: string }> {
  return processTable()
    .filter((p) => pids.includes(p.ppid))
    .map(({ pid, args }) => ({ pid, args }));
}

/** Resolves once `holds()` is true; rejects with `what` if it never is within `timeoutMs`. */
export async function waitUntil(holds: () => boolean, what: string | (() => string), timeoutMs = 30_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !holds();) {
    if (Date.now() > deadline) throw new Error(`still not true after ${timeoutMs} ms: ${typeof what === 'string' ? what : what()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
