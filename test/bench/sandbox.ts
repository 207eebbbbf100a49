/**
 * `npm run bench:sandbox`: what running generated code sandboxed costs (engine/codec-sandbox.ts).
 *
 * 1. Start: a codec worker thread (through the V8 code cache, as runs start them) against a
 *    sandboxed codec child process (forked under the permission model), in A B B A order, each
 *    asked one trivial request that fails at once ('inspector-bytes' before anything is open):
 *    the time from its start to its answer.
 * 2. A generated row's figures: the CLI of this build (sandboxed) against the CLI of a baseline
 *    build (`--baseline DIR`, the dist/ of a build before the sandbox, e.g. main at 4ab389e) on
 *    the bundled tuples, in alternating runs, each `--rounds 3`: the median speed-ups per codec.
 *    Absolute times are not compared (runs differ); speed-ups against JSON of the same round are.
 * Options: --pairs N (default 10), --runs N (default 2 per build), --baseline DIR, --codecs list.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { startWorker, type StartedWorker } from '../../src/engine/worker-launch';
import { useWorkerCodeCache } from '../../src/engine/worker-code-cache';
import { superviseChild } from '../../src/processes/supervise-child';
import { sandboxExecArgv } from '../../src/processes/sandbox';
import { bundlePath } from '../../src/processes/bundle-path';
import { medianOf } from '../../src/measurement/stats';
import type { CodecWorkerMethods, WorkerEvents } from '../../src/shared/worker-protocol';
import type { ComparisonReport, CompletedResult } from '../../src/shared/results';
import { cliScript, tuplesSample, workerScript } from '../support/paths';

const { values } = parseArgs({
  options: {
    pairs: { type: 'string', default: '10' },
    runs: { type: 'string', default: '2' },
    baseline: { type: 'string' },
    codecs: { type: 'string', default: 'json,flatbuffers,protobuf-ts' },
  },
});
const run = promisify(execFile);

async function timeToAnswer(start: () => StartedWorker<CodecWorkerMethods>): Promise<number> {
  const started = performance.now();
  const worker = start();
  try {
    await worker.channel.request('inspector-bytes', { offset: 0, length: 1 }, { timeoutMs: 60_000 });
    throw new Error('the request should have failed: nothing is open');
  } catch (error) {
    if (error instanceof Error && /should have failed/.test(error.message)) throw error;
  }
  const ms = performance.now() - started;
  worker.channel.close();
  await worker.exited;
  return ms;
}

function sandboxedChild(): StartedWorker<CodecWorkerMethods> {
  const dist = path.dirname(workerScript);
  const child = superviseChild<CodecWorkerMethods, WorkerEvents>({
    script: bundlePath('codec-process', dist),
    what: 'the sandboxed codec process',
    heapMb: 2048,
    serialization: 'advanced',
    env: {},
    execArgv: ['--no-warnings', ...sandboxExecArgv([dist])],
  });
  return { channel: child.channel, exited: child.ended.then(() => undefined), what: 'the sandboxed codec process', exit: () => child.ended };
}

async function starts(): Promise<void> {
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-bench-sandbox-'));
  useWorkerCodeCache(cacheDir);
  try {
    await timeToAnswer(() => startWorker(workerScript, 2048)); // writes the code cache
    const thread: number[] = [];
    const child: number[] = [];
    for (let pair = 0; pair < Number(values.pairs); pair++) {
      const order = pair % 2 === 0 ? ['thread', 'child'] : ['child', 'thread'];
      for (const kind of order) {
        if (kind === 'thread') thread.push(await timeToAnswer(() => startWorker(workerScript, 2048)));
        else child.push(await timeToAnswer(sandboxedChild));
      }
    }
    const range = (times: number[]) => `${Math.min(...times).toFixed(0)}–${Math.max(...times).toFixed(0)} ms`;
    console.log(`worker thread (code cache):  median ${medianOf(thread).toFixed(0)} ms (${range(thread)}), ${thread.length} starts`);
    console.log(`sandboxed child process:     median ${medianOf(child).toFixed(0)} ms (${range(child)}), ${child.length} starts`);
    console.log(
      `sandboxed / thread: ×${(medianOf(child) / medianOf(thread)).toFixed(2)}; ${(medianOf(child) - medianOf(thread)).toFixed(0)} ms more per codec job`,
    );
  } finally {
    useWorkerCodeCache(undefined);
    fs.rmSync(cacheDir, { recursive: true, force: true });
  }
}

async function speedUps(cli: string, cacheDir: string): Promise<Record<string, { encode: number; decode: number }>> {
  const { stdout } = await run(
    process.execPath,
    [cli, 'compare', tuplesSample, '--codecs', values.codecs!, '--rounds', '3', '--fixed-rounds', '--cache-dir', cacheDir, '--json'],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  const report = JSON.parse(stdout) as ComparisonReport;
  return Object.fromEntries(
    report.results
      .filter((row): row is CompletedResult => row.status === 'completed' && row.codec !== 'json')
      .map((row) => [row.codec, { encode: row.speedupVsJson?.encode ?? NaN, decode: row.speedupVsJson?.decode ?? NaN }]),
  );
}

async function rows(baselineDist: string): Promise<void> {
  const builds = { sandboxed: cliScript, baseline: path.join(baselineDist, 'cli.js') };
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-bench-sandbox-rows-'));
  const figures: Record<string, Array<Record<string, { encode: number; decode: number }>>> = { sandboxed: [], baseline: [] };
  try {
    for (let runIndex = 0; runIndex < Number(values.runs); runIndex++) {
      const order = runIndex % 2 === 0 ? (['baseline', 'sandboxed'] as const) : (['sandboxed', 'baseline'] as const);
      for (const build of order) figures[build]!.push(await speedUps(builds[build], cacheDir));
    }
    const codecs = Object.keys(figures['sandboxed']![0] ?? {});
    for (const codec of codecs) {
      const of = (build: string, operation: 'encode' | 'decode') => medianOf(figures[build]!.map((figure) => figure[codec]?.[operation] ?? NaN));
      console.log(
        `${codec.padEnd(12)} encode vs JSON ${of('baseline', 'encode').toFixed(2)}× unsandboxed, ${of('sandboxed', 'encode').toFixed(2)}× sandboxed; decode ${of('baseline', 'decode').toFixed(2)}× / ${of('sandboxed', 'decode').toFixed(2)}× (median of ${values.runs} runs of 3 rounds each)`,
      );
    }
  } finally {
    fs.rmSync(cacheDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(
    `Node ${process.versions.node}, ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  );
  await starts();
  if (values.baseline) await rows(values.baseline);
  else console.log("rows: give --baseline DIR (the dist/ of a build without the sandbox) to compare a generated row's speed-ups");
}

void main();
