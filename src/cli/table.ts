/**
 * The terminal table. Rows are printed as codecs finish, so columns have fixed widths rather
 * than widths measured over all rows.
 */
import type { CodecResult, ComparisonReport, SampleInfo } from '../shared/results';
import { formatBytes, formatDuration, formatPercent, formatSpeedup } from '../shared/format';
import { remnantCount } from '../analysis/matrix';

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
  cell(row: CodecResult): string;
}

const completed = <T>(row: CodecResult, pick: (row: Extract<CodecResult, { status: 'completed' }>) => T, otherwise: T): T =>
  row.status === 'completed' ? pick(row) : otherwise;

const columns: Column[] = [
  { title: 'codec', width: 10, align: 'left', cell: (row) => row.codec },
  { title: 'format', width: 19, align: 'left', cell: (row) => row.format },
  { title: 'bytes', width: 13, align: 'right', cell: (row) => (row.status === 'skipped' || row.bytes === undefined ? '—' : formatBytes(row.bytes)) },
  { title: 'ratio', width: 6, align: 'right', cell: (row) => (row.status !== 'skipped' && row.ratio != null ? row.ratio.toFixed(3) : '—') },
  { title: 'encode (median ± rme)', width: 21, align: 'right', cell: (row) => completed(row, (r) => `${formatDuration(r.encode.medianNs)} ± ${formatPercent(r.encode.rme)}`, '—') },
  { title: 'decode (median ± rme)', width: 21, align: 'right', cell: (row) => completed(row, (r) => `${formatDuration(r.decode.medianNs)} ± ${formatPercent(r.decode.rme)}`, '—') },
  { title: 'vs JSON enc/dec', width: 15, align: 'right', cell: (row) => completed(row, (r) => `${formatSpeedup(r.speedupVsJson?.encode)} / ${formatSpeedup(r.speedupVsJson?.decode)}`, '—') },
  { title: 'round trip', width: 10, align: 'left', cell: (row) => completed(row, (r) => r.roundTrip.status, row.status) },
  { title: 'remnants', width: 8, align: 'right', cell: (row) => completed(row, (r) => String(remnantCount(r)), '—') },
];

function pad(text: string, column: Column): string {
  return column.align === 'left' ? text.padEnd(column.width) : text.padStart(column.width);
}

export function tableHeader(): string {
  const titles = columns.map((column) => pad(column.title, column)).join('  ');
  return `${titles}\n${columns.map((column) => '─'.repeat(column.width)).join('  ')}`;
}

export function tableRow(row: CodecResult): string {
  const line = columns.map((column) => pad(column.cell(row), column)).join('  ');
  if (row.status === 'completed') return line;
  return `${line}\n${' '.repeat(columns[0]!.width + 2)}↳ ${row.status} at ${row.error.stage}: ${row.error.message}`;
}

export function sampleHeading(info: SampleInfo): string {
  return `${info.path}: ${formatBytes(info.jsonBytes)} of minified JSON (${formatBytes(info.fileBytes)} on disk), ${info.records.toLocaleString('en-US')} records`;
}

export function tableFooter(report: ComparisonReport): string {
  const { settings, runtime, tool } = report;
  const notes = report.results.flatMap((row) => row.notes.map((note) => `  ${row.codec}: ${note}`));
  return [
    '',
    'ratio = bytes / JSON bytes; speed-up = JSON median / codec median, same run; ± = 95% margin of the median.',
    `Budget ${settings.timeBudgetMs} ms per codec${settings.quick ? ' (quick)' : ''}, ≥ ${settings.minSamples} samples${
      settings.targetRme === null ? '' : `, extended up to ${settings.maxBudgets}× while a margin exceeds ${formatPercent(settings.targetRme)}`}.`,
    `${tool.name} ${tool.version}, Node ${runtime.node}, V8 ${runtime.v8}, ${runtime.platform}`,
    ...(notes.length > 0 ? ['notes:', ...notes] : []),
  ].join('\n');
}
