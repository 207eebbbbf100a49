/**
 * The interval a re-run's speed-up is expected to fall in. A run reports the median of its
 * rounds' speed-ups; another run's median differs from it by the noise of two medians. Rounds'
 * speed-ups are ratios, so this works on their logarithms: with s their standard deviation over
 * n rounds, the median of n has a variance of about π·s²/(2n), the difference of two such medians
 * π·s²/n, and the 95% prediction interval is median × exp(± t(n−1) · s · √(π/n)), Student's t
 * because s is itself estimated from n rounds. The rounds' own range is always inside it.
 * Two rounds say too little about their spread for a prediction (t(1) = 12.7): they show
 * their range, and the README says so.
 */
import { medianOf } from './stats';

/** Student's t, two-sided 95%, by degrees of freedom (index 0 = 1 df). */
const T_975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042];

export function studentT975(degreesOfFreedom: number): number {
  if (degreesOfFreedom < 1) return Number.POSITIVE_INFINITY;
  return T_975[degreesOfFreedom - 1] ?? (degreesOfFreedom <= 60 ? 2.0 : 1.96);
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
  const halfWidth = studentT975(logs.length - 1) * sd * Math.sqrt(Math.PI / logs.length);
  const center = Math.log(medianOf(positive));
  return [Math.min(low, Math.exp(center - halfWidth)), Math.max(high, Math.exp(center + halfWidth))];
}
