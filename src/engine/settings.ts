/** Measurement presets and limits, shared by the CLI and the extension's settings. */
import type { MeasurementSettings } from '../shared/results';

export interface EngineLimits {
  memoryLimitMb: number;
  timeoutMs: number;
}

/**
 * Rounds and time per codec and round (split evenly between encode and decode). Chosen so a
 * default run of all seven codecs on the bundled 1 MB sample ends within a minute on a 2-core
 * machine, a quick run within ten seconds: precision comes from rounds, not long windows,
 * because what varies between runs is the machine, not one window's samples.
 */
export const DEFAULT_ROUNDS = 5;
export const QUICK_ROUNDS = 2;
export const THOROUGH_ROUNDS = 10;
export const MAX_ROUNDS = 50;
export const DEFAULT_TIME_BUDGET_MS = 500;
/** 50 ms per operation and round: with MessagePack and CBOR attributed in one pass, a quick run of the 1 MB tuples took 8.8–9.4 s (150 ms: 10.3–11.1 s). */
export const QUICK_TIME_BUDGET_MS = 100;
export const DEFAULT_MIN_SAMPLES = 10;
/**
 * Binds only where calls are long (a multi-megabyte sample: a few calls fill the budget). Two
 * samples after a warm-up call: a quick look at a 4 MB file stays within half a minute, and its
 * figures say how few samples they hold.
 */
export const QUICK_MIN_SAMPLES = 2;
/** A quick run whose first round took longer than this stops after it (see compare.ts). */
export const QUICK_FIRST_ROUND_LIMIT_MS = 12_000;
export const DEFAULT_LIMITS: EngineLimits = { memoryLimitMb: 2048, timeoutMs: 120_000 };

/** A codec's rounds stop from this many on once settled: fewer give no interval that predicts (rerun-interval.ts). */
export const MIN_ADAPTIVE_ROUNDS = 3;
/** ...settled: both speed-up intervals within ±25% of their medians (see README, "rounds"). */
export const SETTLED_WITHIN = 0.25;

export function measurementSettings(options: {
  quick?: boolean;
  rounds?: number;
  fixedRounds?: boolean;
  settledWithin?: number;
  timeBudgetMs?: number;
  minSamples?: number;
  warmupMs?: number;
}): MeasurementSettings {
  const quick = options.quick ?? false;
  const rounds = Math.min(MAX_ROUNDS, Math.max(1, Math.round(options.rounds ?? (quick ? QUICK_ROUNDS : DEFAULT_ROUNDS))));
  // Fewer rounds than the minimum leave nothing to stop early.
  const adaptive = !options.fixedRounds && rounds > MIN_ADAPTIVE_ROUNDS;
  return {
    rounds,
    ...(adaptive ? { adaptiveRounds: { minRounds: MIN_ADAPTIVE_ROUNDS, settledWithin: options.settledWithin ?? SETTLED_WITHIN } } : {}),
    quick,
    timeBudgetMs: options.timeBudgetMs ?? (quick ? QUICK_TIME_BUDGET_MS : DEFAULT_TIME_BUDGET_MS),
    minSamples: options.minSamples ?? (quick ? QUICK_MIN_SAMPLES : DEFAULT_MIN_SAMPLES),
    ...(options.warmupMs === undefined ? {} : { warmupMs: options.warmupMs }),
    targetRme: null,
    maxBudgets: 1,
  };
}
