/** Measurement presets and limits, shared by the CLI and the extension's settings. */
import type { MeasurementSettings } from '../shared/results';

export interface EngineLimits {
  memoryLimitMb: number;
  timeoutMs: number;
}

/** Per codec: split evenly between encode and decode sampling. */
export const DEFAULT_TIME_BUDGET_MS = 2000;
export const QUICK_TIME_BUDGET_MS = 200;
export const DEFAULT_MIN_SAMPLES = 30;
export const QUICK_MIN_SAMPLES = 5;
export const DEFAULT_TARGET_RME = 0.02;
export const DEFAULT_MAX_BUDGETS = 3;
export const DEFAULT_LIMITS: EngineLimits = { memoryLimitMb: 2048, timeoutMs: 120_000 };

export function measurementSettings(options: { quick?: boolean; timeBudgetMs?: number; minSamples?: number; targetRme?: number | null }): MeasurementSettings {
  const quick = options.quick ?? false;
  return {
    quick,
    timeBudgetMs: options.timeBudgetMs ?? (quick ? QUICK_TIME_BUDGET_MS : DEFAULT_TIME_BUDGET_MS),
    minSamples: options.minSamples ?? (quick ? QUICK_MIN_SAMPLES : DEFAULT_MIN_SAMPLES),
    // Quick mode trades precision for time: no sampling past the budget.
    targetRme: options.targetRme !== undefined ? options.targetRme : quick ? null : DEFAULT_TARGET_RME,
    maxBudgets: quick ? 1 : DEFAULT_MAX_BUDGETS,
  };
}
