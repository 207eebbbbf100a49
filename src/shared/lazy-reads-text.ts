/**
 * The words for the formats read on access (FlatBuffers, Cap'n Proto), one set for the CLI's
 * section, the panel's row details and the Markdown export: their decode is decode to a plain
 * object, which the speed-up uses; `access` and `firstField` are timed beside it (first round).
 */
import type { CodecResult, CompletedResult, LazyTimings } from './results';
import { formatDuration } from './format';

/** Which figure the speed-up uses, and what the two others are. */
export const LAZY_READS_MEANING =
  'decode builds the plain object (every field read) and the Dec. vs JSON speed-up uses it; ' +
  'access opens the bytes and reads every leaf without building objects; firstField opens them and reads one path';

/** The row's access and firstField timings, where it has them (completed rows of those formats). */
export function lazyReadsOf(row: CodecResult): (LazyTimings & { row: CompletedResult }) | undefined {
  if (row.status !== 'completed' || !row.access || !row.firstField) return undefined;
  return { row, access: row.access, firstField: row.firstField, firstFieldPath: row.firstFieldPath ?? '' };
}

/** "1.20 µs per call (first round; median 1.10 µs, p99 2.00 µs)". */
export function lazyTimingText(timing: LazyTimings['access']): string {
  return `${formatDuration(timing.meanNs)} per call (first round; median ${formatDuration(timing.medianNs)}, p99 ${formatDuration(timing.p99Ns)})`;
}
