/**
 * `npm run bench:host`: does a run keep the extension host responsive, and is activation cheap?
 * 1. Event-loop delay (p50/p99/max) of this process — standing in for the extension host's
 *    thread — while the engine compares a 50 MB sample (quick mode, all codecs). Aim: p99 ≤ 20 ms.
 *    The sample is passed by path, as the extension does for saved files: workers read it.
 * 2. Activation: time to load dist/extension.js and run activate(), with a minimal stand-in
 *    for the `vscode` module (it measures our code's cost, not VS Code's). Aim: ≤ 30 ms.
 * 3. Event-loop delay during a browser run on the same sample (host-browser-run.ts).
 *    Aim: p99 ≤ 20 ms. `--browser-only` runs this case alone.
 */
import * as fs from 'node:fs';
import Module from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { compareSample } from '../../src/engine/compare';
import { repoRoot, workerScript } from '../support/paths';
import { delayLine, eventLoopDuringBrowserRun, rowLine } from './host-browser-run';
import { writeLargeTuplesSample } from './large-sample';

const TARGET_BYTES = 50 * 1000 * 1000;

function write50MbSample(): string {
  return writeLargeTuplesSample(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-bench-')), 'tuples-50mb.json'), TARGET_BYTES);
}

function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

async function eventLoopDuringRun(file: string): Promise<void> {
  const size = fs.statSync(file).size;
  console.log(`1. Event-loop delay of the host thread during a quick run on ${(size / 1e6).toFixed(1)} MB (aim p99 ≤ 20 ms)`);
  // The 50 MB of items built above are garbage now: collect them first, or their collection
  // would be counted as the engine's delay.
  collectGarbage();
  // 1 ms resolution: the histogram's values include the sampling interval.
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const started = performance.now();
  const report = await compareSample(
    { path: file },
    {
      quick: true,
      workerScript,
      onResult: (row) => console.log(rowLine(row)),
    },
  );
  histogram.disable();
  console.log(`   run took ${((performance.now() - started) / 1000).toFixed(1)} s for ${report.results.length} codecs`);
  console.log(`   event-loop delay (1 ms sampling interval included): ${delayLine(histogram)}\n`);
}

/** Just enough of the vscode API for activate() to register its commands, serializer and log. */
function vscodeStandIn(): unknown {
  const disposable = { dispose() {} };
  return {
    window: {
      createOutputChannel: () => ({ ...disposable, info() {}, warn() {}, error() {}, appendLine() {} }),
      registerWebviewPanelSerializer: () => disposable,
    },
    commands: { registerCommand: () => disposable },
    languages: { createDiagnosticCollection: () => ({ ...disposable, set() {}, delete() {}, clear() {} }) },
    EventEmitter: class {
      readonly event = () => disposable;
      fire(): void {}
      dispose(): void {}
    },
    Uri: { joinPath: () => ({}), file: () => ({}) },
  };
}

function activationTime(): void {
  console.log('2. Activation: load dist/extension.js + activate() (aim ≤ 30 ms)');
  const standIn = vscodeStandIn();
  const originalLoad = (Module as unknown as { _load: (...args: unknown[]) => unknown })._load;
  (Module as unknown as { _load: (...args: unknown[]) => unknown })._load = function load(request: unknown, ...rest: unknown[]) {
    return request === 'vscode' ? standIn : originalLoad.call(this, request, ...rest);
  };
  const bundle = path.join(repoRoot, 'dist', 'extension.js');
  const context = { subscriptions: [] as unknown[], extensionUri: {}, globalState: { get() {}, update() {} } };
  const t0 = performance.now();
  const extension = require(bundle) as { activate(context: unknown): void };
  const t1 = performance.now();
  extension.activate(context);
  const t2 = performance.now();
  console.log(
    `   load ${(t1 - t0).toFixed(1)} ms + activate ${(t2 - t1).toFixed(1)} ms = ${(t2 - t0).toFixed(1)} ms; bundle ${(fs.statSync(bundle).size / 1024).toFixed(0)} KiB; ${context.subscriptions.length} registrations`,
  );
}

async function main(): Promise<void> {
  const browserOnly = process.argv.includes('--browser-only');
  if (!browserOnly) {
    activationTime();
    console.log('');
  }
  const file = write50MbSample();
  try {
    if (!browserOnly) await eventLoopDuringRun(file);
    collectGarbage();
    await eventLoopDuringBrowserRun(file);
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

void main();
