/**
 * Times one operation in one sampling window, with the rules a fair comparison needs: collect
 * garbage once, warm up past JIT tiers and lazy code generation, then call the operation in a
 * tight loop until both a time budget and a minimum sample count are met. The headline is the
 * amortised time per call (time in calls over calls, collections included: what a loop pays);
 * the per-call distribution is reported beside it. GC pauses and allocation come from a second,
 * shorter window of the same calls (a profiling window), or from the warm-up when that was one
 * heavy call: V8's GC profiler reads the heap at every collection, which cost allocation-heavy
 * calls up to a tenth of their time, so the timed window runs without it. No GC before every call: on Node 20 that deoptimises the
 * codecs' JIT code. No sample is trimmed either: the slowest calls are the ones a collection
 * landed in, and they are paid for.
 */
import type { TimingStats } from '../shared/results';
import type { GcWindowFigures } from './gc-window';
import { summarize, type GcProfile } from '../measurement/timing-windows';
import type { TimedWindow } from '../shared/codec-job';

export interface MeasureOptions {
  /** Sampling time for this operation, after warm-up. */
  budgetMs: number;
  minSamples: number;
  /** Bytes of the sample's JSON: throughput is reported against them for every codec. */
  jsonBytes: number;
  /** Forces a full collection; absent when the runtime exposes none. */
  collectGarbage?: () => void;
  /** Upper bound on warm-up time (default `defaultWarmupMs(budgetMs)`); warm-up also stops after enough calls. */
  warmupMs?: number;
  /**
   * Watches collections during the profiling window (Node: gc-window.ts). Absent in a browser
   * worker, which has no GC profiler: GC share and allocation are then not measured (null).
   * Passed in rather than imported so this module runs in both runtimes.
   */
  watchGarbageCollection?: () => () => GcWindowFigures;
}

/** The profiling window's length, as a share of the timed window's budget. */
const PROFILE_SHARE = 0.25;

/** Calls shorter than this are timed in batches: a lone call would mostly measure the clock. */
const BATCH_BELOW_NS = 20_000;
/** Aim for batched samples of about this long. */
const BATCH_TARGET_NS = 250_000;
const WARMUP_MIN_CALLS = 2;
/** Enough for V8 to reach its optimising tiers on a small call; longer windows warm a quarter of theirs. */
const MIN_WARMUP_MS = 50;
const WARMUP_SHARE = 0.25;

/** An operation's warm-up where the job gives none: the larger of 50 ms and a quarter of its window. */
export const defaultWarmupMs = (budgetMs: number) => Math.max(MIN_WARMUP_MS, budgetMs * WARMUP_SHARE);
/**
 * A call at least this long loops over enough values to reach the optimising tiers within
 * itself; the codec also encoded and decoded once before timing (to verify), so one more call
 * warms it. On a multi-megabyte sample that saves seconds per window.
 */
const HEAVY_CALL_MS = 10;
const WARMUP_MAX_CALLS = 3_000;
const MAX_SAMPLES = 1 << 20;

/** Keeps every result reachable so the JIT cannot drop the call as dead code. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- written and never read on purpose: the writes are what keep each call alive
let sink: unknown;

export async function measureOperation(operation: () => unknown, options: MeasureOptions): Promise<TimingStats> {
  options.collectGarbage?.();
  const watch = options.watchGarbageCollection;
  const stopWatchingWarmUp = watch?.();
  const warm = warmUpCalls(operation, options.warmupMs ?? defaultWarmupMs(options.budgetMs));
  const warmUpGc = stopWatchingWarmUp?.();
  const { perCallNs } = warm;
  const batchSize = perCallNs < BATCH_BELOW_NS ? batchSizeFor(perCallNs) : 1;
  const window = timeWindow(operation, options.budgetMs, options.minSamples, batchSize, perCallNs);
  // A warm-up of one heavy call is a profiling window already: a second single call would say
  // the same, and on a multi-megabyte sample it costs as much as a timed sample. A warm-up of
  // several calls holds the JIT's first allocations, so a profiling window follows it instead.
  const profile =
    watch &&
    (warmUpGc && warm.calls === 1
      ? { ...warmUpGc, windowNs: warm.lastNs, calls: 1 }
      : profileWindow(
          operation,
          {
            budgetMs: options.budgetMs * PROFILE_SHARE,
            minSamples: Math.ceil(options.minSamples * PROFILE_SHARE),
            batchSize,
            perCallNs,
          },
          watch,
        ));
  return summarize(window, options.jsonBytes, profile || undefined);
}

/**
 * The same calls again, for a fraction of the timed window's budget and samples, with the GC
 * profiler on: the share of that window spent in collection pauses and the bytes allocated per
 * call. At least one call.
 */
