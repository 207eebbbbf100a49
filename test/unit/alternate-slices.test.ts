/** Timing in slices with real workers: JSON and a codec in turn, A B B A, merged into one window each. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { slicesFor, timeAlternately } from '../../src/engine/alternate-slices';
import { SliceSession, SliceSessionError } from '../../src/engine/slice-session';
import { liveWorkerCount } from '../../src/engine/worker-launch';
import { fixture, workerScript } from '../support/paths';
import type { CodecJob } from '../../src/shared/codec-job';
import { mergeWindows, summarize } from '../../src/measurement/timing-windows';

const limits = { workerScript, memoryLimitMb: 512, timeoutMs: 60_000 };
const job = (builtin: string): CodecJob => ({
  codec: { builtin },
  sample: { path: fixture('mixed-sample.json'), kind: 'json' },
  jsonBytes: 1_000,
  measurement: { operationBudgetMs: 40, minSamples: 4, verify: false },
});

test('slices per side: at least two, at most eight, fewer for slow calls', () => {
  assert.equal(slicesFor([1_000, 2_000], 350), 8);
  assert.equal(slicesFor([50e6], 350), 3);
  assert.equal(slicesFor([500e6], 350), 2);
});

test('a codec and JSON timed in turn: the same number of slices each, merged into one window per operation', async () => {
  const json = await SliceSession.open(job('json'), limits);
  const codec = await SliceSession.open(job('msgpackr'), limits);
  try {
    assert.throws(() => codec.perCallNs, /not warmed up/, 'slices are planned from the warm-up');
    await json.warm();
    await codec.warm();
    assert.ok(codec.bytes > 0 && json.bytes > 0);
    const [codecSide, jsonSide] = await timeAlternately([codec, json], { operationBudgetMs: 40, minSamples: 4 });
    for (const operation of ['encode', 'decode'] as const) {
      const expected = slicesFor([codec.perCallNs[operation], json.perCallNs[operation]], 40);
      assert.equal(codecSide![operation].length, expected, operation);
      assert.equal(jsonSide![operation].length, expected, operation);
      const merged = mergeWindows(codecSide![operation]);
      assert.equal(
        merged.samples.length,
        codecSide![operation].reduce((sum, slice) => sum + slice.samples.length, 0),
      );
      const stats = summarize(merged, 1_000);
      assert.ok(stats.meanNs > 0 && stats.samples >= 4, JSON.stringify(stats));
    }
  } finally {
    await Promise.all([json.close(), codec.close()]);
  }
  assert.equal(liveWorkerCount(), 0);
});

test('a codec that cannot open says where, and leaves no worker behind', async () => {
  await assert.rejects(SliceSession.open({ ...job('json'), codec: { modulePath: fixture('codecs', 'throws-on-encode.cjs') } }, limits), (error: unknown) => {
    assert.ok(error instanceof SliceSessionError);
    assert.equal(error.error.stage, 'encode');
    assert.match(error.error.message, /encoder exploded on purpose/);
    return true;
  });
  assert.equal(liveWorkerCount(), 0);
});
