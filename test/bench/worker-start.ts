/**
 * `npm run bench:worker-start`: what V8's code cache (worker/code-cache.ts) saves each worker a
 * run starts. Pairs of fresh codec workers, one started on the bundle directly and one through
 * the cached loader, in A B B A order, each asked one trivial thing (`encoded-facts` of 8 bytes):
 * the time from the start to its answer, which is mostly starting the isolate and loading the
 * 4 MB bundle. The cache is written by one worker before the pairs. Prints the medians, their
 * ratio and the saving per worker; a default run starts about 40 such workers, a quick one 16.
 * Options: --pairs N (default 20).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { runInWorker } from '../../src/engine/worker-launch';
import { useWorkerCodeCache } from '../../src/engine/worker-code-cache';
import { medianOf } from '../../src/measurement/stats';
import { workerScript } from '../support/paths';

const { values } = parseArgs({ options: { pairs: { type: 'string', default: '20' } } });
const PAIRS = Number(values.pairs);
const limits = { workerScript, memoryLimitMb: 2048, timeoutMs: 60_000 };

async function startAndAsk(cacheDir: string | undefined): Promise<number> {
  useWorkerCodeCache(cacheDir);
  const started = performance.now();
  const fate = await runInWorker('encoded-facts', { bytes: new Uint8Array(8) }, limits);
  if (fate.kind !== 'answered') throw new Error(`the worker failed: ${fate.error.message}`);
  return performance.now() - started;
}

async function main(): Promise<void> {
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-worker-start-'));
  try {
    console.log(
      `${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')}; ${(fs.statSync(workerScript).size / 1e6).toFixed(1)} MB worker bundle`,
    );
    const writing = await startAndAsk(cacheDir);
    const direct: number[] = [];
    const cached: number[] = [];
    for (let pair = 0; pair < PAIRS; pair++) {
      const order = pair % 2 === 0 ? [undefined, cacheDir] : [cacheDir, undefined];
      for (const dir of order) (dir ? cached : direct).push(await startAndAsk(dir));
    }
    const [plain, withCache] = [medianOf(direct), medianOf(cached)];
    const range = (values: number[]) => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)} ms`;
    console.log(`first worker, writing the cache: ${writing.toFixed(0)} ms`);
    console.log(`started on the bundle:       median ${plain.toFixed(0)} ms (${range(direct)}), ${PAIRS} workers`);
    console.log(`started with the code cache: median ${withCache.toFixed(0)} ms (${range(cached)}), ${PAIRS} workers`);
    console.log(`with the cache / without: ×${(withCache / plain).toFixed(2)}; ${(plain - withCache).toFixed(0)} ms saved per worker`);
  } finally {
    useWorkerCodeCache(undefined);
    fs.rmSync(cacheDir, { recursive: true, force: true });
  }
}

void main();
