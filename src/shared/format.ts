/** Units spelled out: bytes as B with separators, times in ns/µs/ms/s, ratios as plain numbers. */
import { RERUN_INTERVAL_PERCENT, type TimingStats } from './results';

/** A whole number as every figure of the panel, the CLI and the exports writes it: 223,228. */
export function formatNumber(count: number): string {
  return count.toLocaleString('en-US');
}

/** "1 codec", "223,228 records": a count and its noun. */
export function formatCount(count: number, noun: string): string {
  return `${formatNumber(count)} ${noun}${count === 1 ? '' : 's'}`;
}

export function formatBytes(bytes: number): string {
  return `${formatNumber(bytes)} B`;
}

export function formatDuration(ns: number): string {
  if (!Number.isFinite(ns)) return '—';
  if (ns < 1_000) return `${ns.toFixed(0)} ns`;
  if (ns < 1_000_000) return `${(ns / 1_000).toFixed(ns < 10_000 ? 2 : 1)} µs`;
  if (ns < 1_000_000_000) return `${(ns / 1_000_000).toFixed(ns < 10_000_000 ? 2 : 1)} ms`;
  return `${(ns / 1_000_000_000).toFixed(2)} s`;
}

/** null: not measured ("—"). */
export function formatPercent(fraction: number | null): string {
  if (fraction === null) return '—';
  return `${(fraction * 100).toFixed(fraction < 0.1 ? 1 : 0)}%`;
}

export function formatSpeedup(speedup: number | undefined): string {
  if (speedup === undefined || !Number.isFinite(speedup)) return '—';
  return `${speedup.toFixed(speedup < 10 ? 2 : 1)}×`;
}

/** "2.41× (2.30–2.58×)": a median over rounds and its interval. */
export function formatSpeedupRange(speedup: number | undefined, interval: readonly [number, number] | undefined): string {
  const center = formatSpeedup(speedup);
  if (!interval || speedup === undefined || interval[0] === interval[1]) return center;
  return `${center} (${formatSpeedupInterval(interval)})`;
}

/**
 * What the range under a speed-up is, by rounds (engine/rerun-interval.ts), as the panel's
 * column descriptions say it: from three rounds where a re-run's median is expected.
 */
export function speedupRangeMeaning(rounds: number): string {
  return rounds >= 3 ? `where a re-run's median is expected, ${RERUN_INTERVAL_PERCENT}%` : 'lowest–highest round';
}

/** "2.30–2.58×": a range of speed-ups, the unit written once. */
export function formatSpeedupInterval([low, high]: readonly [number, number]): string {
  return `${formatSpeedup(low).replace('×', '')}–${formatSpeedup(high)}`;
}

/** "1.07 ms (1.02–1.12 ms)": an amortised time and its range over rounds. */
export function formatDurationRange(ns: number, interval: readonly [number, number]): string {
  if (interval[0] === interval[1]) return formatDuration(ns);
  return `${formatDuration(ns)} (${formatDuration(interval[0])}–${formatDuration(interval[1])})`;
}

/** Why an allocation figure is not measured although the GC profiler ran (see `allocationFigure`). */
export const ALLOCATION_HIDDEN = "memory freed outside the GC profiler's records (ArrayBuffer bytes released after a collection) hid what the calls allocated";

/**
 * Bytes allocated per call as far as they are known: "2.90 MB"; "≥ 12.1 kB" where memory freed
 * out of the profiler's sight may hide more (TimingStats.allocationLowerBound); "< 1 B" where
 * nothing was seen. null where not measured: no GC profiler (the browser), or a lower bound of
 * nothing, which says nothing (`ALLOCATION_HIDDEN` is why). Never a bare "0 B".
 */
export function allocationFigure(timing: Pick<TimingStats, 'bytesAllocatedPerCall' | 'allocationLowerBound'>): string | null {
  const bytes = timing.bytesAllocatedPerCall;
  if (bytes === null) return null;
  if (timing.allocationLowerBound) return bytes >= 1 ? `≥ ${formatSize(bytes)}` : null;
  return bytes >= 1 ? formatSize(bytes) : '< 1 B';
}

/** "2.9 MB": decimal units, for allocation figures where exact bytes would be noise. */
export function formatSize(bytes: number | null): string {
  if (bytes === null || !Number.isFinite(bytes)) return '—';
  if (bytes < 1_000) return `${Math.round(bytes)} B`;
  if (bytes < 1_000_000) return `${(bytes / 1_000).toFixed(bytes < 10_000 ? 2 : 1)} kB`;
  if (bytes < 1_000_000_000) return `${(bytes / 1_000_000).toFixed(bytes < 10_000_000 ? 2 : 1)} MB`;
  return `${(bytes / 1_000_000_000).toFixed(2)} GB`;
}
