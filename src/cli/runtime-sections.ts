/**
 * The terminal sections a run over runtimes adds after the table: end-to-end decode per
 * compression, the strict-CSP (no code generation) check, and whether both runtimes encoded
 * the same bytes.
 */
import type { CodecResult, CompletedResult, TransportCompression } from '../shared/results';
import type { CrossRuntimeCheck } from '../shared/results';
import { crossRuntimeLines } from '../shared/cross-runtime-text';
import { formatDuration } from '../shared/format';
import { codeGenerationVerdict } from '../shared/code-generation-text';
import { codecNames } from '../shared/codec-names';

const COMPRESSIONS: readonly TransportCompression[] = ['gzip', 'brotli', 'zstd'];

/** Rows' names in a section: what the table calls the codec (codec-names.ts), and its runtime when the run had more than one. */
export function rowNamer(results: readonly CodecResult[]): (row: CodecResult) => string {
  const nameOf = codecNames(results);
  return (row) => `${nameOf(row.codec)}${row.runtime === 'browser' ? ' (browser)' : row.runtime === 'node' ? ' (node)' : ''}`;
}

export function endToEndSection(results: readonly CodecResult[]): string[] {
  const rows = results.filter((row): row is CompletedResult => row.status === 'completed' && row.endToEnd !== undefined);
  if (rows.length === 0) return [];
  const cell = (row: CompletedResult, name: TransportCompression) => {
    const timing = row.endToEnd!.timings[name];
    if (!timing) return '—'.padStart(22);
    const speedup = timing.speedupVsJson === undefined ? '' : ` ${timing.speedupVsJson.toFixed(2)}×`;
    return `${formatDuration(timing.meanNs)}${speedup}`.padStart(22);
  };
  const unavailable = new Map<string, string>();
  for (const row of rows) for (const [name, reason] of Object.entries(row.endToEnd!.unavailable)) unavailable.set(`${row.runtime ?? 'node'} ${name}`, reason);
  const rowName = rowNamer(results);
  const width = Math.max(22, ...rows.map((row) => rowName(row).length + 2));
  return [
    '',
    'end-to-end decode, compressed bytes → decoded value (per call, vs JSON of the same runtime; first round):',
    `  ${'codec'.padEnd(width)}${COMPRESSIONS.map((name) => name.padStart(22)).join('')}`,
    ...rows.map((row) => `  ${rowName(row).padEnd(width)}${COMPRESSIONS.map((name) => cell(row, name)).join('')}`),
    ...[...unavailable].map(([key, reason]) => `  — ${key}: ${reason}`),
  ];
}

export function codeGenerationSection(results: readonly CodecResult[]): string[] {
  const checked = results.filter((row) => row.codeGeneration !== undefined);
  if (checked.length === 0) return [];
  const rowName = rowNamer(results);
  const width = Math.max(22, ...checked.map((row) => rowName(row).length + 2));
  return [
    '',
    'code generation from strings disabled (strict CSP / --disallow-code-generation-from-strings):',
    ...checked.map((row) => `  ${rowName(row).padEnd(width)}${codeGenerationVerdict(row.codeGeneration!)}`),
  ];
}

export function bytesCheckSection(check: CrossRuntimeCheck | undefined): string[] {
  if (!check) return [];
  const { headline, differences } = crossRuntimeLines(check);
  return ['', headline, ...differences.map((line) => `  ${line}`)];
}