export function profileWindow(
  operation: () => unknown,
  window: { budgetMs: number; minSamples: number; batchSize: number; perCallNs: number },
  watchGarbageCollection: () => () => GcWindowFigures,
): GcProfile {
  const minSamples = Math.max(1, window.minSamples);
  // The window's own sample array is allocated before watching: it is not the calls' allocation.
  const samples = samplesFor(window.budgetMs, minSamples, window.batchSize, window.perCallNs);
  const stopWatching = watchGarbageCollection();
  const timed = timeWindow(operation, window.budgetMs, minSamples, window.batchSize, window.perCallNs, samples);
  const gc = stopWatching();
  return { ...gc, windowNs: timed.windowNs, calls: timed.samples.length * timed.batchSize };
}

/**
 * A window's sample array, sized up front from the warm-up's estimate: growing it inside the
 * window would allocate, and its garbage would be charged to the calls being timed.
 */
function samplesFor(budgetMs: number, minSamples: number, batchSize: number, perCallNs: number): Float64Array {
  const expected = Math.ceil((budgetMs * 1e6) / Math.max(perCallNs * batchSize, 1));
  return new Float64Array(Math.min(MAX_SAMPLES, Math.max(minSamples, expected * 2 + 16)));
}

/** Calls the operation in a loop for the budget (and at least `minSamples` samples). */
export function timeWindow(
  operation: () => unknown,
  budgetMs: number,
  minSamples: number,
  batchSize: number,
  perCallNs: number,
  samples: Float64Array = samplesFor(budgetMs, minSamples, batchSize, perCallNs),
): TimedWindow {
  const start = performance.now();
  const deadline = start + budgetMs;
  let now = start;
  let n = 0;
  let inCallsMs = 0;
  while (n < samples.length && (n < minSamples || now < deadline)) {
    const t0 = performance.now();
    for (let call = 0; call < batchSize; call++) sink = operation();
    now = performance.now();
    inCallsMs += now - t0;
    samples[n++] = ((now - t0) * 1e6) / batchSize;
  }
  return { samples: samples.subarray(0, n), batchSize, inCallsNs: inCallsMs * 1e6, windowNs: (now - start) * 1e6 };
}

/**
 * Runs the operation until warm: for the warm-up time, and at least two calls, or one heavy
 * call (see HEAVY_CALL_MS). Returns the mean time of the calls after the first (of the only
 * call, when heavy), in ns.
 */
export function warmUp(operation: () => unknown, maxMs: number): number {
  return warmUpCalls(operation, maxMs).perCallNs;
}

/** `warmUp`, also saying how many calls it made and how long the last one took (ns). */
function warmUpCalls(operation: () => unknown, maxMs: number): { perCallNs: number; calls: number; lastNs: number } {
  const deadline = performance.now() + maxMs;
  let calls = 0;
  let laterMs = 0;
  let lastMs = 0;
  for (;;) {
    const t0 = performance.now();
    sink = operation();
    const t1 = performance.now();
    lastMs = t1 - t0;
    if (calls > 0) laterMs += lastMs;
    calls++;
    const warm = calls >= WARMUP_MIN_CALLS || lastMs >= HEAVY_CALL_MS;
    if ((warm && t1 >= deadline) || calls >= WARMUP_MAX_CALLS) break;
  }
  return { perCallNs: (calls > 1 ? laterMs / (calls - 1) : lastMs) * 1e6, calls, lastNs: lastMs * 1e6 };
}

export function batchSizeFor(perCallNs: number): number {
  return Math.max(2, Math.min(65_536, Math.round(BATCH_TARGET_NS / Math.max(perCallNs, 1))));
}
