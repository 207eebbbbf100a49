/** The sample's profile and the advice that follows from it and the run, after the verdict. */
import { adviceSummary, sampleSummary } from '../report/summary';
import type { ComparisonReport } from '../shared/results';
import { terminalSection } from './verdict-section';

export function adviceSection(report: ComparisonReport): string {
  return [sampleSummary(report), adviceSummary(report)].flatMap((section) => (section ? terminalSection(section) : [])).join('\n');
}
