/**
 * How busy the machine was during a run, from counters read at moments of the run (Linux's
 * /proc, read by engine/machine-load-monitor.ts): the CPU time every core spent busy, the part
 * of it the run's own processes spent, the load average. Other processes' share is the
 * difference. Pure, so the judgement is tested on made-up counters.
 *
 * The judgement is about the run's timings: a measurement uses about one core (a worker
 * timing, the host waiting, V8's helper threads now and then). It is disturbed when something
 * else wants a core it could be scheduled on: other processes use at least half a core while
 * the machine's cores are at least three quarters in use (on 2 cores: ours and theirs add up to
 * 1.5). A run is called busy when that was so for a quarter of its time or more: its speed
 * figures are then unreliable, its sizes are not (they are counted, not timed).
 */
import type { MachineLoad, MeasuredMachineLoad } from '../shared/results';

/** Counters at one moment, all CPU times in the same clock ticks. */
export interface CpuCounters {
  atMs: number;
  /** Ticks of every core, idle included (the sum of /proc/stat's `cpu` line). */
  totalTicks: number;
  /** Ticks of every core not idle and not waiting on I/O (steal included: the hypervisor ran something else). */
  busyTicks: number;
  /** Ticks of the run's own processes. */
  ownTicks: number;
  cores: number;
  /** 1-minute load average. */
  loadAverage: number;
}

/** Others must use this much of a core in a stretch for it to count as busy. */
export const BUSY_OTHER_CORES = 0.5;
/** ...while this share of the machine's cores is in use, the run's own included. */
export const BUSY_MACHINE_SHARE = 0.75;
/** A run is busy when this share of its wall time was. */
export const BUSY_RUN_SHARE = 0.25;

interface Stretch {
  ms: number;
  ownCores: number;
  otherCores: number;
}

function stretch(from: CpuCounters, to: CpuCounters): Stretch | undefined {
  const total = to.totalTicks - from.totalTicks;
  if (total <= 0) return undefined;
  // Total ticks count every core: a share of them times the cores is cores in use.
  const cores = to.cores;
  const ownCores = Math.max(0, (to.ownTicks - from.ownTicks) / total) * cores;
  const busyCores = Math.max(0, (to.busyTicks - from.busyTicks) / total) * cores;
  // The counters are read one after the other: ours can be a tick ahead of the machine's.
  return { ms: to.atMs - from.atMs, ownCores, otherCores: Math.max(0, busyCores - ownCores) };
}

export function isBusyStretch({ ownCores, otherCores }: Pick<Stretch, 'ownCores' | 'otherCores'>, cores: number): boolean {
  return otherCores >= BUSY_OTHER_CORES && ownCores + otherCores >= BUSY_MACHINE_SHARE * cores;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The load over consecutive samples (at least two, in time order). */
export function machineLoadOf(samples: readonly CpuCounters[]): MachineLoad {
  if (samples.length < 2) return { measured: false, why: "the run ended before the machine's counters could be read twice" };
  const first = samples[0]!;
  const last = samples[samples.length - 1]!;
  const whole = stretch(first, last);
  if (!whole) return { measured: false, why: "the machine's CPU counters did not advance during the run" };
  let busyMs = 0;
  for (let index = 1; index < samples.length; index++) {
    const part = stretch(samples[index - 1]!, samples[index]!);
    if (part && isBusyStretch(part, last.cores)) busyMs += part.ms;
  }
  const busyShare = whole.ms > 0 ? busyMs / whole.ms : 0;
  const load: MeasuredMachineLoad = {
    measured: true,
    cores: last.cores,
    wallMs: Math.round(whole.ms),
    ownCores: round2(whole.ownCores),
    otherCores: round2(whole.otherCores),
    loadAverage: round2(Math.max(...samples.map((sample) => sample.loadAverage))),
    busyShare: round2(busyShare),
    busy: busyShare >= BUSY_RUN_SHARE,
  };
  return load;
}

/**
 * One run measured in two runtimes, one after the other (Node, then a browser): the figures
 * weighted by each part's wall time; busy if either part was (each part's rows are its own).
 * A part not measured leaves the whole not measured, with its reason.
 */
export function combineMachineLoads(loads: readonly (MachineLoad | undefined)[]): MachineLoad | undefined {
  const present = loads.filter((load): load is MachineLoad => load !== undefined);
  if (present.length <= 1) return present[0];
  const unmeasured = present.find((load): load is { measured: false; why: string } => !load.measured);
  if (unmeasured) return unmeasured;
  const measured = present as MeasuredMachineLoad[];
  const wallMs = measured.reduce((sum, load) => sum + load.wallMs, 0);
  const weighted = (figure: (load: MeasuredMachineLoad) => number) =>
    round2(wallMs > 0 ? measured.reduce((sum, load) => sum + figure(load) * load.wallMs, 0) / wallMs : 0);
  return {
    measured: true,
    cores: Math.max(...measured.map((load) => load.cores)),
    wallMs,
    ownCores: weighted((load) => load.ownCores),
    otherCores: weighted((load) => load.otherCores),
    loadAverage: Math.max(...measured.map((load) => load.loadAverage)),
    busyShare: weighted((load) => load.busyShare),
    busy: measured.some((load) => load.busy),
  };
}
