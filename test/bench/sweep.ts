/**
 * `npm run bench:sweep`: the size sweep and the limit search on the bundled dataset.
 * 1. A default sweep (1 KiB → 16 MiB ×4, all 7 codecs, quick rounds), run as the extension runs
 *    it (in the sweep runner process, whose workers build the scaled samples): its wall time (aim
 *    < 5 min on the 2-core machine) and the peak RSS growth of this process, standing in for the
 *    extension host (aim < 50 MB).
 * 2. Ratio agreement: each size's ratios (raw, gzip, brotli) against a single comparison of a file
 *    holding exactly that scaled sample (aim: within 1%).
 * 3. Limits with Node's default heap (or --heap-mb N), cap 512 MiB (or --cap-mb N): the table and
 *    the search's wall time (aim < 15 min; bson between 12 and 24 MiB).
 * Writes test/output/sweep-bench.json and a screenshot of the panel's plots, test/output/sweep-plots.png.
 * Flags: --skip-sweep, --skip-limits, --max-mb N, --heap-mb N, --cap-mb N, --parallel N (codecs
 * whose limits are searched at once), --codecs a,b (the limit search's codecs).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { compareSample } from '../../src/engine/compare';
import { scaleSample } from '../../src/measurement/scale-sample';
import { MB } from '../../src/engine/sweep';
import { runSweepInProcess } from '../../src/engine/sweep-process-client';
import { DEFAULT_LIMIT_PARALLEL, findLimits, lanesFor } from '../../src/payload-limits/run-limits';
import { growthTable, limitRow, limitsHeading, describeHeap, sizeTable } from '../../src/cli/sweep-table';
import type { SweepReport } from '../../src/shared/sweep';
import { repoRoot, tuplesSample, workerScript } from '../support/paths';
import { screenshotSweep } from './sweep-screenshot';
import { roundsCutShortText } from '../../src/shared/rounds-text';

const CODECS = ['json', 'avsc', 'protobufjs', 'msgpackr', 'cbor-x', 'bson', 'v8'];
const OUTPUT = path.join(repoRoot, 'test', 'output');
const { values } = parseArgs({
  options: {
    'skip-sweep': { type: 'boolean' },
    'skip-limits': { type: 'boolean' },
    'max-mb': { type: 'string' },
    'heap-mb': { type: 'string' },
    'cap-mb': { type: 'string' },
    parallel: { type: 'string' },
    codecs: { type: 'string' },
  },
});

/** Peak RSS of this process while `work` runs, sampled every 50 ms. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ value: T; baseMb: number; peakMb: number }> {
  const baseMb = process.memoryUsage().rss / MB;
  let peakMb = baseMb;
  const timer = setInterval(() => {
    peakMb = Math.max(peakMb, process.memoryUsage().rss / MB);
  }, 50);
  try {
    const value = await work();
    return { value, baseMb, peakMb: Math.max(peakMb, process.memoryUsage().rss / MB) };
  } finally {
    clearInterval(timer);
  }
}

async function sweepFigures(): Promise<{ report: SweepReport }> {
  const maxJsonBytes = Math.round(Number(values['max-mb'] ?? 16) * MB);
  console.log(
    `1. Default sweep on ${path.basename(tuplesSample)}: 1 KiB → ${maxJsonBytes / MB} MiB ×4, ${CODECS.length} codecs, quick rounds (aim < 5 min; host RSS growth < 50 MB)`,
  );
  const started = Date.now();
  const {
    value: report,
    baseMb,
    peakMb,
  } = await peakRss(() =>
    runSweepInProcess(
      { path: tuplesSample },
      {
        runnerScript: path.join(repoRoot, 'dist', 'sweep-process.js'),
        codecs: CODECS,
        quick: true,
        maxJsonBytes,
        onSize: (_sizeIndex, size) => console.log(sizeTable(size)),
      },
    ),
  );
  const seconds = (Date.now() - started) / 1000;
  console.log(growthTable(report.growth));
  console.log(
    `   sweep: ${report.sizes.length} sizes in ${seconds.toFixed(0)} s (${(seconds / 60).toFixed(1)} min); rounds ${report.settings.rounds}${report.settings.roundsCutShort ? ` (${roundsCutShortText(report.settings.roundsCutShort)})` : ''}`,
  );
  console.log(`   host RSS: ${baseMb.toFixed(0)} MB before, peak ${peakMb.toFixed(0)} MB: growth ${(peakMb - baseMb).toFixed(1)} MB\n`);
  return { report };
}

async function ratioAgreement(report: SweepReport): Promise<void> {
  console.log('2. Ratios at each size against a single comparison of that scaled sample (aim within 1%)');
  const sample = JSON.parse(fs.readFileSync(tuplesSample, 'utf8')) as unknown;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-sweep-bench-'));
  let worst = 0;
  for (const size of report.sizes) {
    const file = path.join(dir, `scaled-${size.targetJsonBytes}.json`);
    fs.writeFileSync(file, JSON.stringify(scaleSample(sample, { targetJsonBytes: size.targetJsonBytes }).value));
    const single = await compareSample({ path: file }, { workerScript, codecs: CODECS, rounds: 1, timeBudgetMs: 20, minSamples: 3 });
    let sizeWorst = 0;
    for (const row of size.results) {
      const other = single.results.find((candidate) => candidate.codec === row.codec);
      if (row.status !== 'completed' || other?.status !== 'completed') continue;
      for (const [a, b] of [
        [row.bytes, other.bytes],
        [row.compressed.gzip, other.compressed.gzip],
        [row.compressed.brotli, other.compressed.brotli],
      ] as const)
        sizeWorst = Math.max(sizeWorst, Math.abs(a / b - 1));
    }
    worst = Math.max(worst, sizeWorst);
    console.log(
      `   ${(size.jsonBytes / 1024).toFixed(0).padStart(6)} KiB: JSON bytes ${single.input.jsonBytes === size.jsonBytes ? 'equal' : `DIFFER (${single.input.jsonBytes})`}, largest ratio difference ${(sizeWorst * 100).toFixed(3)}%`,
    );
    fs.rmSync(file);
  }
  console.log(`   largest difference over all sizes and codecs: ${(worst * 100).toFixed(3)}%\n`);
}

async function limitFigures(): Promise<SweepReport['limits']> {
  const heapMb = values['heap-mb'] === undefined ? undefined : Number(values['heap-mb']);
  const capJsonBytes = Math.round(Number(values['cap-mb'] ?? 512) * MB);
  const parallel = values.parallel === undefined ? DEFAULT_LIMIT_PARALLEL : Number(values.parallel);
  const codecs = values.codecs?.split(',') ?? CODECS;
  console.log(
    `3. Limits on ${path.basename(tuplesSample)}: ${heapMb === undefined ? "Node's default heap" : `${heapMb} MB heap`}, cap ${capJsonBytes / MB} MiB, ${codecs.length} codecs, ${lanesFor(parallel, heapMb, os.freemem() / MB)} at a time (at most ${parallel}; ${(os.freemem() / 2 ** 30).toFixed(0)} GiB free) (aim < 15 min; bson 12–24 MiB)`,
  );
  const started = Date.now();
  let headed = false;
  const found = await findLimits(
    { path: tuplesSample },
    {
      childScript: path.join(repoRoot, 'dist', 'limit-process.js'),
      codecs,
      parallel,
      ...(heapMb === undefined ? {} : { heapMb }),
      capJsonBytes,
      onTrial: (codec, target, outcome) =>
        console.log(
          `     ${codec} at ${(target / MB).toFixed(1)} MiB: ${outcome.decoded ? 'held' : `${outcome.failure?.kind} at ${outcome.failure?.stage}: ${outcome.failure?.message.slice(0, 160)}`} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
        ),
      onLimit: (limit) => {
        if (!headed) console.log(limitsHeading({ heapMb: heapMb ?? null, observedHeapLimitMb: null, capJsonBytes }));
        headed = true;
        console.log(limitRow(limit, capJsonBytes));
      },
    },
  );
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `   heap: ${describeHeap(found.settings)}; search took ${seconds.toFixed(0)} s (${(seconds / 60).toFixed(1)} min), ${found.limits.reduce((sum, limit) => sum + limit.trials, 0)} processes\n`,
  );
  return found.limits;
}

async function screenshot(report: SweepReport): Promise<void> {
  const file = path.join(OUTPUT, 'sweep-plots.png');
  await screenshotSweep(report, file);
  console.log(`   plots: ${file}`);
}

async function main(): Promise<void> {
  fs.mkdirSync(OUTPUT, { recursive: true });
  console.log(
    `${os.cpus().length} CPUs, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, load ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')} (the machine may be shared)\n`,
  );
  const output: Record<string, unknown> = {};
  if (!values['skip-sweep']) {
    const { report } = await sweepFigures();
    output['sweep'] = report;
    await ratioAgreement(report);
    await screenshot(report);
  }
  if (!values['skip-limits']) output['limits'] = await limitFigures();
  fs.writeFileSync(path.join(OUTPUT, 'sweep-bench.json'), JSON.stringify(output, null, 2));
}

void main();
