/** How many rounds a row took and why it stopped, in words: the CLI's footer and the panel's row details. */
import type { MeasurementSettings, RoundsCutShort, RoundsStopped } from './results';

const percent = (fraction: number) => `±${Math.round(fraction * 100)}%`;
/** An interval's reach: ±18%, or ×23 once it is past double the median. */
const reach = (fraction: number) => (fraction <= 1 ? percent(fraction) : `up to ×${(1 + fraction).toFixed(fraction < 9 ? 1 : 0)}`);

/**
 * "3 rounds, settled (intervals within ±18%)", "6 rounds, the most (intervals ±41%, wider than
 * ±25%)", "6 rounds, the baseline (timed while any codec was)".
 */
export function roundsStoppedText(stopped: RoundsStopped, settings: Pick<MeasurementSettings, 'adaptiveRounds'>): string {
  const rounds = `${stopped.rounds} round${stopped.rounds === 1 ? '' : 's'}`;
  const width = settings.adaptiveRounds ? percent(settings.adaptiveRounds.settledWithin) : undefined;
  switch (stopped.why) {
    case 'baseline':
      return `${rounds}, the baseline (timed while any codec was)`;
    case 'settled':
      return `${rounds}, settled${stopped.widest === null ? '' : ` (intervals within ${reach(stopped.widest)})`}`;
    case 'most-rounds':
      return `${rounds}, the most (${stopped.widest === null ? 'no interval' : `intervals ${reach(stopped.widest)}`}${width ? `, wider than ${width}` : ''})`;
  }
}

/** The rule, once: "a codec stops from 3 rounds once both speed-ups' intervals are within ±25% of their medians, at 6 at most". */
export function adaptiveRoundsRule(settings: Pick<MeasurementSettings, 'adaptiveRounds' | 'rounds'>): string | undefined {
  const plan = settings.adaptiveRounds;
  if (!plan) return undefined;
  return `a codec stops from ${plan.minRounds} rounds once both speed-ups' intervals are within ${percent(plan.settledWithin)} of their medians, at ${settings.rounds ?? plan.minRounds} at most`;
}

/** "quick run: the first round took 41 s (over 20 s), so it was the only one; speed-ups have no range" (a saved report's sentence as it is). */
export function roundsCutShortText(fact: RoundsCutShort | string): string {
  if (typeof fact === 'string') return fact;
  // As few decimals as tell the two apart: "took 12 s (over 12 s)" would say nothing.
  const text = (ms: number, digits: number) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(digits)} s`);
  let digits = 0;
  while (digits < 3 && text(fact.firstRoundMs, digits) === text(fact.limitMs, digits)) digits++;
  return `quick run: the first round took ${text(fact.firstRoundMs, digits)} (over ${text(fact.limitMs, digits)}), so it was the only one; speed-ups have no range`;
}
