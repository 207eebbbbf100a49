import { test } from 'node:test';
import assert from 'node:assert/strict';
import { median, medianMarginOfError, quantile } from '../../src/engine/stats';
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

test('throughput is computed against the JSON bytes at the median time', () => {
  const stats = summarize([2e6, 1e6, 3e6], 1, 1_000_000); // median 2 ms for 1 MB
  assert.equal(stats.medianNs, 2e6);
  assert.equal(stats.mbPerSec, 500);
  assert.deepEqual([stats.minNs, stats.maxNs, stats.samples], [1e6, 3e6, 3]);
});
