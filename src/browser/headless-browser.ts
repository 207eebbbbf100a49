/**
 * The browser runtime for the CLI: a headless Chromium on a loopback server that serves the
 * runner page, the measuring frames and worker (dist/browser), and carries the page's channel.
 * The page answers the same conversation as the extension's panel, so jobs and reports cross
 * typed, by the same relay (browser-measuring-runtime.ts). The page and everything it loads come
 * from this server only; nothing else is reachable from the measuring frames.
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { DEFAULT_LIMITS } from '../engine/settings';
import { findChromium, launchChromium, CHROMIUM_MISSING, type LaunchedChromium } from './chromium';
import { ChannelClient, ChannelError } from '../shared/channel';
import type { BrowserDescription, HeadlessPageMethods, MeasureEvents } from '../shared/measure-frame';
import { browserMeasuringRuntime } from './browser-measuring-runtime';
import { httpChannelEndpoint } from './http-channel';
import { loopbackGuard } from './loopback-guard';
import { measuringFrameResponder } from './measuring-frame-responses';
import { headlessRunnerHtml } from './pages';
import { DEFAULT_BROWSER_SAMPLE_CAP_BYTES, sampleAboveCap, unavailableBrowserRuntime } from './unavailable-runtime';
import { bundlePath } from '../processes/bundle-path';
import type { MeasuringRuntime } from '../engine/measuring-runtime';

/** How long the page gets to load and report its frames before the run gives up on the browser (a loaded 2-core machine needed over 30 s once). */
const START_TIMEOUT_MS = 90_000;

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
  /** The runner page's address, token included, while a browser runs it. */
  pageUrl?: string;
  close(): Promise<void>;
}

const SCRIPTS = new Set(['measure-worker.js', 'headless-page.js']);

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
  const workerScriptPath = path.join(options.browserDir, 'measure-worker.js');
  if (!fs.existsSync(workerScriptPath)) throw new Error(`${workerScriptPath} is missing: build the bundles first (npm run build)`);

  // The page's conversation: the panel's, over this server (http-channel.ts).
  const endpoint = httpChannelEndpoint();
  const page = new ChannelClient<HeadlessPageMethods, MeasureEvents>(endpoint.transport);
  const frames = measuringFrameResponder(options.browserDir);
  const guard = loopbackGuard();
  const server = http.createServer((request, response) => {
    const name = guard.admit(request, response, (server.address() as AddressInfo).port);
    if (name === undefined) return;
    if (name === 'channel') {
      void (request.method === 'POST' ? readBody(request) : Promise.resolve(undefined)).then((body) => endpoint.handle(request, response, body));
      return;
    }
    if (name === '') return void response.writeHead(200, { 'content-type': 'text/html' }).end(headlessRunnerHtml());
    if (SCRIPTS.has(name)) return void response.writeHead(200, { 'content-type': 'text/javascript' }).end(fs.readFileSync(path.join(options.browserDir, name)));
    // The two measuring frames and their script, each with its policy as a header (as the extension serves them).
    frames(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}${guard.prefix}`;
  const frameUrls = { normal: `${base}frame.html`, strict: `${base}frame-strict.html` };
  const chromium: LaunchedChromium = launchChromium(executable, base);
  chromium.process.once('exit', (code) => endpoint.pageGone({ reason: 'exited', detail: `code ${code}` }));
  const close = async () => {
    page.close('the run is over');
    await chromium.stop();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };

  const startTimeoutMs = options.startTimeoutMs ?? START_TIMEOUT_MS;
  let browser: BrowserDescription;
  try {
    // The first answer also says the page has loaded.
    browser = await page.request('describe-browser', { frameUrls }, { timeoutMs: startTimeoutMs });
  } catch (error) {
    await close();
    const why =
      error instanceof ChannelError && error.kind === 'timeout'
        ? `did not load the runner page within ${startTimeoutMs / 1000} s`
        : `could not load the runner page: ${error instanceof Error ? error.message : String(error)}`;
    const reason = `${executable} ${why}`;
    return { runtime: unavailableBrowserRuntime(reason), description: reason, close: async () => undefined };
  }

  const strictNote = browser.codeGeneration.strict.allowed ? ' (warning: its strict frame allowed code generation)' : '';
  return {
    runtime: {
      ...browserMeasuringRuntime({
        page,
        pageName: 'the headless browser',
        frameUrls,
        workerSource: fs.readFileSync(workerScriptPath, 'utf8'),
        sampleBytes: options.sampleBytes,
        limits: {
          workerScript: options.workerScript ?? bundlePath('codec-worker', path.join(options.browserDir, '..')),
          memoryLimitMb: DEFAULT_LIMITS.memoryLimitMb,
          timeoutMs: options.timeoutMs,
          ...(options.signal ? { signal: options.signal } : {}),
        },
      }),
      // Chromium and its renderers measure for the run: their CPU is the run's own, not other load.
      measuringProcesses: () => (chromium.process.pid === undefined ? [] : [chromium.process.pid]),
    },
    description: `${browser.userAgent}${strictNote}`,
    pageUrl: base,
    close,
  };
}
