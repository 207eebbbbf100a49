/**
 * The browser runtime for the CLI: a loopback HTTP server that serves the runner page, the
 * measuring frames and worker (dist/browser), hands the page one codec job at a time, and
 * turns what comes back into the same fates a Node worker gives. The page and everything it
 * loads come from this server only; nothing else is reachable from the measuring frames.
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import type { WorkerFate } from '../engine/worker-launch';
import { DEFAULT_LIMITS } from '../engine/settings';
import { withEncodedFacts } from './encoded-facts';
import { whyNotInBrowser } from '../codecs/browser-support';
import type { WorkStage } from '../shared/results';
import { findChromium, launchChromium, CHROMIUM_MISSING, type LaunchedChromium } from './chromium';
import type { HeadlessHello, HeadlessTask } from '../shared/headless-protocol';
import { headlessRunnerHtml, measureFrameHtml } from './pages';
import { DEFAULT_BROWSER_SAMPLE_CAP_BYTES, sampleAboveCap, unavailableBrowserRuntime } from './unavailable-runtime';
import type { CodecJob, CodecReport } from '../shared/codec-job';
import { bundlePath } from '../processes/bundle-path';
import type { MeasuringRuntime } from '../engine/measuring-runtime';

/** How long the page gets to load and report its frames before the run gives up on the browser (a loaded 2-core machine needed over 30 s once). */
const START_TIMEOUT_MS = 90_000;
/** A long poll for the next job answers "nothing yet" after this long. */
const POLL_MS = 15_000;

export interface HeadlessOptions {
  sampleBytes: Uint8Array;
  /** dist/browser, holding measure-worker.js, measuring-frame.js and headless-page.js. */
  browserDir: string;
  timeoutMs: number;
  signal?: AbortSignal;
  capBytes?: number;
  chromium?: string;
  /** How long the page gets to load (default START_TIMEOUT_MS); a test suite sharing a loaded machine gives more. */
  startTimeoutMs?: number;
  /** The Node worker bundle that compresses and hashes the bytes a browser returns (default: dist/worker.js beside browserDir). */
  workerScript?: string;
}

export interface HeadlessBrowser {
  runtime: MeasuringRuntime;
  /** The browser's user agent, or why there is no browser. */
  description: string;
  close(): Promise<void>;
}

interface Pending {
  task: HeadlessTask;
  onStage: (stage: WorkStage) => void;
  settle(fate: WorkerFate<CodecReport>): void;
  encoded?: Uint8Array;
}

const SCRIPTS = new Set(['measure-worker.js', 'measuring-frame.js', 'headless-page.js']);

