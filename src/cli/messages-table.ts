/** Message mode in the terminal: the per-message table (rows printed as codecs finish), the stream's tables, the verdict. */
import { rowNotesText } from '../shared/row-facts-text';
import { MESSAGE_COLUMNS, messageTables, type MessageColumn, type TextTable } from '../report/messages-sections';
import type { VerdictChoice } from '../report/report-verdict';
import { verdictSummary } from '../report/summary';
import { speedupRangeMeaning } from '../shared/format';
import { roundsCutShortText } from '../shared/rounds-text';
import type { CodecResult, ComparisonReport } from '../shared/results';
import { terminalSection } from './verdict-section';

const pad = (text: string, width: number, align: 'left' | 'right') => (align === 'left' ? text.padEnd(width) : text.padStart(width));
const cells = (columns: readonly MessageColumn[], text: (column: MessageColumn) => string) =>
  columns.map((column) => pad(text(column), column.width, column.align)).join('  ');

export function messagesTableHeader(): string {
  return `${cells(MESSAGE_COLUMNS, (column) => column.title)}\n${MESSAGE_COLUMNS.map((column) => '─'.repeat(column.width)).join('  ')}`;
}

export function messagesTableRow(row: CodecResult): string {
  const line = cells(MESSAGE_COLUMNS, (column) => column.cell(row));
  if (row.status === 'completed') return line;
  return `${line}\n${' '.repeat(MESSAGE_COLUMNS[0]!.width + 2)}↳ ${row.status} at ${row.error.stage}: ${row.error.message}`;
}

/** A table whose rows are all known: each column as wide as its widest cell. */
export function textTable(table: TextTable): string[] {
  const widths = table.header.map((title, index) => Math.max(title.length, ...table.rows.map((row) => row[index]!.length)));
  const line = (row: readonly string[]) => `  ${row.map((cell, index) => pad(cell, widths[index]!, table.align[index]!)).join('  ')}`.trimEnd();
  return ['', `${table.title}:`, line(table.header), ...table.rows.map(line), ...table.after.map((text) => `  ${text}`)];
}

export function messagesFooter(report: ComparisonReport): string {
  const { settings, runtime, tool } = report;
  const rounds = settings.rounds ?? 1;
  const notes = report.results.flatMap((row) => rowNotesText(row).map((note) => `  ${row.codec}: ${note}`));
  const unstable = report.results.flatMap((row) => (row.status === 'completed' ? (row.unstable ?? []) : []).map((marker) => `  ${marker.reason}`));
  return [
    '',
    'Per message: bytes/msg is the mean over every message; /msg is the amortised time per message (one message per call, the calls walking the stream in order, collections included);',
    `vs JSON = JSON's time per message / the codec's, each round on its own, median over ${rounds} round${rounds === 1 ? '' : 's'} (${speedupRangeMeaning(rounds)}).`,
    ...(unstable.length > 0 ? ['! rounds that disagree (a wide interval; more rounds, or --thorough, narrow the median):', ...unstable] : []),
    `${rounds} round${rounds === 1 ? '' : 's'} of a fresh worker per codec, in rotated order; ${settings.timeBudgetMs} ms per codec and round${settings.quick ? ' (quick)' : ''}.`,
    ...(settings.roundsCutShort ? [`${roundsCutShortText(settings.roundsCutShort)}.`] : []),
    `${tool.name} ${tool.version}, Node ${runtime.node}, V8 ${runtime.v8}, ${runtime.platform}`,
    ...(notes.length > 0 ? ['notes:', ...notes] : []),
    ...messageTables(report).flatMap(textTable),
  ].join('\n');
}

export function messagesVerdictSection(report: ComparisonReport, choice: VerdictChoice): string {
  if (!report.results.some((row) => row.status === 'completed')) return '';
  const verdict = verdictSummary(report, choice);
  return verdict ? terminalSection(verdict).join('\n') : '';
}
