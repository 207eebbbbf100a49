/** Summary statistics of timing samples (nanoseconds). */

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

/**
 * Half-width of the 95% confidence interval of the median, relative to the median. Distribution-
 * free (order statistics): timing samples are skewed by GC pauses, so a margin built on the mean
 * and standard deviation would describe a number we do not report.
 */
export function medianMarginOfError(sortedAscending: readonly number[]): number {
  const n = sortedAscending.length;
  if (n < 2) return 0;
  const spread = 1.96 * Math.sqrt(n) / 2;
  // 1-based ranks of the interval's ends, as 0-based indexes, clamped to the samples.
  const lower = Math.max(0, Math.floor(n / 2 - spread) - 1);
  const upper = Math.min(n - 1, Math.ceil(n / 2 + spread) - 1);
  const center = median(sortedAscending);
  return center === 0 ? 0 : (sortedAscending[upper]! - sortedAscending[lower]!) / 2 / center;
}
