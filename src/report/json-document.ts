/**
 * The one JSON document of a comparison: what `payload-lab compare --json` prints and what the
 * panel's Export → JSON saves, built here only so the two cannot drift apart.
 */
import type { ComparisonReport } from '../shared/results';
import { computeAdvice } from './advice';

/** The report, and the advice its figures give (the profile is in `input.profile`). */
export function jsonDocument(report: ComparisonReport): string {
  return `${JSON.stringify({ ...report, advice: computeAdvice(report.results, report.input) }, null, 2)}\n`;
}
