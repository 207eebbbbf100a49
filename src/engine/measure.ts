/**
 * Times one operation with mitata's sampler, wrapped in the rules a fair comparison needs:
 * collect garbage once, warm up past JIT tiers and lazy code generation, then sample until
 * both a time budget and a minimum sample count are met, and past the budget (up to a cap)
 * until the median is known to the target precision. No GC before every call: on Node 20
 * that deoptimises the codecs' JIT code and makes JavaScript codecs look several times slower.
 */
import { measure } from 'mitata';
import type { TimingStats } from '../shared/results';
import { median, medianMarginOfError, quantile } from './stats';

export interface MeasureOptions {
  /** Sampling time for this operation, after warm-up. */
  budgetMs: number;
  minSamples: number;
  /** Keep sampling past the budget while the median's margin of error is above this. */
  targetRme?: number;
  /** ...but never longer than this many budgets in all. */
  maxBudgets?: number;
  /** Bytes of the sample's JSON: throughput is reported against them for every codec. */
  jsonBytes: number;
  /** Forces a full collection; absent when the runtime exposes none. */
  collectGarbage?: () => void;
  /** Upper bound on warm-up time; warm-up also stops after enough calls. */
  warmupMs?: number;
}

/** Calls shorter than this are timed in batches: a lone call would mostly measure the clock. */
const BATCH_BELOW_NS = 20_000;
/** Aim for batched samples of about this long. */
const BATCH_TARGET_NS = 250_000;
const WARMUP_MIN_CALLS = 3;
const WARMUP_MAX_CALLS = 3_000;

/** Keeps every result reachable so the JIT cannot drop the call as dead code. */
let sink: unknown;

export async function measureOperation(operation: () => unknown, options: MeasureOptions): Promise<TimingStats> {
  options.collectGarbage?.();
  const perCallNs = warmUp(operation, options.warmupMs ?? Math.max(50, options.budgetMs * 0.25));
  const batchSize = perCallNs < BATCH_BELOW_NS ? batchSizeFor(perCallNs) : 1;
  const sampleFor = async (budgetMs: number, minSamples: number) => (await measure(() => {
    sink = operation();
  }, {
    gc: false,
    min_samples: minSamples,
    min_cpu_time: budgetMs * 1e6,
    warmup_samples: 0,
    warmup_threshold: 0,
    // mitata batches when its first call is under the threshold; we decide from our warm-up.
    batch_threshold: batchSize > 1 ? Number.MAX_SAFE_INTEGER : 0,
    batch_samples: batchSize,
    batch_unroll: 1,
  })).samples;

  const samples = await sampleFor(options.budgetMs, options.minSamples);
  const target = options.targetRme ?? Number.POSITIVE_INFINITY;
  const extraRounds = Math.max(0, ((options.maxBudgets ?? 1) - 1) * 4);
  for (let round = 0; round < extraRounds && marginOf(samples) > target; round++) {
    samples.push(...(await sampleFor(options.budgetMs / 4, 1)));
  }
  return summarize(samples, batchSize, options.jsonBytes);
}

function marginOf(samples: readonly number[]): number {
  return medianMarginOfError([...samples].sort((a, b) => a - b));
}

/**
 * Runs the operation until warm: for the warm-up time, and at least a few calls (one call on
 * a big sample loops over millions of values and reaches the optimizing tiers by itself).
 * Returns the mean time of the calls after the first, in ns.
 */
function warmUp(operation: () => unknown, maxMs: number): number {
  const deadline = process.hrtime.bigint() + BigInt(Math.round(maxMs * 1e6));
  let calls = 0;
  let laterNs = 0;
  for (;;) {
    const t0 = process.hrtime.bigint();
    sink = operation();
    const t1 = process.hrtime.bigint();
    if (calls > 0) laterNs += Number(t1 - t0);
    calls++;
    if ((calls >= WARMUP_MIN_CALLS && t1 >= deadline) || calls >= WARMUP_MAX_CALLS) break;
  }
  return laterNs / (calls - 1);
}

function batchSizeFor(perCallNs: number): number {
  return Math.max(2, Math.min(65_536, Math.round(BATCH_TARGET_NS / Math.max(perCallNs, 1))));
}

export function summarize(samplesNs: readonly number[], batchSize: number, jsonBytes: number): TimingStats {
  const sorted = [...samplesNs].sort((a, b) => a - b);
  const medianNs = median(sorted);
  return {
    medianNs,
    p75Ns: quantile(sorted, 0.75),
    p99Ns: quantile(sorted, 0.99),
    minNs: sorted[0] ?? Number.NaN,
    maxNs: sorted[sorted.length - 1] ?? Number.NaN,
    rme: medianMarginOfError(sorted),
    samples: sorted.length,
    batchSize,
    mbPerSec: medianNs > 0 ? jsonBytes / 1e6 / (medianNs / 1e9) : 0,
  };
}
