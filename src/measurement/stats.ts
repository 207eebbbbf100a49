/** Summary statistics of timing samples (nanoseconds). */

/** Value at quantile q of ascending samples (nearest rank below). */
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

/** Median of values in any order. */
export function medianOf(values: readonly number[]): number {
  return median([...values].sort((a, b) => a - b));
}

/**
 * Half-width of the 95% confidence interval of the median, relative to the median. Distribution-
 * free (order statistics): timing samples are skewed by GC pauses, so a margin built on the mean
 * and standard deviation would describe a number we do not report.
 */
export function medianMarginOfError(sortedAscending: readonly number[]): number {
  const n = sortedAscending.length;
  if (n < 2) return 0;
  const spread = (1.96 * Math.sqrt(n)) / 2;
  // 1-based ranks of the interval's ends, as 0-based indexes, clamped to the samples.
  const lower = Math.max(0, Math.floor(n / 2 - spread) - 1);
  const upper = Math.min(n - 1, Math.ceil(n / 2 + spread) - 1);
  const center = median(sortedAscending);
  return center === 0 ? 0 : (sortedAscending[upper]! - sortedAscending[lower]!) / 2 / center;
}

/** Each group must hold at least this share of the samples to count as a mode. */
const MIN_MODE_SHARE = 0.1;
/** The slower group's typical time over the faster group's, at least. */
const MIN_MODE_SEPARATION = 1.4;
/** Share of the log-times' variance the split into two groups must explain. */
const MIN_EXPLAINED_VARIANCE = 0.7;

/**
 * Whether the samples fall in two well-separated groups (e.g. calls in which a scavenge landed
 * and calls without one). Splits the log-times at the point that explains most of their
 * variance (Otsu's method) and asks that both groups be sizeable, far apart, and tight.
 */
export function isBimodal(sortedAscending: readonly number[]): boolean {
  const n = sortedAscending.length;
  if (n < 10 || sortedAscending[0]! <= 0) return false;
  const logs = sortedAscending.map(Math.log);
  const prefix = [0];
  for (const value of logs) prefix.push(prefix[prefix.length - 1]! + value);
  const total = prefix[n]!;
  const mean = total / n;
  const variance = logs.reduce((sum, value) => sum + (value - mean) ** 2, 0) / n;
  if (variance === 0) return false;
  let best = { between: 0, lowMean: 0, highMean: 0 };
  for (let k = Math.ceil(n * MIN_MODE_SHARE); k <= Math.floor(n * (1 - MIN_MODE_SHARE)); k++) {
    const lowMean = prefix[k]! / k;
    const highMean = (total - prefix[k]!) / (n - k);
    const between = (k / n) * ((n - k) / n) * (highMean - lowMean) ** 2;
    if (between > best.between) best = { between, lowMean, highMean };
  }
  return best.between / variance >= MIN_EXPLAINED_VARIANCE && Math.exp(best.highMean - best.lowMean) >= MIN_MODE_SEPARATION;
}
