/** Summary statistics of timing samples (nanoseconds). */

/** Two-sided 95% Student t critical values by degrees of freedom; beyond the table, 1.96. */
const T_95: readonly number[] = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
  2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086,
  2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

export function tCritical95(degreesOfFreedom: number): number {
  if (degreesOfFreedom < 1) return Number.NaN;
  if (degreesOfFreedom <= T_95.length) return T_95[degreesOfFreedom - 1]!;
  if (degreesOfFreedom <= 60) return 2.0;
  if (degreesOfFreedom <= 120) return 1.98;
  return 1.96;
}

/** Value at quantile q of ascending samples (nearest rank below, as mitata reports). */
export function quantile(sortedAscending: readonly number[], q: number): number {
  if (sortedAscending.length === 0) return Number.NaN;
  return sortedAscending[Math.floor(q * (sortedAscending.length - 1))]!;
}

/** Median with interpolation between the two middle samples. */
export function median(sortedAscending: readonly number[]): number {
  const n = sortedAscending.length;
  if (n === 0) return Number.NaN;
  const mid = n >> 1;
  return n % 2 === 1 ? sortedAscending[mid]! : (sortedAscending[mid - 1]! + sortedAscending[mid]!) / 2;
}

/** Relative margin of error of the mean at 95% confidence; 0 for a single sample. */
export function relativeMarginOfError(samples: readonly number[]): number {
  const n = samples.length;
  if (n < 2) return 0;
  let sum = 0;
  for (const value of samples) sum += value;
  const mean = sum / n;
  let squares = 0;
  for (const value of samples) squares += (value - mean) ** 2;
  const standardError = Math.sqrt(squares / (n - 1)) / Math.sqrt(n);
  return mean === 0 ? 0 : (tCritical95(n - 1) * standardError) / mean;
}
