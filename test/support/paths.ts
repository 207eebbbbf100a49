/** Where the built bundles and bundled samples are. `npm test` builds before it tests. */
import * as fs from 'node:fs';
import * as path from 'node:path';

export const repoRoot = path.resolve(__dirname, '..', '..');
export const workerScript = path.join(repoRoot, 'dist', 'codec-worker.js');
export const cliScript = path.join(repoRoot, 'dist', 'cli.js');
export const tuplesSample = path.join(repoRoot, 'schemas', 'tuples.json');
export const fixture = (...parts: string[]) => path.join(repoRoot, 'test', 'fixtures', ...parts);

if (!fs.existsSync(workerScript)) {
  throw new Error(`${workerScript} is missing: run 'npm run build' first (npm test does)`);
}

/** Settings that keep engine tests short: correctness is under test here, not precision. */
export const FAST = { timeBudgetMs: 20, minSamples: 3, rounds: 1, workerScript } as const;

export function sampleFrom(value: unknown, name = 'sample.json'): { path: string; bytes: Uint8Array } {
  return { path: name, bytes: Buffer.from(JSON.stringify(value), 'utf8') };
}
