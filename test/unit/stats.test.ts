import { test } from 'node:test';
import assert from 'node:assert/strict';
import { median, quantile, relativeMarginOfError, tCritical95 } from '../../src/engine/stats';
import { summarize } from '../../src/engine/measure';

test('the median interpolates between the two middle samples', () => {
  assert.equal(median([1, 2, 3, 10]), 2.5);
  assert.equal(median([1, 2, 30]), 2);
});

test('quantiles take the nearest rank below', () => {
  const sorted = Array.from({ length: 101 }, (_, i) => i);
  assert.equal(quantile(sorted, 0.75), 75);
  assert.equal(quantile(sorted, 0.99), 99);
});

test('the relative margin of error uses Student t for small samples', () => {
  // mean 10, sample sd 1, n 4: t(3) * 1 / sqrt(4) / 10
  const samples = [9, 10, 10, 11].map((v) => v);
  const sd = Math.sqrt(2 / 3);
  assert.ok(Math.abs(relativeMarginOfError(samples) - (3.182 * sd) / 2 / 10) < 1e-12);
  assert.equal(tCritical95(1000), 1.96);
});

test('identical samples have no margin of error', () => {
  assert.equal(relativeMarginOfError([5, 5, 5]), 0);
});

test('throughput is computed against the JSON bytes at the median time', () => {
  const stats = summarize([2e6, 1e6, 3e6], 1, 1_000_000); // median 2 ms for 1 MB
  assert.equal(stats.medianNs, 2e6);
  assert.equal(stats.mbPerSec, 500);
  assert.deepEqual([stats.minNs, stats.maxNs, stats.samples], [1e6, 3e6, 3]);
});
