/** After the table: how long compressing each codec's bytes takes, both ways, over the rounds. */
import { compressionTimeParts, compressionTimingMethod } from '../shared/compression-text';
import type { ComparisonReport, CompletedResult } from '../shared/results';
import { codecNames } from '../shared/codec-names';

export function compressionSection(report: ComparisonReport): string {
  const timed = report.results.filter(
    (row): row is CompletedResult & Required<Pick<CompletedResult, 'compressionTiming'>> => row.status === 'completed' && row.compressionTiming !== undefined,
  );
  const first = timed[0]?.compressionTiming;
  if (!first) return '';
  const nameOf = codecNames(report.results);
  const label = (row: CompletedResult) => (row.runtime === 'browser' ? `${nameOf(row.codec)} (browser)` : nameOf(row.codec));
  const zstd = first.zstdLibrary
    ? [`  zstd: ${first.zstdLibrary}${first.zstdImplementation === 'wasm' ? ' (WebAssembly: this Node has no zstd in zlib; Node 22.15+ has)' : ''}.`]
    : [];
  return [
    '',
    `compression (level: compress / decompress), ${compressionTimingMethod(first)}:`,
    ...timed.map(
      (row) => `  ${label(row).padEnd(Math.max(11, ...timed.map((other) => label(other).length)))} ${compressionTimeParts(row.compressionTiming).join('  │ ')}`,
    ),
    ...zstd,
  ].join('\n');
}
