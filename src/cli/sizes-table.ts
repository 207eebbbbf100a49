/**
 * The terminal table of a sizes-only run (`compare --sizes-only`): bytes, the three compressed
 * sizes, round trip and remnants per codec, and a footer saying that nothing was timed.
 */
import { formatBytes } from '../shared/format';
import { noteText } from '../shared/row-facts-text';
import { BROTLI_QUALITY, GZIP_LEVEL } from '../compression/compressed-sizes';
import { ZSTD_LEVEL } from '../compression/zstd';
import { roundTripShortLabel } from '../shared/round-trip-text';
import { remnantCount } from '../analysis/matrix';
import type { SizesReport, SizesRow } from '../shared/sizes';
import { codecColumn } from './table';

interface SizesColumn {
  title: string;
  width: number;
  align: 'left' | 'right';
  cell(row: SizesRow): string;
}

const sized = (row: SizesRow, pick: (row: Extract<SizesRow, { status: 'sized' }>) => string): string => (row.status === 'sized' ? pick(row) : '—');
const compressedCell = (size: number | null): string => (size === null || size < 0 ? 'not measured' : formatBytes(size));

const COLUMNS: SizesColumn[] = [
  { title: 'format', width: 19, align: 'left', cell: (row) => row.format },
  { title: 'bytes', width: 13, align: 'right', cell: (row) => (row.status === 'skipped' || row.bytes === undefined ? '—' : formatBytes(row.bytes)) },
  { title: 'ratio', width: 6, align: 'right', cell: (row) => (row.status !== 'skipped' && row.ratio != null ? row.ratio.toFixed(3) : '—') },
  { title: 'gzip', width: 11, align: 'right', cell: (row) => sized(row, (r) => compressedCell(r.compressed.gzip)) },
  { title: 'brotli', width: 11, align: 'right', cell: (row) => sized(row, (r) => compressedCell(r.compressed.brotli)) },
  { title: 'zstd', width: 12, align: 'right', cell: (row) => sized(row, (r) => compressedCell(r.compressed.zstd)) },
  { title: 'round trip', width: 12, align: 'left', cell: (row) => (row.status === 'sized' ? roundTripShortLabel(row.roundTrip) : row.status) },
  { title: 'remnants', width: 8, align: 'right', cell: (row) => sized(row, (r) => String(remnantCount(r))) },
];

const pad = (text: string, width: number, align: 'left' | 'right') => (align === 'left' ? text.padEnd(width) : text.padStart(width));

export function sizesTable(report: SizesReport): string {
  const codec = codecColumn(report.results);
  const columns: SizesColumn[] = [{ title: 'codec', width: codec.width, align: 'left', cell: (row) => codec.nameOf(row.codec) }, ...COLUMNS];
  const line = (cells: (column: SizesColumn) => string) => columns.map((column) => pad(cells(column), column.width, column.align)).join('  ');
  const rows = report.results.flatMap((row) => [
    line((column) => column.cell(row)),
    ...(row.status === 'sized' ? [] : [`${' '.repeat(codec.width + 2)}↳ ${row.status} at ${row.error.stage}: ${row.error.message}`]),
  ]);
  const notes = report.results.flatMap((row) => row.notes.map((note) => `  ${codec.nameOf(row.codec)}: ${noteText(note)}`));
  return [
    '',
    line((column) => column.title),
    columns.map((column) => '─'.repeat(column.width)).join('  '),
    ...rows,
    '',
    'Sizes only: nothing was timed, so no speed figure, verdict or advice (run without --sizes-only for them).',
    `ratio = bytes / the sample as minified JSON; gzip level ${GZIP_LEVEL}, brotli quality ${BROTLI_QUALITY}, zstd level ${ZSTD_LEVEL} of each encoding.`,
    ...(notes.length > 0 ? ['', 'Notes:', ...notes] : []),
  ].join('\n');
}
