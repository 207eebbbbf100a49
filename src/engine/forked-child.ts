/**
 * What the parent needs to follow a forked process (probe runner, limit process): when it has
 * really exited, and the last words on its stderr (a process that dies says why there: V8's
 * "FATAL ERROR: … heap out of memory", an abort's message).
 */
import type { ChildProcess } from 'node:child_process';

export interface FollowedChild {
  /** Resolves on `exit` ('close' never comes once this side has disconnected), or a failed start. */
  ended: Promise<void>;
  /** The last `tailBytes` of its stderr (forked with stderr piped). */
  stderrTail(): string;
}

export function followChild(child: ChildProcess, tailBytes: number): FollowedChild {
  const ended = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => child.pid === undefined && resolve());
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-tailBytes);
  });
  return { ended, stderrTail: () => stderr };
}
