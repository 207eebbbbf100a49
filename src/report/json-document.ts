/**
 * The one JSON document of a comparison: what `payload-lab compare --json` prints and what the
 * panel's Export → JSON saves, built here only so the two cannot drift apart.
 */
import type { ComparisonReport } from '../shared/results';

export function jsonDocument(report: ComparisonReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
