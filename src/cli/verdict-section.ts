/** The verdict after the CLI's table: the pick for `--priority`, then each claim with its figure. */
import { computeVerdict, type Priority, PRIORITIES } from '../report/verdict';
import type { ComparisonReport } from '../shared/results';

export const PRIORITY_IDS = PRIORITIES.map((priority) => priority.id);

export function isPriority(value: string): value is Priority {
  return (PRIORITY_IDS as string[]).includes(value);
}

export function verdictSection(report: ComparisonReport, priority: Priority): string {
  if (!report.results.some((row) => row.status === 'completed')) return '';
  const verdict = computeVerdict(report.results, report.input.jsonBytes, priority);
  return ['', 'verdict:', `  ${verdict.pick.text}`, ...verdict.claims.map((claim) => `  - ${claim.text}`), ...verdict.notes.map((note) => `  ${note}`)].join('\n');
}
