/** A message-mode report as Markdown (Export → Markdown, for a pull request or an issue): the same tables and verdict as the CLI's. */
import { rowNotesText } from '../shared/row-facts-text';
import { MESSAGE_COLUMNS, messageTables, streamHeading, type TextTable } from './messages-sections';
import { fileName, markdownText } from './markdown-text';
import type { VerdictChoice } from './report-verdict';
import { verdictSummary } from './summary';
import type { ComparisonReport } from '../shared/results';
import { speedupRangeMeaning } from '../shared/format';

const line = (cells: readonly string[]) => `| ${cells.map(markdownText).join(' | ')} |`;
const rule = (align: ReadonlyArray<'left' | 'right'>) => `| ${align.map((side) => (side === 'left' ? '---' : '---:')).join(' | ')} |`;

function markdownTable(table: TextTable): string[] {
  return [
    '',
    `**${markdownText(table.title.charAt(0).toUpperCase() + table.title.slice(1))}**`,
    '',
    line(table.header),
    rule(table.align),
    ...table.rows.map(line),
    ...(table.after.length > 0 ? ['', ...table.after.map((text) => `- ${markdownText(text)}`)] : []),
  ];
}

export function messagesMarkdown(report: ComparisonReport, choice: VerdictChoice): string {
  const { runtime, settings, tool } = report;
  const rounds = settings.rounds ?? 1;
  const verdict = verdictSummary(report, choice);
  const paragraphs = (lines: readonly string[]) => lines.flatMap((text) => ['', markdownText(text)]);
  const failures = report.results.flatMap((row) =>
    row.status === 'completed' ? [] : [`- ${markdownText(row.codec)}: ${row.status} at ${row.error.stage}: ${markdownText(row.error.message)}`],
  );
  const notes = report.results.flatMap((row) => rowNotesText(row).map((note) => `- ${markdownText(row.codec)}: ${markdownText(note)}`));
  return [
    `## Payload Lab, per message: ${markdownText(fileName(report.input.path))}`,
    '',
    markdownText(streamHeading(report)),
    '',
    `${tool.name} ${tool.version} · Node ${runtime.node} · ${runtime.platform} · ${rounds} round${rounds === 1 ? '' : 's'}${settings.quick ? ' (quick)' : ''}`,
    ...(verdict
      ? [
          '',
          '**Verdict, per message**',
          ...paragraphs(verdict.before),
          ...paragraphs(verdict.lead),
          '',
          ...verdict.items.map((item) => `- ${markdownText(item)}`),
        ]
      : []),
    '',
    line(MESSAGE_COLUMNS.map((column) => column.title)),
    rule(MESSAGE_COLUMNS.map((column) => column.align)),
    ...report.results.map((row) => line(MESSAGE_COLUMNS.map((column) => column.cell(row)))),
    '',
    `Per message: bytes are means over every message, times amortised per message (one message per call, walking the stream in order), median over rounds; vs JSON = JSON's time over the codec's in each round, median (${speedupRangeMeaning(rounds)}).`,
    ...messageTables(report).flatMap(markdownTable),
    ...(failures.length > 0 ? ['', '**Errors**', '', ...failures] : []),
    ...(notes.length > 0 ? ['', '**Notes**', '', ...notes] : []),
    '',
  ].join('\n');
}
