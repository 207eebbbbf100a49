/**
 * A timed window turned into the statistics a row shows, and slices of one operation joined into
 * one window: pure, for the worker that timed them and for the host that joins a later round's
 * slices alike.
 */
import type { TimedWindow } from '../shared/codec-job';
import type { TimingStats } from '../shared/results';
import { isBimodal, median, medianMarginOfError, quantile } from './stats';

/** What the collector did during a profiling window of the same calls as a timed window. */
export interface GcProfile {
  /** Main-thread time in collection pauses, ns. */
  pauseNs: number;
  collections: number;
  /** V8 heap plus ArrayBuffer (external) bytes allocated during the window. */
  allocatedBytes: number;
  /** Memory was freed outside the GC profiler's records: `allocatedBytes` is a lower bound (gc-window.ts). */
  lowerBound?: boolean;
  windowNs: number;
  calls: number;
}

/**
 * One window made of several slices of the same operation in the same worker (timed in turn
 * with another worker's slices): the samples side by side, times summed.
 */
export function mergeWindows(slices: readonly TimedWindow[]): TimedWindow {
  const samples = new Float64Array(slices.reduce((sum, slice) => sum + slice.samples.length, 0));
  let offset = 0;
  for (const slice of slices) {
    samples.set(slice.samples, offset);
    offset += slice.samples.length;
  }
  const sum = (pick: (slice: TimedWindow) => number) => slices.reduce((total, slice) => total + pick(slice), 0);
  return {
    samples,
    batchSize: slices[0]?.batchSize ?? 1,
    inCallsNs: sum((slice) => slice.inCallsNs),
    windowNs: sum((slice) => slice.windowNs),
  };
}

/** `profile` absent: GC share and allocation were not measured for this window (null). */
export function summarize(window: TimedWindow, jsonBytes: number, profile?: GcProfile): TimingStats {
  const sorted = Array.from(window.samples).sort((a, b) => a - b);
  const calls = sorted.length * window.batchSize;
  const meanNs = calls > 0 ? window.inCallsNs / calls : Number.NaN;
  return {
    meanNs,
    meanInterval: [meanNs, meanNs],
    gcShare: profile ? (profile.windowNs > 0 ? Math.min(1, profile.pauseNs / profile.windowNs) : 0) : null,
    bytesAllocatedPerCall: profile ? (profile.calls > 0 ? Math.round(profile.allocatedBytes / profile.calls) : 0) : null,
    allocationLowerBound: profile?.lowerBound === true,
    bimodal: window.batchSize === 1 && isBimodal(sorted),
    medianNs: median(sorted),
    p75Ns: quantile(sorted, 0.75),
    p99Ns: quantile(sorted, 0.99),
    minNs: sorted[0] ?? Number.NaN,
    maxNs: sorted[sorted.length - 1] ?? Number.NaN,
    rme: medianMarginOfError(sorted),
    samples: sorted.length,
    batchSize: window.batchSize,
    mbPerSec: meanNs > 0 ? jsonBytes / 1e6 / (meanNs / 1e9) : 0,
  };
}
