/**
 * Times an asynchronous operation (a browser's DecompressionStream has no synchronous form)
 * with measure.ts's rules where they apply: warm-up first, then a window of at least the budget
 * and `minSamples` calls, one call per sample (an await costs more than batching would save),
 * summarised like a synchronous window. It runs where no GC profiler is (a browser), so GC share
 * and allocation are not measured (null).
 */
import type { TimingStats } from '../shared/results';
import { type MeasureOptions } from './measure';
import { summarize } from '../measurement/timing-windows';

const WARMUP_CALLS = 3;
const MAX_SAMPLES = 100_000;

export async function measureAsyncOperation(operation: () => Promise<unknown>, options: MeasureOptions): Promise<TimingStats> {
  options.collectGarbage?.();
  for (let call = 0; call < WARMUP_CALLS; call++) await operation();
  const samples: number[] = [];
  const start = performance.now();
  const deadline = start + options.budgetMs;
  let now = start;
  let inCallsMs = 0;
  while (samples.length < MAX_SAMPLES && (samples.length < options.minSamples || now < deadline)) {
    const t0 = performance.now();
    await operation();
    now = performance.now();
    inCallsMs += now - t0;
    samples.push((now - t0) * 1e6);
  }
  return summarize({ samples: Float64Array.from(samples), batchSize: 1, inCallsNs: inCallsMs * 1e6, windowNs: (now - start) * 1e6 }, options.jsonBytes);
}
