/**
 * What a report concludes, as titled lists of lines: the verdict (the pick for a priority, each
 * claim with its figure, the caveats), the sample's profile and the advice. The CLI prints them
 * and the Markdown export writes them, each in its own markup; the panel shows the same
 * computations (computeVerdict, profileLines, computeAdvice) as DOM.
 */
import { computeAdvice } from './advice';
import { computeVerdict, type Priority } from './verdict';
import { profileLines } from '../shared/profile-text';
import type { ComparisonReport } from '../shared/results';

export interface SummarySection {
  /** `verdict`, `the sample`, `advice`. */
  title: string;
  /** Lines before the list: the verdict's pick. */
  lead: string[];
  items: string[];
  /** Whether the items are a list of claims (else lines of one description). */
  bulleted: boolean;
  /** Lines after the list: the verdict's caveats. */
  after: string[];
}

/** With no completed row there is nothing to pick from, and the verdict says so and why. */
export function verdictSummary(report: ComparisonReport, priority: Priority): SummarySection | undefined {
  if (report.results.length === 0) return undefined;
  if (!report.results.some((row) => row.status === 'completed')) {
    const count = (status: string) => report.results.filter((row) => row.status === status).length;
    const outcome = [`${count('errored')} errored`, `${count('skipped')} skipped`].filter((text) => !text.startsWith('0 ')).join(', ');
    return { title: 'verdict', lead: [`No verdict: no codec completed a round trip on this sample (${outcome}; each row says why).`], items: [], bulleted: true, after: [] };
  }
  const verdict = computeVerdict(report.results, report.input.jsonBytes, priority, { settings: report.settings });
  return { title: 'verdict', lead: [verdict.pick.text], items: verdict.claims.map((claim) => claim.text), bulleted: true, after: verdict.notes };
}

/** Undefined for reports without a profile (older ones). */
export function sampleSummary(report: ComparisonReport): SummarySection | undefined {
  const lines = profileLines(report.input);
  return lines.length === 0 ? undefined : { title: 'the sample', lead: [], items: lines, bulleted: false, after: [] };
}

/** Undefined when no rule had clear figures to speak from. */
export function adviceSummary(report: ComparisonReport): SummarySection | undefined {
  const advice = computeAdvice(report.results, report.input);
  return advice.length === 0 ? undefined : { title: 'advice', lead: [], items: advice.map((item) => item.text), bulleted: true, after: [] };
}
