/**
 * `npm run bench:zstd`: zstd builds side by side, in one run, on the bundled samples: the 1 MB
 * tuples and events, and one event alone (a message of about 450 B, where a build's per-call
 * glue shows). Each candidate runs in a fresh worker thread per round (rounds rotate the order);
 * each worker also times gunzip of the same sample, so "÷ gunzip" is a ratio from one worker and
 * one round, like the codecs' speed-ups against JSON. Figures: the median over rounds (range).
 * Then the chosen build in a browser Web Worker (Debian's Chromium, when installed).
 *
 * Target: decompression of the tuples' zstd frame within ×3 of gunzip's time on Node
 * 20; the chosen build should be at least as fast as gunzip (÷ gunzip ≤ 1).
 * Flags: --rounds N (default 3), --budget-ms N per operation (default 60), --levels 1,3,9 (19 takes seconds
 * per call on 1 MB),
 * --skip-browser. The machine may be shared: compare rows of one run, not runs.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { formatBytes, formatDurationRange, formatSpeedupRange } from '../../src/shared/format';
import { medianOf } from '../../src/measurement/stats';
import { CANDIDATES, NOT_INSTALLABLE, OPTIONAL_INSTALL, versionOf } from './zstd/candidates';
import type { CandidateAnswer, CandidateJob, SampleFigures } from './zstd/candidate-worker';
import { measureInBrowser } from './zstd/browser';
const repoRoot = path.resolve(__dirname, '..', '..');

const { values } = parseArgs({
  options: { rounds: { type: 'string' }, 'budget-ms': { type: 'string' }, levels: { type: 'string' }, 'skip-browser': { type: 'boolean' } },
});
const ROUNDS = Number(values.rounds ?? 3);
const BUDGET_MS = Number(values['budget-ms'] ?? 60);
const LEVELS = (values.levels ?? '1,3,9').split(',').map(Number);
const WORKER_TIMEOUT_MS = 300_000;

function samples(): CandidateJob['samples'] {
  const read = (name: string) => new Uint8Array(fs.readFileSync(path.join(repoRoot, 'schemas', name)));
  const events = JSON.parse(Buffer.from(read('events.json')).toString('utf8')) as unknown[];
  const texts = events.map((event) => JSON.stringify(event));
  const mean = texts.reduce((sum, text) => sum + text.length, 0) / texts.length;
  // The event whose JSON is nearest the mean size: a typical message.
  const typical = texts.reduce((best, text) => (Math.abs(text.length - mean) < Math.abs(best.length - mean) ? text : best));
  return [
    { name: 'schemas/tuples.json', bytes: read('tuples.json') },
    { name: 'schemas/events.json', bytes: read('events.json') },
    { name: 'one event of schemas/events.json', bytes: new TextEncoder().encode(typical) },
  ];
}

function runCandidate(job: CandidateJob): Promise<CandidateAnswer> {
  return new Promise((resolve) => {
    // A TypeScript worker: tsx's require hook, registered inside the worker, loads it.
    const entry = path.join(__dirname, 'zstd', 'candidate-worker.ts');
    const worker = new Worker(`require('tsx/cjs'); require(${JSON.stringify(entry)});`, { eval: true, workerData: job });
    const timer = setTimeout(() => {
      void worker.terminate();
      resolve({ loaded: false, why: `no answer within ${WORKER_TIMEOUT_MS / 1000} s` });
    }, WORKER_TIMEOUT_MS);
    worker.once('message', (answer: CandidateAnswer) => {
      clearTimeout(timer);
      resolve(answer);
      void worker.terminate();
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      resolve({ loaded: false, why: `the worker failed: ${error.message}` });
    });
  });
}

const span = (values: number[]): [number, number] => [Math.min(...values), Math.max(...values)];
const range = (values: number[]) => formatDurationRange(medianOf(values), span(values));
const ratioRange = (values: number[]) => formatSpeedupRange(medianOf(values), span(values));

function sampleTable(name: string, bytes: number, answers: Map<string, CandidateAnswer[]>): string[] {
  const lines: string[] = [];
  const rounds = (id: string) => (answers.get(id) ?? []).flatMap((answer) => (answer.loaded ? [answer.samples.find((sample) => sample.name === name)!] : []));
  const gunzip = [...answers.keys()].flatMap((id) => rounds(id).map((sample) => sample.gunzipNs));
  const gzipBytes = [...answers.keys()].flatMap((id) => rounds(id).map((sample) => sample.gzipBytes))[0];
  lines.push(
    '',
    `${name}: ${formatBytes(bytes)}; gzip 6 ${gzipBytes === undefined ? '—' : formatBytes(gzipBytes)}, gunzip ${gunzip.length > 0 ? range(gunzip) : '—'} over every worker`,
  );
  lines.push(
    `  ${'build'.padEnd(36)}${'level'.padStart(5)}${'frame'.padStart(11)}  ${'compress'.padEnd(31)}${'decompress'.padEnd(31)}decompress ÷ gunzip (same worker)`,
  );
  for (const candidate of CANDIDATES) {
    const label = `${candidate.id} ${versionOf(candidate.id)}`.trim();
    const all = answers.get(candidate.id) ?? [];
    const notLoaded = all.find((answer): answer is Extract<CandidateAnswer, { loaded: false }> => !answer.loaded);
    if (notLoaded) {
      lines.push(`  ${label.padEnd(36)}not measured: ${notLoaded.why}`);
      continue;
    }
    const measured: SampleFigures[] = rounds(candidate.id);
    const failed = measured.find((sample) => sample.failed);
    if (failed) {
      lines.push(`  ${label.padEnd(36)}not measured: ${failed.failed}`);
      continue;
    }
    for (const level of LEVELS) {
      const figures = measured.map((sample) => ({ ...sample.levels.find((entry) => entry.level === level)!, gunzipNs: sample.gunzipNs }));
      const compress = figures.flatMap((entry) => (entry.compressNs === undefined ? [] : [entry.compressNs]));
      lines.push(
        `  ${(level === LEVELS[0] ? label : '').padEnd(36)}${String(level).padStart(5)}${(figures[0]!.frameBytes.toLocaleString('en-US') + ' B').padStart(11)}  ${(compress.length > 0 ? range(compress) : 'decoder only').padEnd(31)}${range(figures.map((entry) => entry.decompressNs)).padEnd(31)}${ratioRange(figures.map((entry) => entry.decompressNs / entry.gunzipNs))}`,
      );
    }
  }
  return lines;
}

async function main(): Promise<void> {
  const jobSamples = samples();
  const answers = new Map<string, CandidateAnswer[]>();
  const started = Date.now();
  for (let round = 0; round < ROUNDS; round++) {
    const order = [...CANDIDATES.slice(round % CANDIDATES.length), ...CANDIDATES.slice(0, round % CANDIDATES.length)];
    for (const candidate of order) {
      const answer = await runCandidate({ candidate: candidate.id, samples: jobSamples, levels: LEVELS, budgetMs: BUDGET_MS });
      answers.set(candidate.id, [...(answers.get(candidate.id) ?? []), answer]);
    }
    process.stderr.write(`round ${round + 1} of ${ROUNDS} done (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
  }
  const out: string[] = [
    `zstd builds side by side: Node ${process.versions.node}, ${ROUNDS} rounds, each build in a fresh worker thread per round, ${BUDGET_MS} ms per operation; median over rounds (range).`,
  ];
  for (const sample of jobSamples) out.push(...sampleTable(sample.name, sample.bytes.byteLength, answers));
  out.push(
    '',
    'load time (import + instantiate, first round): ' +
      CANDIDATES.flatMap((candidate) => {
        const first = answers.get(candidate.id)?.[0];
        return first?.loaded ? [`${candidate.id} ${first.loadMs.toFixed(1)} ms`] : [];
      }).join(', '),
  );
  out.push('', 'notes:', ...CANDIDATES.map((candidate) => `  ${candidate.id} (${candidate.kind}): ${candidate.note}`));
  out.push(...NOT_INSTALLABLE.map((entry) => `  ${entry.id}: not measured, ${entry.why}`));
  out.push(`  the optional candidates: npm install --no-save ${OPTIONAL_INSTALL.join(' ')}`);
  console.log(out.join('\n'));
  if (values['skip-browser']) return;
  const browser = await measureInBrowser(jobSamples, LEVELS, BUDGET_MS).catch((error: unknown) => [
    `Browser: not measured: ${error instanceof Error ? error.message : String(error)}`,
  ]);
  console.log(['', ...browser].join('\n'));
}

void main();
