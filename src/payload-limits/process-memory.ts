/**
 * The resident memory of another process, read from Linux's /proc (undefined elsewhere or once
 * it is gone): what a limit process that timed out held, to tell heap thrash from slowness.
 */
import * as fs from 'node:fs';

export function residentMb(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : undefined;
  } catch {
    return undefined;
  }
}
