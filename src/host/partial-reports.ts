/**
 * What a stopped run had found, as a report of its kind, so Export works on a cancelled
 * comparison, size sweep or limit search too: the rows, sizes and limits that arrived before
 * the stop, and nothing made up for the rest (a sweep's growth needs every size: none).
 */
import { limitsOnlyReport } from '../engine/sweep';
import type { ComparisonItem, ComparisonStarted } from '../shared/comparison-events';
import type { CodecResult, ComparisonReport } from '../shared/results';
import type { SweepItem, SweepStarted } from '../shared/sweep-events';
import type { SweepReport } from '../shared/sweep';

/** The rows that arrived (each codec's latest), on the sample the run read; undefined before it read one. */
export function stoppedComparison(started: ComparisonStarted, items: readonly ComparisonItem[]): ComparisonReport | undefined {
  let input: ComparisonReport['input'] | undefined;
  const results = new Map<string, CodecResult>();
  for (const item of items) {
    if (item.type === 'sample-read') input = item.sample;
    // A row's sizes from before its speed rounds are not a comparison's row: only results are kept.
    else if (item.type === 'codec-result') results.set(item.result.codec, item.result);
  }
  if (!input || results.size === 0) return undefined;
  return {
    tool: { name: 'payload-lab', version: started.extensionVersion },
    runtime: started.runtime,
    input,
    settings: started.settings,
    results: [...results.values()],
  };
}

/** The sizes every round of which arrived, and the limits found; undefined when neither. */
export function stoppedSweep(started: SweepStarted, items: readonly SweepItem[]): SweepReport | undefined {
  const report = limitsOnlyReport(started.sampleLocation);
  const sizes = new Map<number, SweepReport['sizes'][number]>();
  const limits = new Map<string, NonNullable<SweepReport['limits']>[number]>();
  for (const item of items) {
    if (item.type === 'planned') report.notes = item.notes;
    else if (item.type === 'size-done') sizes.set(item.sizeIndex, item.size);
    else if (item.type === 'limit') {
      limits.set(item.limit.codec, item.limit);
      report.limitSettings = item.settings;
    }
  }
  if (sizes.size === 0 && limits.size === 0) return undefined;
  report.sizes = [...sizes.entries()].sort(([a], [b]) => a - b).map(([, size]) => size);
  if (limits.size > 0) report.limits = [...limits.values()];
  return report;
}
