import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isBimodal, median, medianMarginOfError, quantile } from '../../src/measurement/stats';
import { summarize } from '../../src/measurement/timing-windows';

test('the median interpolates between the two middle samples', () => {
  assert.equal(median([1, 2, 3, 10]), 2.5);
  assert.equal(median([1, 2, 30]), 2);
});

test('quantiles take the nearest rank below', () => {
  const sorted = Array.from({ length: 101 }, (_, i) => i);
  assert.equal(quantile(sorted, 0.75), 75);
  assert.equal(quantile(sorted, 0.99), 99);
});

test('the margin of error is the half-width of the order-statistics interval of the median', () => {
  // n = 100: ranks 40 and 60 (1-based) bound the 95% interval of the median.
  const sorted = Array.from({ length: 100 }, (_, i) => 100 + i);
  const center = (149 + 150) / 2;
  assert.equal(medianMarginOfError(sorted), (159 - 139) / 2 / center);
});

test('a slow tail does not widen the margin of the median', () => {
  const steady = Array.from({ length: 90 }, (_, i) => 1000 + (i % 10));
  const withPauses = [...steady, ...Array.from({ length: 10 }, () => 50_000)].sort((a, b) => a - b);
  assert.ok(medianMarginOfError(withPauses) < 0.01, String(medianMarginOfError(withPauses)));
});

test('identical samples have no margin of error', () => {
  assert.equal(medianMarginOfError([5, 5, 5]), 0);
});

test('throughput and the amortised time come from the time in calls over the calls made; GC figures from the profiling window', () => {
  const window = { samples: Float64Array.from([2e6, 1e6, 3e6]), batchSize: 1, inCallsNs: 6e6, windowNs: 6.1e6 };
  const profile = { windowNs: 2e6, calls: 2, pauseNs: 0.2e6, collections: 1, allocatedBytes: 3_000 };
  const stats = summarize(window, 1_000_000, profile); // 2 ms a call for 1 MB
  assert.equal(stats.meanNs, 2e6);
  assert.equal(stats.mbPerSec, 500);
  assert.equal(stats.gcShare, 0.1);
  assert.equal(stats.bytesAllocatedPerCall, 1_500);
  assert.deepEqual([stats.minNs, stats.maxNs, stats.samples], [1e6, 3e6, 3]);
  // Without a profiling window the GC figures are not measured, not zero.
  const unprofiled = summarize(window, 1_000_000);
  assert.deepEqual([unprofiled.gcShare, unprofiled.bytesAllocatedPerCall, unprofiled.meanNs], [null, null, 2e6]);
});

test('the amortised time of batched samples counts every call of every batch', () => {
  const window = { samples: Float64Array.from([10, 30]), batchSize: 100, inCallsNs: 4_000, windowNs: 4_000 };
  assert.equal(summarize(window, 1).meanNs, 20);
});

test('calls that split into a fast group and a slow group are bimodal; a steady spread is not', () => {
  const fast = Array.from({ length: 60 }, (_, i) => 7e6 + (i % 7) * 5e4);
  const slow = Array.from({ length: 40 }, (_, i) => 14e6 + (i % 5) * 1e5);
  assert.equal(isBimodal([...fast, ...slow].sort((a, b) => a - b)), true);
  const steady = Array.from({ length: 100 }, (_, i) => 1e6 * (1 + i / 200));
  assert.equal(isBimodal(steady), false);
  const rareTail = [...Array.from({ length: 97 }, () => 1e6), 5e6, 5e6, 5e6];
  assert.equal(isBimodal(rareTail), false);
});
