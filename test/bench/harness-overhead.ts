/**
 * The harness's own cost, measured where nothing else differs: in one plain Node process, the
 * codec prepared once (as its worker prepares it), then windows of the engine's sampling loop
 * (measure.ts: warm-up, batching, a clock read per sample; the GC profiler runs in a separate
 * profiling window, not timed) alternated with a
 * bare loop making the same number of the same calls between two clock reads, in the order
 * harness, bare, bare, harness… Drift of the machine lands on both; what is left is overhead.
 * Prints JSON on stdout: per operation, the median over pairs of harness / bare − 1.
 * Usage: node --import tsx test/bench/harness-overhead.ts CODEC SAMPLE.json BUDGET_MS PAIRS
 */
import * as fs from 'node:fs';
import { loadCodec } from '../../src/codecs/load-codec';
import { batchSizeFor, summarize, timeWindow, warmUp } from '../../src/engine/measure';
import { medianOf } from '../../src/engine/stats';

const [codecId, samplePath, budgetText, pairsText] = process.argv.slice(2);
const budgetMs = Number(budgetText ?? 300);
const pairs = Number(pairsText ?? 8);

let sink: unknown;

function bareLoop(call: () => unknown, calls: number): number {
  const start = performance.now();
  for (let i = 0; i < calls; i++) sink = call();
  return ((performance.now() - start) * 1e6) / calls;
}

function overhead(call: () => unknown, jsonBytes: number): number {
  const perCallNs = warmUp(call, Math.max(50, budgetMs * 0.25));
  const batchSize = perCallNs < 20_000 ? batchSizeFor(perCallNs) : 1;
  const ratios: number[] = [];
  for (let pair = 0; pair < pairs; pair++) {
    const harnessFirst = pair % 2 === 0;
    let bareNs = 0;
    if (!harnessFirst) bareNs = bareLoop(call, Math.max(1, Math.round((budgetMs * 1e6) / perCallNs)));
    const window = timeWindow(call, budgetMs, 10, batchSize, perCallNs);
    const harness = summarize(window, jsonBytes);
    const calls = harness.samples * window.batchSize;
    // The bare side makes as many calls as the harness's window did.
    if (harnessFirst) bareNs = bareLoop(call, calls);
    ratios.push(harness.meanNs / bareNs - 1);
  }
  return medianOf(ratios);
}

async function main(): Promise<void> {
  const bytes = fs.readFileSync(samplePath!);
  const sample = JSON.parse(bytes.toString('utf8')) as unknown;
  const { module } = await loadCodec({ builtin: codecId! });
  const prepared = module.prepare(sample, {});
  const encoded = prepared.encode(prepared.input).slice();
  const { input } = prepared;
  const result = {
    encode: overhead(() => prepared.encode(input), bytes.byteLength),
    decode: overhead(() => prepared.decode(encoded), bytes.byteLength),
  };
  if (sink === undefined) throw new Error('unreachable: keeps results alive');
  process.stdout.write(JSON.stringify(result));
}

void main();
