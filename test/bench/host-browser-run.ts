/**
 * The host's side of a browser run, for `npm run bench:host`: what the host thread does while
 * the codecs run in a headless Chromium's Web Workers (the CLI's browser runtime,
 * src/browser/headless-browser.ts): the loopback server that serves the runner page, the
 * measuring frames, the worker script and the sample; the long polls that hand out jobs; the
 * reports and encoded bytes coming back; the compression sizes and hash of those bytes.
 */
import { fork } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { monitorEventLoopDelay, performance, type IntervalHistogram } from 'node:perf_hooks';
import { compareSample } from '../../src/engine/compare';
import { startHeadlessBrowser } from '../../src/browser/headless-browser';
import type { CodecResult } from '../../src/shared/results';
import { repoRoot, workerScript } from '../support/paths';

const ms = (ns: number) => `${(ns / 1e6).toFixed(1)} ms`;

/** p50/p99/max of a histogram sampled at 1 ms, as one line. */
export function delayLine(histogram: IntervalHistogram): string {
  return `p50 ${ms(histogram.percentile(50))}, p99 ${ms(histogram.percentile(99))}, max ${ms(histogram.max)} (${histogram.count} samples)`;
}

export function rowLine(row: CodecResult): string {
  return `   ${row.codec.padEnd(22)} ${row.status}${row.status === 'completed' ? `, ratio ${row.ratio}` : `: ${row.error.message}`}`;
}

interface DelayFigures {
  p50: number;
  p99: number;
  max: number;
  count: number;
}

/** An idle process beside the run (idle-loop.cjs): what the machine alone does to an event loop. */
function startIdleControl(): { stop(): Promise<DelayFigures> } {
  const child = fork(path.join(__dirname, 'idle-loop.cjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return {
    stop: () =>
      new Promise((resolve, reject) => {
        child.once('message', (figures) => resolve(figures as DelayFigures));
        child.once('error', reject);
        child.send('stop');
      }),
  };
}

/** Stalls of the host thread over 50 ms, with the codec stage the run was in: where to look. */
function stallWatch(started: number): { during: (what: string) => void; stop(): string } {
  const stalls: { at: number; ms: number; during: string }[] = [];
  let during = 'starting';
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    if (now - last > 50) stalls.push({ at: now - started, ms: now - last, during });
    last = now;
  }, 5);
  return {
    during: (what) => void (during = what),
    stop() {
      clearInterval(timer);
      const longest = stalls.sort((a, b) => b.ms - a.ms).slice(0, 5);
      return `${stalls.length} stalls over 50 ms${longest.length ? `; longest: ${longest.map((stall) => `${stall.ms.toFixed(0)} ms at ${(stall.at / 1000).toFixed(1)} s (${stall.during})`).join(', ')}` : ''}`;
    },
  };
}

/** A quick browser run of the default codecs on `file`, with the host thread's event-loop delay. */
export async function eventLoopDuringBrowserRun(file: string, codecs?: string[]): Promise<void> {
  const sampleBytes = fs.readFileSync(file);
  console.log(
    `3. Event-loop delay of the host thread during a quick browser run on ${(sampleBytes.byteLength / 1e6).toFixed(1)} MB (headless Chromium; aim p99 ≤ 20 ms)`,
  );
  const control = startIdleControl();
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const started = performance.now();
  const stalls = stallWatch(started);
  const browser = await startHeadlessBrowser({ sampleBytes, browserDir: path.join(repoRoot, 'dist', 'browser'), timeoutMs: 600_000 });
  console.log(`   ${browser.description} (started in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  try {
    const report = await compareSample(
      { path: file },
      {
        quick: true,
        workerScript,
        runtime: browser.runtime,
        ...(codecs ? { codecs } : {}),
        onStage: (codec, stage) => stalls.during(`${codec}: ${stage}`),
        onResult: (row) => console.log(rowLine(row)),
      },
    );
    histogram.disable();
    const idle = await control.stop();
    console.log(`   run took ${((performance.now() - started) / 1000).toFixed(1)} s for ${report.results.length} codecs`);
    console.log(`   event-loop delay (1 ms sampling interval included): ${delayLine(histogram)}`);
    console.log(`   ${stalls.stop()}`);
    console.log(
      `   an idle Node process beside it (the machine's own share): p50 ${idle.p50.toFixed(1)} ms, p99 ${idle.p99.toFixed(1)} ms, max ${idle.max.toFixed(1)} ms (${idle.count} samples)\n`,
    );
  } finally {
    await browser.close();
  }
}
