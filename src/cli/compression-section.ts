/** After the table: how long compressing each codec's bytes takes, both ways. */
import { compressionTimeParts } from '../shared/compression-text';
import type { ComparisonReport } from '../shared/results';

export function compressionSection(report: ComparisonReport): string {
  const lines = report.results.flatMap((row) =>
    row.status === 'completed' && row.compressionTiming ? [`  ${row.codec.padEnd(11)} ${compressionTimeParts(row.compressionTiming).join('  │ ')}`] : []);
  if (lines.length === 0) return '';
  const wasm = report.results.some((row) => row.status === 'completed' && row.compressionTiming?.zstdImplementation === 'wasm');
  return [
    '',
    'compression per call (level: compress / decompress), measured once after the codec’s timing:',
    ...lines,
    ...(wasm ? ['  zstd times are of the WebAssembly build (@hpcc-js/wasm-zstd; this Node has no zstd in zlib): Node\'s own zstd (22.15+) may be faster.'] : []),
  ].join('\n');
}
