/** The verdict after the CLI's table: its caveats once, the pick for `--priority` and `--transport`, then each line with its figures. */
import { PRIORITIES, type Priority } from '../report/verdict';
import { verdictSummary, type SummarySection } from '../report/summary';
import type { VerdictChoice } from '../report/report-verdict';
import type { ComparisonReport } from '../shared/results';

export const PRIORITY_IDS = PRIORITIES.map((priority) => priority.id);

export function isPriority(value: string): value is Priority {
  return (PRIORITY_IDS as string[]).includes(value);
}

export function verdictSection(report: ComparisonReport, choice: VerdictChoice): string {
  const verdict = verdictSummary(report, choice);
  return verdict ? terminalSection(verdict).join('\n') : '';
}

/** `title:` then the lines indented, list items with a dash. */
export function terminalSection(section: SummarySection): string[] {
  return [
    '',
    `${section.title}:`,
    ...section.before.map((line) => `  ${line}`),
    ...section.lead.map((line) => `  ${line}`),
    ...section.items.map((item) => (section.bulleted ? `  - ${item}` : `  ${item}`)),
    ...section.after.map((line) => `  ${line}`),
  ];
}
