/**
 * The terminal section of the formats read on access (FlatBuffers, Cap'n Proto): the table's
 * decode is the decode to a plain object, which their speed-up uses; this section shows
 * `access` (every leaf read, no object built) and `firstField` (one path) beside it.
 */
import type { CodecResult, CompletedResult } from '../shared/results';
import { formatDuration } from '../shared/format';
import { rowNamer } from './runtime-sections';

export function lazyReadsSection(results: readonly CodecResult[]): string[] {
  const rows = results.filter(
    (row): row is CompletedResult & Required<Pick<CompletedResult, 'access' | 'firstField'>> =>
      row.status === 'completed' && row.access !== undefined && row.firstField !== undefined,
  );
  if (rows.length === 0) return [];
  const column = (text: string) => text.padStart(16);
  const rowName = rowNamer(results);
  return [
    '',
    'formats read on access (per call, first round): decode above builds the plain object and the speed-ups use it;',
    'access opens the bytes and reads every leaf without building objects; firstField opens them and reads one path:',
    `  ${'codec'.padEnd(22)}${column('decode')}${column('access')}${column('firstField')}  path`,
    ...rows.map(
      (row) =>
        `  ${rowName(row).padEnd(22)}${column(formatDuration(row.decode.meanNs))}${column(formatDuration(row.access.meanNs))}${column(formatDuration(row.firstField.meanNs))}  ${row.firstFieldPath ?? ''}`,
    ),
  ];
}
