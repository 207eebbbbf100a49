/**
 * The results table's columns, and which of them may leave it. The deciding columns (codec,
 * ratio, both speed-ups with their intervals, round trip) always stay; the others are
 * optional: the user can hide them (column chooser, remembered in the panel state), and when
 * the panel is too narrow for them they fold into each row's details, least telling first.
 */
import type { ColumnId } from './model';
import { RERUN_INTERVAL_PERCENT } from '../../src/shared/results';

export interface ColumnSpec {
  id: ColumnId;
  title: string;
  numeric: boolean;
  /** What the column means, as the header's tooltip. */
  description?: string;
}

/** Why two rows' times do not divide into their speed-up (see charts.ts). */
const NOT_A_RATIO = "Speed-ups are not the ratio of two rows' times: each is JSON's time over the codec's within one round, the median over rounds";

export const COLUMNS: readonly ColumnSpec[] = [
  { id: 'codec', title: 'Codec', numeric: false, description: 'Open a row for its library, compressed sizes, timing spread and notes' },
  { id: 'format', title: 'Format', numeric: false },
  { id: 'bytes', title: 'Bytes', numeric: true, description: 'Encoded size (hover for gzip and brotli sizes)' },
  { id: 'ratio', title: 'Ratio', numeric: true, description: 'Encoded bytes / JSON bytes: below 1 is smaller than JSON' },
  {
    id: 'encode',
    title: 'Encode',
    numeric: true,
    description: `Amortised time per call (collections included), median over this row's rounds; hover for the distribution, GC share and allocation. ${NOT_A_RATIO}`,
  },
  {
    id: 'decode',
    title: 'Decode',
    numeric: true,
    description: `Amortised time per call (collections included), median over this row's rounds; hover for the distribution, GC share and allocation. ${NOT_A_RATIO}`,
  },
  {
    id: 'encodeSpeedup',
    title: 'Enc. vs JSON',
    numeric: true,
    description: `JSON’s encode time / this codec’s in each round: the median, and under it where a re-run’s median is expected (${RERUN_INTERVAL_PERCENT}%; two rounds: their range). Above 1× is faster; ⚠ rounds disagree widely`,
  },
  {
    id: 'decodeSpeedup',
    title: 'Dec. vs JSON',
    numeric: true,
    description: `JSON’s decode time / this codec’s in each round: the median, and under it where a re-run’s median is expected (${RERUN_INTERVAL_PERCENT}%; two rounds: their range). Above 1× is faster; ⚠ rounds disagree widely`,
  },
  {
    id: 'roundTrip',
    title: 'Round trip',
    numeric: false,
    description: 'exact, equivalent (same JSON), nulls added (absent keys came back null, nothing else changed), lossy or failed',
  },
  { id: 'remnants', title: 'Remnants', numeric: false, description: 'What the decoded object carries that plain JSON would not' },
  {
    id: 'bundle',
    title: 'Web bundle',
    numeric: true,
    description:
      "What the library adds to a web app's production bundle: the imports for this row's calls, bundled for the browser (esbuild, with the polyfills it needs), minified and gzipped; measured when Payload Lab was built. — : no browser build",
  },
];

/** The columns that answer "which one?": never hidden, never folded. */
export const DECIDING_COLUMNS: readonly ColumnId[] = ['codec', 'ratio', 'encodeSpeedup', 'decodeSpeedup', 'roundTrip'];

/**
 * Optional columns in the order they fold when the panel is narrow, the least telling first.
 * Encode and Decode fold together: one time without the other reads as the whole story.
 */
export const FOLD_ORDER: readonly (readonly ColumnId[])[] = [['bundle'], ['format'], ['encode', 'decode'], ['bytes'], ['remnants']];

export const OPTIONAL_COLUMNS: readonly ColumnSpec[] = COLUMNS.filter((column) => !DECIDING_COLUMNS.includes(column.id));

export const columnTitle = (id: ColumnId) => COLUMNS.find((column) => column.id === id)!.title;

/** The columns on show: every column the user has not hidden, less those folded for width. */
export function shownColumns(hidden: readonly ColumnId[], folded: readonly ColumnId[]): Set<ColumnId> {
  return new Set(COLUMNS.map((column) => column.id).filter((id) => DECIDING_COLUMNS.includes(id) || (!hidden.includes(id) && !folded.includes(id))));
}
