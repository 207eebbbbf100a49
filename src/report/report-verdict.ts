/**
 * A report's verdict, as data and in words: the message verdict for a stream, the document's
 * otherwise. The one place the CLI, the exports, `--json` and the panel get it from.
 */
import type { ComparisonReport } from '../shared/results';
import type { Priority } from '../shared/protocol';
import { DEFAULT_TRANSPORT, type Transport } from '../shared/transport';
import { computeVerdict } from './verdict';
import { computeMessageVerdict } from './message-verdict';
import type { Verdict } from './verdict-data';
import { verdictText, type VerdictText } from './verdict-words';

/** What the verdict is for: the pick's priority and how the bytes travel. */
export interface VerdictChoice {
  priority: Priority;
  transport: Transport;
}

export const DEFAULT_CHOICE: VerdictChoice = { priority: 'size', transport: DEFAULT_TRANSPORT };

type Judgeable = Pick<ComparisonReport, 'results' | 'settings'> & { input: Pick<ComparisonReport['input'], 'messages'> };

/** Undefined when no row completed: there is nothing to pick from. */
export function reportVerdict(report: Judgeable, choice: VerdictChoice = DEFAULT_CHOICE): Verdict | undefined {
  if (!report.results.some((row) => row.status === 'completed')) return undefined;
  const run = { settings: report.settings, transport: choice.transport };
  return report.input.messages ? computeMessageVerdict(report, choice.priority, run) : computeVerdict(report.results, choice.priority, run);
}

/** The verdict and its words, as `--json` and the JSON export carry it. */
export interface VerdictDocument extends Verdict {
  text: VerdictText;
}

export function verdictDocument(report: Judgeable, choice: VerdictChoice = DEFAULT_CHOICE): VerdictDocument | null {
  const verdict = reportVerdict(report, choice);
  return verdict ? { ...verdict, text: verdictText(verdict) } : null;
}
