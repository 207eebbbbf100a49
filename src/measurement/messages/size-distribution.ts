/** A size distribution over messages (bytes): min, percentiles, max, total, and a histogram for a chart. Pure. */
import type { MessageSizes } from '../../shared/messages';
import { quantile } from '../stats';

/** Bins of the histogram: enough to see a shape, few enough for a row of `--json`. */
const HISTOGRAM_BINS = 20;

const round2 = (value: number) => Number(value.toFixed(2));

export function sizeDistribution(sizes: readonly number[]): MessageSizes {
  const sorted = [...sizes].sort((a, b) => a - b);
  const total = sorted.reduce((sum, size) => sum + size, 0);
  const min = sorted[0] ?? 0;
  const max = sorted[sorted.length - 1] ?? 0;
  return {
    count: sorted.length,
    total,
    mean: sorted.length > 0 ? round2(total / sorted.length) : 0,
    min,
    p50: quantile(sorted, 0.5),
    p90: quantile(sorted, 0.9),
    p99: quantile(sorted, 0.99),
    max,
    histogram: histogram(sorted, min, max),
  };
}

/** Whole-byte bins from the smallest size; a stream of one size is one bin. */
function histogram(sorted: readonly number[], min: number, max: number): MessageSizes['histogram'] {
  const binBytes = Math.max(1, Math.ceil((max - min + 1) / HISTOGRAM_BINS));
  const counts = new Array<number>(Math.max(1, Math.ceil((max - min + 1) / binBytes))).fill(0);
  for (const size of sorted) counts[Math.floor((size - min) / binBytes)]!++;
  return { start: min, binBytes, counts };
}
