/**
 * Reads how busy the machine is while a run measures (judged in measurement/machine-load.ts):
 * Linux's /proc/stat (every core's busy and idle time), /proc/loadavg, and the CPU time of the
 * run's own processes: this process with all its threads (the codec workers are threads of it),
 * the children it has waited for (a strict-CSP codec process, a code generator), and the
 * processes a runtime names as measuring for it (a headless Chromium and its descendants).
 * Anything else that used a core is someone else's. Read about once a second on the host's
 * thread, which only waits while a worker times: a few small files, well under a millisecond.
 * Elsewhere than Linux the load is not measured, and the report says so.
 */
import * as fs from 'node:fs';
import { type CpuCounters, machineLoadOf } from '../measurement/machine-load';
import type { MachineLoad } from '../shared/results';
import type { MeasuringRuntime } from './measuring-runtime';

const SAMPLE_EVERY_MS = 1_000;

export interface MachineLoadMonitor {
  /** Stops reading; the load over the whole time it watched (the same answer when called again). */
  stop(): MachineLoad;
}

export interface WatchOptions {
  /** Processes outside this one that measure for the run; their descendants count too. */
  measuringProcesses?: () => readonly number[];
  /** Set: the load is not measured, for this reason (a runtime whose processes cannot be told apart). */
  notMeasured?: string;
}

/** Node's workers are threads of this process; a browser's run in processes its runtime names, or the load is not measured. */
export function machineWatchOf(runtime: MeasuringRuntime | undefined): WatchOptions {
  if (!runtime || runtime.name === 'node') return {};
  if (runtime.measuringProcesses) return { measuringProcesses: runtime.measuringProcesses };
  return { notMeasured: "the browser's workers run in processes this run cannot tell from other work (VS Code's own renderer)" };
}

export function watchMachineLoad(options: WatchOptions = {}): MachineLoadMonitor {
  if (options.notMeasured) return { stop: () => ({ measured: false, why: options.notMeasured! }) };
  if (process.platform !== 'linux') return { stop: () => ({ measured: false, why: `it is read from /proc, on Linux only (this is ${process.platform})` }) };
  const samples: CpuCounters[] = [];
  let failure: string | undefined;
  const read = () => {
    if (failure) return;
    try {
      samples.push(readCounters(options.measuringProcesses?.() ?? []));
    } catch (error) {
      failure = `reading /proc failed: ${error instanceof Error ? error.message : String(error)}`;
    }
  };
  read();
  const timer = setInterval(read, SAMPLE_EVERY_MS);
  // The run's end stops it; a timer must never keep the process alive by itself.
  timer.unref();
  let result: MachineLoad | undefined;
  return {
    stop() {
      if (result) return result;
      clearInterval(timer);
      read();
      result = failure ? { measured: false, why: failure } : machineLoadOf(samples);
      return result;
    },
  };
}

function readCounters(measuringProcesses: readonly number[]): CpuCounters {
  const atMs = performance.now();
  const stat = fs.readFileSync('/proc/stat', 'latin1');
  const [all] = stat.split('\n', 1);
  // cpu user nice system idle iowait irq softirq steal guest guest_nice: guest time is already in user.
  const ticks = all!.trim().split(/\s+/).slice(1, 9).map(Number);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = ticks.map((value) => value || 0) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const busyTicks = user + nice + system + irq + softirq + steal;
  const cores = stat.split('\n').filter((line) => /^cpu\d+ /.test(line)).length || 1;
  const ownTicks = processTicks('self', true) + descendantTicks(measuringProcesses);
  const loadAverage = Number(fs.readFileSync('/proc/loadavg', 'latin1').split(' ')[0]);
  return { atMs, totalTicks: busyTicks + idle + iowait, busyTicks, ownTicks, cores, loadAverage };
}

/** utime + stime, and with `children` the waited-for children's cutime + cstime. */
function processTicks(pid: number | 'self', children: boolean): number {
  const fields = statFields(pid);
  if (!fields) return 0;
  // After the command's closing parenthesis, state is field 3: utime is 14, stime 15, cutime 16, cstime 17.
  const at = (field: number) => Number(fields[field - 3]) || 0;
  return at(14) + at(15) + (children ? at(16) + at(17) : 0);
}

function statFields(pid: number | 'self'): string[] | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'latin1');
    // The command may hold spaces and parentheses: fields start after the last ')'.
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    // Gone between listing and reading: its time is lost to this count (it is small).
    return undefined;
  }
}

/** The processes named and everything under them, each counted once with what it waited for. */
function descendantTicks(roots: readonly number[]): number {
  if (roots.length === 0) return 0;
  const parents = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    if (!fields) continue;
    const parent = Number(fields[1]);
    parents.set(parent, [...(parents.get(parent) ?? []), Number(entry)]);
  }
  const seen = new Set<number>();
  const queue = [...roots];
  let ticks = 0;
  while (queue.length > 0) {
    const pid = queue.pop()!;
    if (seen.has(pid)) continue;
    seen.add(pid);
    ticks += processTicks(pid, true);
    queue.push(...(parents.get(pid) ?? []));
  }
  return ticks;
}
