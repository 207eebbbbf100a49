/**
 * The harness's own cost, measured where nothing else differs: in one plain Node process, the
 * codec prepared once (as its worker prepares it), then short windows of the engine's sampling
 * loop (measure.ts: warm-up, batching, a clock read per sample; the GC profiler runs in a
 * separate profiling window, not timed) alternated with a bare loop making the same number of
 * the same calls between two clock reads, in the order harness, bare, bare, harness… Many short
 * pairs rather than a few long ones: a collection lands in one window and not the next, and
 * only many windows on each side even that out. Drift of the machine lands on both; what is
 * left is overhead, but a collection's landing in one window or the other still moves this
 * figure by several percent either way. So the harness's cost is also measured directly: what
 * a timed window adds inside the time it reports is one clock read per sample, timed here over
 * an empty call, over the codec's calls in a sample (batch × time per call).
 * Prints JSON on stdout: per operation, `alternated` (the harness's amortised time over the bare
 * loop's, each summed over all its windows, − 1) and `direct` (clock cost over a sample's calls).
 * Usage: node --import tsx test/bench/harness-overhead.ts CODEC SAMPLE.json WINDOW_MS PAIRS
 */
import * as fs from 'node:fs';
import { loadCodec } from '../../src/codecs/load-codec';
import { batchSizeFor, timeWindow, warmUp } from '../../src/worker/measure';

const [codecId, samplePath, budgetText, pairsText] = process.argv.slice(2);
const budgetMs = Number(budgetText ?? 25);
const pairs = Number(pairsText ?? 40);

let sink: unknown;

function bareLoop(call: () => unknown, calls: number): number {
  const start = performance.now();
  for (let i = 0; i < calls; i++) sink = call();
  return (performance.now() - start) * 1e6;
}

/** Time one sample's clock read adds inside the window's reported time, ns (an empty call timed). */
function clockCostNs(): number {
  const empty = () => undefined;
  warmUp(empty, 50);
  const window = timeWindow(empty, 200, 1, 1, 1);
  return window.inCallsNs / window.samples.length;
}

function overhead(call: () => unknown, clockNs: number): { alternated: number; direct: number } {
  const perCallNs = warmUp(call, Math.max(50, budgetMs * 0.25));
  const batchSize = perCallNs < 20_000 ? batchSizeFor(perCallNs) : 1;
  const harness = { ns: 0, calls: 0 };
  const bare = { ns: 0, calls: 0 };
  // The bare side of a pair makes as many calls as the harness's last window did.
  let calls = Math.max(1, Math.round((budgetMs * 1e6) / perCallNs));
  const bareWindow = () => {
    bare.ns += bareLoop(call, calls);
    bare.calls += calls;
  };
  for (let pair = 0; pair < pairs; pair++) {
    const harnessFirst = pair % 2 === 0;
    if (!harnessFirst) bareWindow();
    const window = timeWindow(call, budgetMs, 1, batchSize, perCallNs);
    calls = window.samples.length * window.batchSize;
    harness.ns += window.inCallsNs;
    harness.calls += calls;
    if (harnessFirst) bareWindow();
  }
  return { alternated: harness.ns / harness.calls / (bare.ns / bare.calls) - 1, direct: clockNs / (batchSize * perCallNs) };
}

async function main(): Promise<void> {
  const bytes = fs.readFileSync(samplePath!);
  const sample = JSON.parse(bytes.toString('utf8')) as unknown;
  const { module } = await loadCodec({ builtin: codecId! });
  const prepared = module.prepare(sample, {});
  const encoded = prepared.encode(prepared.input).slice();
  const { input } = prepared;
  const clockNs = clockCostNs();
  const result = {
    encode: overhead(() => prepared.encode(input), clockNs),
    decode: overhead(() => prepared.decode(encoded), clockNs),
  };
  if (sink === undefined) throw new Error('unreachable: keeps results alive');
  process.stdout.write(JSON.stringify(result));
}

void main();
