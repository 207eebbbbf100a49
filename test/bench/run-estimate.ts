/**
 * `npm run bench:estimate [-- --mb 1,4]`: how close the panel's estimate of a default comparison
 * is to the run it estimates. For each size (the bundled tuples grown or cut to about that many
 * MiB of JSON, its records repeated), the sizes-only pass the panel runs first, the estimate made
 * from its stages (engine/run-estimate.ts), then the default comparison of the seven default
 * codecs; prints the estimate's range, the run's time and where it fell. Then the same sample's
 * representative part (1 MiB, records spread across it) timed the same way.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { compareSample, sizeSample } from '../../src/engine/compare';
import { estimateRun, SizingClock } from '../../src/engine/run-estimate';
import { measurementSettings } from '../../src/engine/settings';
import { scaleSample } from '../../src/measurement/scale-sample';
import { tuplesSample, workerScript } from '../support/paths';

const { values } = parseArgs({ options: { mb: { type: 'string', default: '1,4' } } });
const sizes = values.mb.split(',').map(Number);
const settings = measurementSettings({});
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function estimateAndRun(file: string, label: string, part?: number): Promise<void> {
  const clock = new SizingClock();
  const scale = part === undefined ? {} : { scale: { targetJsonBytes: part, pick: 'spread' as const } };
  const sizingStart = performance.now();
  await sizeSample({ path: file }, { workerScript, ...scale, onStage: (codec, stage) => clock.stage(codec, stage), onSized: (row) => clock.sized(row.codec) });
  const sizingMs = performance.now() - sizingStart;
  const estimate = estimateRun(clock.times(), { ...settings, rounds: settings.rounds ?? 1 });
  const started = performance.now();
  const report = await compareSample({ path: file }, { workerScript, ...scale });
  const runMs = performance.now() - started;
  const where = !estimate ? 'no estimate' : runMs < estimate.lowMs ? 'below' : runMs > estimate.highMs ? 'above' : 'within';
  const ratio = estimate ? ` (run / low end ×${(runMs / estimate.lowMs).toFixed(2)}, / high end ×${(runMs / estimate.highMs).toFixed(2)})` : '';
  console.log(
    `${label}: ${(report.input.jsonBytes / 2 ** 20).toFixed(1)} MiB of JSON; sizes pass ${seconds(sizingMs)}; ` +
      `estimate ${estimate ? `${seconds(estimate.lowMs)}–${seconds(estimate.highMs)}` : '—'}; the run ${seconds(runMs)}: ${where}${ratio}; load ${os.loadavg()[0]!.toFixed(1)}`,
  );
}

async function main(): Promise<void> {
  console.log(`${os.cpus().length} cores; default settings: up to ${settings.rounds} rounds of ${settings.timeBudgetMs} ms, ≥ ${settings.minSamples} samples`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-estimate-'));
  try {
    const tuples = JSON.parse(fs.readFileSync(tuplesSample, 'utf8')) as unknown;
    for (const mb of sizes) {
      const file = path.join(dir, `tuples-${mb}mb.json`);
      fs.writeFileSync(file, JSON.stringify(scaleSample(tuples, { targetJsonBytes: mb * 2 ** 20 }).value));
      await estimateAndRun(file, `tuples at ${mb} MiB`);
      if (mb > 1) await estimateAndRun(file, `  its part of 1 MiB`, 2 ** 20);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main();
