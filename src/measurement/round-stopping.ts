/**
 * When a codec's rounds can stop: once both of its speed-ups' intervals (where a re-run's
 * median is expected, rerun-interval.ts) lie within a stated width of their medians, a further
 * round would only narrow what is already settled. From a minimum of rounds on (the interval
 * needs three to predict anything), and never past the run's most. Pure.
 */
import type { SpeedupVsJson } from '../shared/results';

export interface AdaptiveRounds {
  /** No codec stops before this many rounds. */
  minRounds: number;
  /** Stop once each interval lies within ×(1 + this) of its median, both ways (0.25: 0.8–1.25× the median). */
  settledWithin: number;
}

/** How far an interval reaches from its median, the wider side, as a ratio less 1 (0.2: ±20%). */
export function intervalReach(median: number, [low, high]: readonly [number, number]): number {
  if (!(median > 0) || !(low > 0)) return Number.POSITIVE_INFINITY;
  return Math.max(high / median, median / low) - 1;
}

/** The wider of the encode and decode intervals' reach; null without speed-ups. */
export function widestReach(speedup: SpeedupVsJson | null): number | null {
  if (!speedup) return null;
  return Math.max(intervalReach(speedup.encode, speedup.encodeInterval), intervalReach(speedup.decode, speedup.decodeInterval));
}

export function isSettled(speedup: SpeedupVsJson | null, rounds: number, plan: AdaptiveRounds): boolean {
  const reach = widestReach(speedup);
  return rounds >= plan.minRounds && reach !== null && reach <= plan.settledWithin;
}
