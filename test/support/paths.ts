/** Where the built bundles and bundled samples are. `npm test` builds before it tests. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export const repoRoot = path.resolve(__dirname, '..', '..');
export const workerScript = path.join(repoRoot, 'dist', 'codec-worker.js');
export const cliScript = path.join(repoRoot, 'dist', 'cli.js');
export const tuplesSample = path.join(repoRoot, 'schemas', 'tuples.json');
export const fixture = (...parts: string[]) => path.join(repoRoot, 'test', 'fixtures', ...parts);

if (!fs.existsSync(workerScript)) {
  throw new Error(`${workerScript} is missing: run 'npm run build' first (npm test does)`);
}

/**
 * Settings that keep engine tests short: correctness is under test here, not precision. One
 * round, short windows and a short warm-up (a default warm-up was a third of such a run).
 */
export const FAST = { timeBudgetMs: 20, minSamples: 3, rounds: 1, warmupMs: 5, workerScript } as const;
/** FAST as the CLI takes it. */
export const FAST_ARGS = ['--time-budget', '20', '--min-samples', '3', '--rounds', '1', '--warmup', '5'];

export function sampleFrom(value: unknown, name = 'sample.json'): { path: string; bytes: Uint8Array } {
  return { path: name, bytes: Buffer.from(JSON.stringify(value), 'utf8') };
}

/**
 * The first `records` records of a bundled sample (`schemas/NAME`: the events' array, the
 * tuples' `items`), written under the same name to a temporary folder. What a CLI test checks
 * of a row (it completes, its layout's bytes, the cache) does not need the whole megabyte.
 */
export function bundledSlice(name: 'events.json' | 'tuples.json', records: number): string {
  const whole = JSON.parse(fs.readFileSync(path.join(repoRoot, 'schemas', name), 'utf8')) as unknown[] | { items: unknown[] };
  const sliced = Array.isArray(whole) ? whole.slice(0, records) : { ...whole, items: whole.items.slice(0, records) };
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-slice-')), name);
  fs.writeFileSync(file, JSON.stringify(sliced));
  return file;
}
