/**
 * The browser half of `npm run bench:zstd`: the chosen build bundled for a browser (the .wasm
 * inlined, as a web app would ship it) and run in a dedicated Web Worker of Debian's Chromium,
 * a fresh worker per round. Without Chromium, the section says *not measured* and why.
 */
import * as esbuild from 'esbuild';
import * as path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_MISSING, findChromium } from '../../../src/browser/chromium';
import { formatBytes, formatDuration, formatSpeedup } from '../../../src/shared/format';
import { medianOf } from '../../../src/measurement/stats';

interface BrowserLevel {
  level: number;
  frameBytes: number;
  compressNs: number;
  decompressNs: number;
  streamNs: number | null;
}
interface BrowserSample {
  name: string;
  gunzipNs: number;
  gzipBytes: number;
  levels: BrowserLevel[];
}
type BrowserAnswer = { ok: true; results: BrowserSample[] } | { ok: false; why: string };

const ROUNDS = 3;

async function bundle(): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [path.join(__dirname, 'browser-worker.ts')],
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    loader: { '.wasm': 'binary' },
    // The web build computes its .wasm's URL even when given the bytes; an iife has no import.meta.
    define: { 'import.meta.url': '"http://localhost/measure-worker.js"' },
    logLevel: 'error',
  });
  return result.outputFiles[0]!.text;
}

export async function measureInBrowser(samples: Array<{ name: string; bytes: Uint8Array }>, levels: number[], budgetMs: number): Promise<string[]> {
  const heading = `Browser (a dedicated Web Worker), @bokuweb/zstd-wasm bundled with its .wasm inlined; gunzip = DecompressionStream('gzip'), asynchronous:`;
  const executable = findChromium();
  if (!executable) return [heading, `  not measured: ${CHROMIUM_MISSING}`];
  const script = await bundle();
  const browser = await chromium.launch({
    executablePath: executable,
    args: [
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
    ],
  });
  const rounds: BrowserSample[][] = [];
  let version = '';
  try {
    version = browser.version();
    const page = await browser.newPage();
    for (let round = 0; round < ROUNDS; round++) {
      const answer: BrowserAnswer = await page.evaluate(
        ({ script, job }) =>
          new Promise<BrowserAnswer>((resolve) => {
            // In the page: its Worker (this file's types are Node's).
            interface PageWorker {
              onmessage: (event: { data: unknown }) => void;
              onerror: (event: { message: string }) => void;
              postMessage(message: unknown): void;
              terminate(): void;
            }
            const PageWorker = (globalThis as unknown as { Worker: new (url: string) => PageWorker }).Worker;
            const worker = new PageWorker(URL.createObjectURL(new Blob([script], { type: 'text/javascript' })));
            worker.onmessage = (event) => {
              resolve(event.data as BrowserAnswer);
              worker.terminate();
            };
            worker.onerror = (event) => resolve({ ok: false, why: event.message });
            // No named helpers here: the page has none of the bundler's (__name).
            worker.postMessage({
              ...job,
              samples: job.samples.map((sample) => ({ name: sample.name, bytes: Uint8Array.from(atob(sample.base64), (char) => char.charCodeAt(0)) })),
            });
          }),
        { script, job: { samples: samples.map((sample) => ({ name: sample.name, base64: Buffer.from(sample.bytes).toString('base64') })), levels, budgetMs } },
      );
      if (!answer.ok) return [heading, `  not measured: the worker failed: ${answer.why}`];
      rounds.push(answer.results);
    }
  } finally {
    await browser.close();
  }
  const lines = [heading.replace('Browser', `Chromium ${version}`)];
  for (const sample of samples) {
    const figures = rounds.map((round) => round.find((entry) => entry.name === sample.name)!);
    const gunzip = figures.map((entry) => entry.gunzipNs);
    lines.push(
      `  ${sample.name}: gzip ${formatBytes(figures[0]!.gzipBytes)}, gunzip ${formatDuration(medianOf(gunzip))} (${formatDuration(Math.min(...gunzip))}–${formatDuration(Math.max(...gunzip))})`,
    );
    for (const level of levels) {
      const at = figures.map((entry) => ({ ...entry.levels.find((candidate) => candidate.level === level)!, gunzipNs: entry.gunzipNs }));
      const stream = at.flatMap((entry) => (entry.streamNs === null ? [] : [entry.streamNs]));
      lines.push(
        `    level ${String(level).padStart(2)}: frame ${formatBytes(at[0]!.frameBytes).padStart(10)}, compress ${formatDuration(medianOf(at.map((entry) => entry.compressNs))).padStart(9)}, decompress ${formatDuration(medianOf(at.map((entry) => entry.decompressNs))).padStart(9)}, ÷ gunzip ${formatSpeedup(medianOf(at.map((entry) => entry.decompressNs / entry.gunzipNs)))}; the browser's zstd DecompressionStream: ${stream.length > 0 ? formatDuration(medianOf(stream)) : 'none in this browser'}`,
      );
    }
  }
  return lines;
}
