/** The sample's profile and the advice that follows from it and the run, after the verdict. */
import { adviceSummary, sampleSummary } from '../report/summary';
import type { ComparisonReport } from '../shared/results';
import type { Transport } from '../shared/transport';
import { terminalSection } from './verdict-section';

export function adviceSection(report: ComparisonReport, transport: Transport): string {
  return [sampleSummary(report), adviceSummary(report, transport)].flatMap((section) => (section ? terminalSection(section) : [])).join('\n');
}
