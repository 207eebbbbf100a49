import { test } from 'node:test';
import assert from 'node:assert/strict';
import { measureOperation } from '../../src/worker/measure';
import { watchGarbageCollection } from '../../src/worker/gc-window';
import { allocationFigure } from '../../src/shared/format';

/** An operation that allocates about `megabytes` of small objects and takes at least `minMs`. */
function allocating(megabytes: number, minMs: number): { call: () => unknown; calls: () => number } {
  let calls = 0;
  return {
    calls: () => calls,
    call: () => {
      calls++;
      const started = performance.now();
      const kept: Array<{ a: number; b: string }> = [];
      // ~40 bytes per object and its string: megabytes × 25,000 objects.
      for (let i = 0; i < megabytes * 25_000; i++) kept.push({ a: i, b: `v${i}` });
      // Spin to the given length: a call longer than the warm-up time ends the warm-up alone.
      while (performance.now() - started < minMs);
      return kept.length;
    },
  };
}

test('a warm-up of one heavy call is the profiling window: no extra call, and its allocation counted', async () => {
  const heavy = allocating(4, 80);
  const stats = await measureOperation(heavy.call, { budgetMs: 20, minSamples: 2, jsonBytes: 1, warmupMs: 50, watchGarbageCollection });
  // One warm-up call (longer than the warm-up time), then the two samples: no third window.
  assert.equal(heavy.calls(), 3);
  assert.equal(stats.samples, 2);
  assert.ok(stats.bytesAllocatedPerCall !== null && stats.bytesAllocatedPerCall >= 2e6, `${stats.bytesAllocatedPerCall} B per call`);
  assert.ok(stats.gcShare !== null && stats.gcShare >= 0 && stats.gcShare < 1);
});

test('a warm-up of several light calls is followed by a profiling window of its own', async () => {
  const light = allocating(0.2, 0);
  // Called once before, as the run's verify step does: a cold first call on a busy machine can
  // outlast the warm-up time alone.
  for (let i = 0; i < 5; i++) light.call();
  const stats = await measureOperation(light.call, { budgetMs: 40, minSamples: 4, jsonBytes: 1, warmupMs: 40, watchGarbageCollection });
  const timedCalls = stats.samples * stats.batchSize;
  // Warm-up calls, the timed calls, and at least one more profiled call after them.
  assert.ok(light.calls() - 5 > timedCalls + 2, `${light.calls() - 5} calls, ${timedCalls} timed`);
  assert.ok(stats.bytesAllocatedPerCall !== null && stats.bytesAllocatedPerCall >= 1e5, `${stats.bytesAllocatedPerCall} B per call`);
});

test('without a GC watcher nothing is profiled, and the figures say so with null', async () => {
  const heavy = allocating(1, 60);
  const stats = await measureOperation(heavy.call, { budgetMs: 10, minSamples: 1, jsonBytes: 1, warmupMs: 50 });
  assert.equal(heavy.calls(), 2);
  assert.equal(stats.gcShare, null);
  assert.equal(stats.bytesAllocatedPerCall, null);
});

test('calls that allocate Buffers: the figure is a lower bound, flagged so, and not zero', async () => {
  // 256 KiB of ArrayBuffer memory per call, which V8 frees when its sweeper gets to it: between
  // the GC profiler's records, where the frees hide allocations of the same stretch.
  const stats = await measureOperation(() => Buffer.alloc(256 * 1024, 1), { budgetMs: 60, minSamples: 20, jsonBytes: 1, warmupMs: 20, watchGarbageCollection });
  assert.equal(stats.allocationLowerBound, true);
  assert.ok(stats.bytesAllocatedPerCall !== null && stats.bytesAllocatedPerCall > 0, `${stats.bytesAllocatedPerCall} B per call`);
  assert.match(allocationFigure(stats) ?? '', /^≥ /);
});

test('the default warm-up lasts 50 ms at least; a warm-up of 0 ms is two calls', async () => {
  // Calls of a millisecond each, allocating nothing.
  const warmed = allocating(0, 1);
  const started = performance.now();
  await measureOperation(warmed.call, { budgetMs: 1, minSamples: 1, jsonBytes: 1 });
  assert.ok(performance.now() - started >= 50, `${(performance.now() - started).toFixed(1)} ms`);

  const cold = allocating(0, 1);
  await measureOperation(cold.call, { budgetMs: 1, minSamples: 1, jsonBytes: 1, warmupMs: 0 });
  // Two warm-up calls, then a window of a millisecond: one or two calls of a millisecond each.
  assert.ok(cold.calls() <= 4, `${cold.calls()} calls`);
});
