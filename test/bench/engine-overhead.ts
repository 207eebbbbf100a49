/**
 * `npm run bench`: what the engine's harness costs, and how precise its figures are.
 * 1. Harness overhead: for several codecs, the engine's median (worker + warm-up + sampler)
 *    against a bare loop of the same library call in a plain Node process, both summarised by
 *    the same statistics. Each pair runs three times, interleaved; the median ratio is shown,
 *    because allocation-heavy decoders are bimodal (a GC lands in some calls, not others) and a
 *    single run's median can sit in either mode. Aim: within 5%.
 * 2. Precision: the margin of error of every codec's median at default settings on the
 *    bundled sample. Aim: at most 2%.
 * Prints ratios from one run; absolute times vary between machines and runs.
 * Run the bundles, not tsx: workers spawned under a loader hook run codecs measurably slower.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { compareSample } from '../../src/engine/compare';
import { median } from '../../src/engine/stats';
import type { CompletedResult } from '../../src/shared/results';
import { formatDuration, formatPercent } from '../../src/shared/format';
import { repoRoot, tuplesSample, workerScript } from '../support/paths';

const OVERHEAD_CODECS = ['json', 'msgpackr', 'cbor-x', 'v8', 'avsc'];
const REPEATS = 3;
const avscSchema = fs.readFileSync(path.join(repoRoot, 'schemas', 'Items.avsc'), 'utf8');
const sample = { path: tuplesSample, bytes: fs.readFileSync(tuplesSample) };
const percent = (fraction: number) => `${fraction >= 0 ? '+' : ''}${(fraction * 100).toFixed(1)}%`;

function bareSamples(codec: string, budgetMs: number): { encode: number[]; decode: number[] } {
  const output = execFileSync(process.execPath, [path.join(__dirname, 'bare-loop.cjs'), codec, tuplesSample, String(budgetMs)], {
    cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(output) as { encode: number[]; decode: number[] };
}

async function engineRow(codec: string): Promise<CompletedResult> {
  const schema = codec === 'avsc' ? { kind: 'avsc' as const, source: avscSchema } : undefined;
  const report = await compareSample(sample, { codecs: [codec], schema, workerScript });
  const row = report.results.find((r) => r.codec === codec);
  if (row?.status !== 'completed') throw new Error(`${codec} did not complete: ${JSON.stringify(row)}`);
  return row;
}

async function harnessOverhead(): Promise<void> {
  console.log(`1. Harness overhead: engine / bare loop − 1, median of ${REPEATS} interleaved runs (aim within ±5%)`);
  console.log('   median: what is reported; min (3rd-fastest call, as mitata trims): systematic cost per call, free of GC noise');
  console.log(`${'codec'.padEnd(9)} ${'op'.padEnd(7)} ${'engine'.padStart(10)} ${'bare loop'.padStart(10)} ${'median'.padStart(8)}  ${'each run'.padEnd(24)} ${'engine ±'.padStart(8)} ${'min'.padStart(8)}`);
  const overheads: number[] = [];
  const minOverheads: number[] = [];
  for (const codec of OVERHEAD_CODECS) {
    const runs = { encode: [] as Array<[number, number, number]>, decode: [] as Array<[number, number, number]> };
    const minRatios = { encode: [] as number[], decode: [] as number[] };
    for (let repeat = 0; repeat < REPEATS; repeat++) {
      const row = await engineRow(codec);
      const bare = bareSamples(codec, 1000);
      for (const op of ['encode', 'decode'] as const) {
        const bareMedian = median([...bare[op]].sort((a, b) => a - b));
        runs[op].push([row[op].medianNs, bareMedian, row[op].rme]);
        const bareThirdFastest = [...bare[op]].sort((a, b) => a - b)[2]!;
        minRatios[op].push(row[op].minNs / bareThirdFastest - 1);
      }
    }
    for (const op of ['encode', 'decode'] as const) {
      const ratios = runs[op].map(([engine, bare]) => engine / bare - 1);
      const middle = [...runs[op]].sort((a, b) => a[0] / a[1] - b[0] / b[1])[REPEATS >> 1]!;
      const overhead = middle[0] / middle[1] - 1;
      const minOverhead = median([...minRatios[op]].sort((a, b) => a - b));
      overheads.push(Math.abs(overhead));
      minOverheads.push(Math.abs(minOverhead));
      console.log(`${codec.padEnd(9)} ${op.padEnd(7)} ${formatDuration(middle[0]).padStart(10)} ${formatDuration(middle[1]).padStart(10)} ${percent(overhead).padStart(8)}  ${ratios.map(percent).join(' ').padEnd(24)} ${formatPercent(middle[2]).padStart(8)} ${percent(minOverhead).padStart(8)}`);
    }
  }
  const summary = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `median ${formatPercent(sorted[sorted.length >> 1]!)}, worst ${formatPercent(sorted[sorted.length - 1]!)}`;
  };
  console.log(`|overhead| of medians: ${summary(overheads)}; of minimums: ${summary(minOverheads)}\n`);
}

async function precision(): Promise<void> {
  console.log('2. Margin of error of the median at default settings, all codecs (aim ≤ 2%)');
  const started = Date.now();
  const report = await compareSample(sample, { workerScript });
  console.log(`${'codec'.padEnd(11)} ${'encode ±'.padStart(9)} ${'decode ±'.padStart(9)} ${'samples'.padStart(9)}`);
  const margins: number[] = [];
  for (const row of report.results) {
    if (row.status !== 'completed') {
      console.log(`${row.codec.padEnd(11)} ${row.status}: ${row.error.message}`);
      continue;
    }
    margins.push(row.encode.rme, row.decode.rme);
    console.log(`${row.codec.padEnd(11)} ${formatPercent(row.encode.rme).padStart(9)} ${formatPercent(row.decode.rme).padStart(9)} ${`${row.encode.samples}/${row.decode.samples}`.padStart(9)}`);
  }
  const within = margins.filter((m) => m <= 0.02).length;
  console.log(`${within} of ${margins.length} medians within ±2%, worst ±${formatPercent(Math.max(...margins))}; default run took ${((Date.now() - started) / 1000).toFixed(1)} s for ${report.results.length} codecs`);
}

async function main(): Promise<void> {
  console.log(`Payload Lab engine benchmark — Node ${process.versions.node}, sample ${path.relative(repoRoot, tuplesSample)} (${sample.bytes.byteLength.toLocaleString('en-US')} B)\n`);
  await harnessOverhead();
  if (!process.argv.includes("--overhead-only")) await precision();
}

void main();
