/** One number format (shared/format.ts) wherever the panel writes a count: 223,228, never 223228. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatCount, formatNumber } from '../../src/shared/format';
import { formatSpread } from '../../webview/panel/format';
import { formatCount as valueCount } from '../../src/analysis/values';
import type { TimingStats } from '../../src/shared/results';

test('counts carry thousands separators, and the noun its plural', () => {
  assert.equal(formatNumber(223228), '223,228');
  assert.equal(formatCount(223228, 'sample'), '223,228 samples');
  assert.equal(formatCount(1, 'record'), '1 record');
  assert.equal(valueCount(223228), '223,228', "the remnants' counts use the same format");
});

test("a timing's spread writes its samples and batch with separators, as its other figures", () => {
  const timing: TimingStats = {
    meanNs: 1500,
    meanInterval: [1400, 1600],
    gcShare: 0.1,
    bytesAllocatedPerCall: 2048,
    bimodal: false,
    medianNs: 1500,
    p75Ns: 1600,
    p99Ns: 1900,
    minNs: 1200,
    maxNs: 2500,
    samples: 223228,
    batchSize: 12500,
    mbPerSec: 40,
  } as TimingStats;
  const spread = formatSpread(timing);
  assert.match(spread, /; 223,228 samples of 12,500 calls each;/);
  assert.doesNotMatch(spread, /\d{4,}/, `a long number without separators in: ${spread}`);
});
