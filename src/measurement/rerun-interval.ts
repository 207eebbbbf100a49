/**
 * The interval a re-run's speed-up is expected to fall in. A run reports the median of its
 * rounds' speed-ups; another run's median differs from it by the noise of two medians. Rounds'
 * speed-ups are ratios, so this works on their logarithms: with s their standard deviation over
 * n rounds, the median of n has a variance of about π·s²/(2n), the difference of two such medians
 * π·s²/n, and the 99% prediction interval is median × exp(± t(n−1) · s · √(π/n)), Student's t
 * because s is itself estimated from n rounds. The rounds' own range is always inside it.
 * 99%, not 95%: a user compares one run with several others, and the rounds' log speed-ups
 * have heavier tails than a normal's (a collection that lands in one round and not another).
 * With 95%, a re-run's median fell outside one of three runs' intervals for a quarter of the
 * figures of the reproducibility benchmark (README).
 * Two rounds say too little about their spread for a prediction (t(1) = 63.7): they show
 * their range, and the README says so.
 */
import { RERUN_INTERVAL_PERCENT } from '../shared/results';
import { medianOf } from './stats';

/** Student's t, two-sided 99% (the 0.995 quantile), by degrees of freedom (index 0 = 1 df). */
const T_995 = [
  63.657, 9.925, 5.841, 4.604, 4.032, 3.707, 3.499, 3.355, 3.25, 3.169, 3.106, 3.055, 3.012, 2.977, 2.947, 2.921, 2.898, 2.878, 2.861, 2.845, 2.831, 2.819,
  2.807, 2.797, 2.787, 2.779, 2.771, 2.763, 2.756, 2.75,
];

if (RERUN_INTERVAL_PERCENT !== 99) throw new Error('the t table is for a 99% interval');

export function studentT995(degreesOfFreedom: number): number {
  if (degreesOfFreedom < 1) return Number.POSITIVE_INFINITY;
  return T_995[degreesOfFreedom - 1] ?? (degreesOfFreedom <= 60 ? 2.66 : 2.576);
}

/** Fewer rounds than this show their range only. */
export const MIN_ROUNDS_FOR_PREDICTION = 3;

export function rerunInterval(values: readonly number[]): [number, number] {
  const low = Math.min(...values);
  const high = Math.max(...values);
  const positive = values.filter((value) => value > 0 && Number.isFinite(value));
  if (positive.length < MIN_ROUNDS_FOR_PREDICTION || positive.length !== values.length) return [low, high];
  const logs = positive.map(Math.log);
  const mean = logs.reduce((sum, value) => sum + value, 0) / logs.length;
  const sd = Math.sqrt(logs.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (logs.length - 1));
  const halfWidth = studentT995(logs.length - 1) * sd * Math.sqrt(Math.PI / logs.length);
  const center = Math.log(medianOf(positive));
  return [Math.min(low, Math.exp(center - halfWidth)), Math.max(high, Math.exp(center + halfWidth))];
}
