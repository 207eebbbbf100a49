/**
 * Which codecs have had their last round (a run whose rounds stop per codec, see
 * measurement/round-stopping.ts). A codec stops once both of its speed-ups have settled, or at
 * the run's most rounds; JSON, the baseline every later round pairs with, goes on while any
 * codec does. A codec whose first round did not complete has no rounds to stop.
 */
import { isSettled, widestReach, type AdaptiveRounds } from '../measurement/round-stopping';
import type { CodecResult, RoundsStopped, SpeedupVsJson } from '../shared/results';

export interface StoppableEntry {
  first?: CodecResult;
  /** One per round the codec was timed in. */
  timings: readonly unknown[];
  stopped?: RoundsStopped;
}

const reachOf = (speedup: SpeedupVsJson | null) => {
  const reach = widestReach(speedup);
  return reach !== null && Number.isFinite(reach) ? Number(reach.toFixed(3)) : null;
};

const measured = (entry: StoppableEntry) => entry.first?.status === 'completed';

/** Whether the entry is timed in the next round. */
export const stillMeasuring = (entry: StoppableEntry) => measured(entry) && entry.stopped === undefined;

/**
 * After round `round` of at most `rounds`: stops each codec that has settled (from the plan's
 * minimum) or reached the most rounds, then the baseline once no codec is left.
 */
export function markStops<E extends StoppableEntry>(
  entries: readonly E[],
  baseline: E,
  progress: { round: number; rounds: number },
  plan: AdaptiveRounds | undefined,
  speedupsOf: (entry: E) => SpeedupVsJson | null,
): void {
  const last = progress.round >= progress.rounds;
  for (const entry of entries) {
    if (entry === baseline || !stillMeasuring(entry)) continue;
    const speedup = speedupsOf(entry);
    const rounds = entry.timings.length;
    if (plan && isSettled(speedup, rounds, plan)) entry.stopped = { rounds, why: 'settled', widest: reachOf(speedup) };
    else if (last) entry.stopped = { rounds, why: 'most-rounds', widest: reachOf(speedup) };
  }
  const codecsLeft = entries.some((entry) => entry !== baseline && stillMeasuring(entry));
  if (!stillMeasuring(baseline) || codecsLeft) return;
  // With no codec beside it (a run of JSON alone), JSON has its rounds up to the plan's minimum.
  const alone = entries.every((entry) => entry === baseline || !measured(entry));
  if (alone && !last && (!plan || baseline.timings.length < plan.minRounds)) return;
  baseline.stopped = { rounds: baseline.timings.length, why: alone ? (last ? 'most-rounds' : 'settled') : 'baseline', widest: null };
}
