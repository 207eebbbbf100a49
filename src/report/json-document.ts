/**
 * The one JSON document of a comparison: what `payload-lab compare --json` prints and what the
 * panel's Export → JSON saves, built here only so the two cannot drift apart.
 */
import type { ComparisonReport } from '../shared/results';
import { computeAdvice } from './advice';
import { DEFAULT_CHOICE, verdictDocument, type VerdictChoice } from './report-verdict';

/**
 * The report, the advice its figures give (the profile is in `input.profile`) and the verdict
 * for `choice` as data: its pick with its sentence, the transport, each line's figures and words.
 */
export function jsonDocument(report: ComparisonReport, choice: VerdictChoice = DEFAULT_CHOICE): string {
  const verdict = verdictDocument(report, choice);
  return `${JSON.stringify({ ...report, advice: computeAdvice(report.results, report.input, choice.transport), verdict }, null, 2)}\n`;
}
