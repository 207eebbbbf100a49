/**
 * What a report concludes, as titled lists of lines: the verdict (its caveats once, the pick for
 * a priority and a transport, each line with its figures), the sample's profile and the advice. The CLI prints them
 * and the Markdown export writes them, each in its own markup; the panel shows the same
 * computations (reportVerdict, profileLines, computeAdvice) as DOM.
 */
import { computeAdvice } from './advice';
import { profileLines } from '../shared/profile-text';
import type { ComparisonReport } from '../shared/results';
import { DEFAULT_CHOICE, reportVerdict, type VerdictChoice } from './report-verdict';
import { verdictText } from './verdict-words';
import { DEFAULT_TRANSPORT, type Transport } from '../shared/transport';

export interface SummarySection {
  /** `verdict`, `the sample`, `advice`. */
  title: string;
  /** Lines above everything: what applies to the whole verdict (its caveats), said once. */
  before: string[];
  /** Lines before the list: the verdict's pick. */
  lead: string[];
  items: string[];
  /** Whether the items are a list of claims (else lines of one description). */
  bulleted: boolean;
  /** Lines after the list. */
  after: string[];
}

/**
 * With no completed row there is nothing to pick from, and the verdict says so and why. The
 * machine's load is left out of the caveats: every edge says it above the table already.
 */
export function verdictSummary(report: ComparisonReport, choice: VerdictChoice = DEFAULT_CHOICE): SummarySection | undefined {
  if (report.results.length === 0) return undefined;
  const title = report.input.messages ? 'verdict, per message' : 'verdict';
  const verdict = reportVerdict(report, choice);
  if (!verdict) {
    const count = (status: string) => report.results.filter((row) => row.status === status).length;
    const outcome = [`${count('errored')} errored`, `${count('skipped')} skipped`].filter((text) => !text.startsWith('0 ')).join(', ');
    return {
      title,
      before: [],
      lead: [`No verdict: no codec completed a round trip on this sample (${outcome}; each row says why).`],
      items: [],
      bulleted: true,
      after: [],
    };
  }
  const text = verdictText(verdict, { omit: ['machine-busy'] });
  return { title, before: text.caveats, lead: [text.pick], items: text.lines.map((line) => line.text), bulleted: true, after: [] };
}

/** Undefined for reports without a profile (older ones). */
export function sampleSummary(report: ComparisonReport): SummarySection | undefined {
  const lines = profileLines(report.input);
  return lines.length === 0 ? undefined : { title: 'the sample', before: [], lead: [], items: lines, bulleted: false, after: [] };
}

/** Undefined when no rule had clear figures to speak from. */
export function adviceSummary(report: ComparisonReport, transport: Transport = DEFAULT_TRANSPORT): SummarySection | undefined {
  const advice = computeAdvice(report.results, report.input, transport);
  return advice.length === 0 ? undefined : { title: 'advice', before: [], lead: [], items: advice.map((item) => item.text), bulleted: true, after: [] };
}
