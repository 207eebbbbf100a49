/**
 * `npm run bench:growth`: how a sweep grows the bundled events sample past its own size.
 * 1. Compression at 16 MiB (or --max-mb N) against the sample's own size, fresh records and
 *    repeated ones, from a real sweep (JSON row, quick rounds): aim, fresh: gzip's ratio at the
 *    largest size within ×2 of its ratio at the sample's own size.
 * 2. What building one size costs in the process that builds it (the limit search's question):
 *    wall time and retained heap of scaleSample at --build-mb N (default 128), repeat and fresh.
 * Run with --expose-gc (the npm script does). Figures on a shared machine: read the ratios.
 */
import { sweepNoteText } from '../../src/shared/sweep-notes';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { sweepSample, MB } from '../../src/engine/sweep';
import { scaleSample } from '../../src/measurement/scale-sample';
import type { SampleGrowth } from '../../src/shared/codec-job';
import type { CompletedResult } from '../../src/shared/results';
import { repoRoot, workerScript } from '../support/paths';

const EVENTS = path.join(repoRoot, 'schemas', 'events.json');
const { values } = parseArgs({ options: { 'max-mb': { type: 'string' }, 'build-mb': { type: 'string' }, 'skip-sweep': { type: 'boolean' } } });
const maxJsonBytes = Math.round(Number(values['max-mb'] ?? 16) * MB);
const buildBytes = Math.round(Number(values['build-mb'] ?? 128) * MB);
const ownBytes = Buffer.byteLength(JSON.stringify(JSON.parse(fs.readFileSync(EVENTS, 'utf8'))), 'utf8');

const ratio = (bytes: number | null | undefined, of: number) => (bytes == null ? '—' : (bytes / of).toFixed(4));

async function compression(growth: SampleGrowth): Promise<void> {
  const started = Date.now();
  const report = await sweepSample({ path: EVENTS }, { codecs: ['json'], quick: true, sizes: [ownBytes, maxJsonBytes], growth, workerScript });
  const rows = report.sizes.map((size) => ({ size, json: size.results.find((row) => row.codec === 'json') as CompletedResult | undefined }));
  for (const { size, json } of rows) {
    const c = json?.compressed;
    console.log(
      `  ${growth.padEnd(6)} ${(size.jsonBytes / MB).toFixed(2).padStart(6)} MiB, ${size.scaling.records} records (${size.scaling.freshRecords ?? 0} fresh): gzip ${ratio(c?.gzip, size.jsonBytes)}, brotli ${ratio(c?.brotli, size.jsonBytes)}, zstd ${ratio(c?.zstd, size.jsonBytes)}`,
    );
  }
  const [own, largest] = rows.map(({ size, json }) => (json ? json.compressed.gzip / size.jsonBytes : NaN));
  console.log(
    `  ${growth}: gzip ratio at ${(maxJsonBytes / MB).toFixed(0)} MiB / at the sample's own size = ${(largest! / own!).toFixed(2)} (aim for fresh: between 0.5 and 2); ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  console.log(`  note: ${report.notes.map(sweepNoteText).join(' | ')}`);
}

function build(growth: SampleGrowth): void {
  const sample = JSON.parse(fs.readFileSync(EVENTS, 'utf8')) as unknown;
  const collect = (globalThis as { gc?: () => void }).gc;
  collect?.();
  const before = process.memoryUsage().heapUsed;
  const started = performance.now();
  const scaled = scaleSample(sample, { targetJsonBytes: buildBytes, growth });
  const ms = performance.now() - started;
  collect?.();
  const heldMb = (process.memoryUsage().heapUsed - before) / MB;
  console.log(
    `  ${growth.padEnd(6)} ${(scaled.jsonBytes / MB).toFixed(0)} MiB (${scaled.scaling.records} records): ${(ms / 1000).toFixed(1)} s, ${(scaled.jsonBytes / MB / (ms / 1000)).toFixed(0)} MiB/s, heap held ${heldMb.toFixed(0)} MB`,
  );
}

async function main(): Promise<void> {
  if (!values['skip-sweep']) {
    console.log(`1. ${path.basename(EVENTS)} swept to ${(maxJsonBytes / MB).toFixed(0)} MiB (JSON row, quick): compressed / JSON bytes`);
    for (const growth of ['fresh', 'repeat'] as const) await compression(growth);
  }
  console.log(
    `2. Building ${(buildBytes / MB).toFixed(0)} MiB of ${path.basename(EVENTS)} in one process (what a limit-search trial does)${(globalThis as { gc?: unknown }).gc ? '' : ' (run with --expose-gc for the heap figures)'}`,
  );
  for (const growth of ['repeat', 'fresh'] as const) build(growth);
}

void main();