function readBody(request: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

export async function startHeadlessBrowser(options: HeadlessOptions): Promise<HeadlessBrowser> {
  const aboveCap = sampleAboveCap(options.sampleBytes.byteLength, options.capBytes ?? DEFAULT_BROWSER_SAMPLE_CAP_BYTES);
  if (aboveCap) return { runtime: unavailableBrowserRuntime(aboveCap), description: aboveCap, close: async () => undefined };
  const executable = options.chromium ?? findChromium();
  if (!executable) return { runtime: unavailableBrowserRuntime(CHROMIUM_MISSING), description: CHROMIUM_MISSING, close: async () => undefined };
  if (!fs.existsSync(path.join(options.browserDir, 'measure-worker.js'))) {
    throw new Error(`${options.browserDir}/measure-worker.js is missing: build the bundles first (npm run build)`);
  }

  const factsLimits = {
    workerScript: options.workerScript ?? bundlePath('codec-worker', path.join(options.browserDir, '..')),
    memoryLimitMb: DEFAULT_LIMITS.memoryLimitMb,
    timeoutMs: options.timeoutMs,
    ...(options.signal ? { signal: options.signal } : {}),
  };
  const queue: HeadlessTask[] = [];
  const pending = new Map<number, Pending>();
  const waiting: http.ServerResponse[] = [];
  let nextId = 1;
  let closed = false;
  let hello: (value: HeadlessHello) => void = () => undefined;
  let pageFailed: (reason: string) => void = () => undefined;
  const helloReceived = new Promise<HeadlessHello>((resolve, reject) => {
    hello = resolve;
    pageFailed = (reason) => reject(new Error(`the headless runner page failed: ${reason}`));
  });

  const hand = () => {
    while (queue.length > 0 && waiting.length > 0) {
      const response = waiting.shift()!;
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(queue.shift()));
    }
  };

  const server = http.createServer((request, response) => {
    void route(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500).end(String(error));
    });
  });
  const route = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://loopback');
    const id = Number(url.searchParams.get('id'));
    const name = url.pathname.slice(1);
    if (request.method === 'GET') {
      if (name === '') return void response.writeHead(200, { 'content-type': 'text/html' }).end(headlessRunnerHtml());
      if (name === 'frame.html' || name === 'frame-strict.html') {
        return void response.writeHead(200, { 'content-type': 'text/html' }).end(measureFrameHtml('measuring-frame.js', `'self'`, name === 'frame-strict.html'));
      }
      if (SCRIPTS.has(name)) return void response.writeHead(200, { 'content-type': 'text/javascript' }).end(fs.readFileSync(path.join(options.browserDir, name)));
      if (name === 'sample') return void response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(options.sampleBytes);
      if (name === 'next') {
        if (closed) return void response.writeHead(410).end();
        waiting.push(response);
        const timer = setTimeout(() => {
          const at = waiting.indexOf(response);
          if (at !== -1) waiting.splice(at, 1);
          if (!response.headersSent) response.writeHead(204).end();
        }, POLL_MS);
        response.once('close', () => clearTimeout(timer));
        return void hand();
      }
      return void response.writeHead(404).end();
    }
    const body = await readBody(request);
    response.writeHead(204).end();
    if (name === 'hello') hello(JSON.parse(body.toString('utf8')) as HeadlessHello);
    else if (name === 'failed') pageFailed(body.toString('utf8'));
    else if (name === 'stage') pending.get(id)?.onStage(body.toString('utf8') as WorkStage);
    else if (name === 'encoded') {
      const entry = pending.get(id);
      // A view, not a copy: a 50 MB encoding is copied enough on its way (body chunks, the worker message).
      if (entry) entry.encoded = new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
    } else if (name === 'report') {
      const entry = pending.get(id);
      if (!entry) return;
      const report = JSON.parse(body.toString('utf8')) as CodecReport;
      // The browser has no brotli or zstd encoder: sizes come from its bytes, in a Node worker.
      entry.settle(await withEncodedFacts(report, entry.encoded, factsLimits));
    }
  };

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const chromium: LaunchedChromium = launchChromium(executable, `http://127.0.0.1:${port}/`);
  const close = async () => {
    closed = true;
    for (const response of waiting.splice(0)) if (!response.headersSent) response.writeHead(410).end();
    for (const entry of pending.values()) entry.settle({ kind: 'failed', error: { stage: 'crash', message: 'the browser was closed' } });
    await chromium.stop();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };

  const startTimeoutMs = options.startTimeoutMs ?? START_TIMEOUT_MS;
  let greeting: HeadlessHello;
  try {
    greeting = await Promise.race([
      helloReceived,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${executable} did not load the runner page within ${startTimeoutMs / 1000} s`)), startTimeoutMs).unref()),
      new Promise<never>((_, reject) => chromium.process.once('exit', (code) => reject(new Error(`${executable} exited (code ${code}) before loading the runner page`)))),
    ]);
  } catch (error) {
    await close();
    const reason = error instanceof Error ? error.message : String(error);
    return { runtime: unavailableBrowserRuntime(reason), description: reason, close: async () => undefined };
  }

  const send = (job: CodecJob, strict: boolean, onStage: (stage: WorkStage) => void): Promise<WorkerFate<CodecReport>> => {
    if (closed) return Promise.resolve({ kind: 'failed', error: { stage: 'crash', message: 'the browser was closed' } });
    if (options.signal?.aborted) return Promise.resolve({ kind: 'failed', error: { stage: 'cancelled', message: 'cancelled before start' } });
    const task: HeadlessTask = { id: nextId++, job: { ...job, sample: { path: job.sample.path, kind: job.sample.kind } }, strict, timeoutMs: options.timeoutMs };
    return new Promise((resolve) => {
      // The page stops a worker at the timeout; this is the backstop if the page itself hangs.
      const backstop = setTimeout(() => settle({ kind: 'failed', error: { stage: 'timeout', message: `no result from the browser within ${options.timeoutMs + 10_000} ms` } }), options.timeoutMs + 10_000);
      const onAbort = () => settle({ kind: 'failed', error: { stage: 'cancelled', message: 'cancelled' } });
      options.signal?.addEventListener('abort', onAbort, { once: true });
      function settle(fate: WorkerFate<CodecReport>) {
        if (!pending.delete(task.id)) return;
        clearTimeout(backstop);
        options.signal?.removeEventListener('abort', onAbort);
        resolve(fate);
      }
      pending.set(task.id, { task, onStage, settle });
      queue.push(task);
      hand();
    });
  };

  const strictNote = greeting.codeGeneration.strict.allowed ? ' (warning: its strict frame allowed code generation)' : '';
  return {
    runtime: {
      name: 'browser',
      measure: (job, onStage) => send(job, false, onStage),
      measureWithoutCodeGeneration: (job, onStage) => send(job, true, onStage),
      unsupported: whyNotInBrowser,
      // Chromium and its renderers measure for the run: their CPU is the run's own, not other load.
      measuringProcesses: () => (chromium.process.pid === undefined ? [] : [chromium.process.pid]),
    },
    description: `${greeting.userAgent}${strictNote}`,
    close,
  };
}
