/** `--bytes`: each codec's encoded bytes by what they carry (the rows' byteAttribution). */
import { describeAttribution } from '../shared/byte-attribution-text';
import { formatBytes } from '../shared/format';
import type { ComparisonReport } from '../shared/results';
import { codecNames } from '../shared/codec-names';

export function bytesSection(report: ComparisonReport): string {
  const nameOf = codecNames(report.results);
  const width = Math.max(11, ...report.results.map((row) => nameOf(row.codec).length));
  const lines = report.results.flatMap((row) => {
    if (row.status !== 'completed') return [];
    const text = row.byteAttribution ? describeAttribution(row.byteAttribution) : 'not broken down (no walker for this format)';
    return [`  ${nameOf(row.codec).padEnd(width)} ${formatBytes(row.bytes).padStart(13)}  ${text}`];
  });
  return ['', 'where the bytes go (keys & tags, strings, numbers, other values, structure; adds up to the encoded size):', ...lines].join('\n');
}
