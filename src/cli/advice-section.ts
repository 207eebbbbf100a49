/** The sample's profile and the advice that follows from it and the run, after the verdict. */
import { computeAdvice } from '../report/advice';
import type { ComparisonReport } from '../shared/results';
import { profileLines } from '../shared/profile-text';

export function adviceSection(report: ComparisonReport): string {
  const profile = profileLines(report.input);
  const advice = computeAdvice(report.results, report.input);
  const lines = [
    ...(profile.length > 0 ? ['', 'the sample:', ...profile.map((line) => `  ${line}`)] : []),
    ...(advice.length > 0 ? ['', 'advice:', ...advice.map((item) => `  - ${item.text}`)] : []),
  ];
  return lines.join('\n');
}
