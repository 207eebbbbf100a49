import { test } from 'node:test';
import assert from 'node:assert/strict';
import { combineTimings, roundOrder, rowOverRounds, UNSTABLE_SPREAD, type RoundTimings } from '../../src/engine/rounds';
import type { CompletedResult } from '../../src/shared/results';
import { timingStats } from '../support/timing';
import { rerunInterval, studentT995 } from '../../src/measurement/rerun-interval';

function firstRow(codec: string): CompletedResult {
  return {
    codec,
    label: codec,
    format: codec,
    library: codec,
    libraryVersion: '1',
    schema: 'none',
    notes: [],
    status: 'completed',
    bytes: 10,
    ratio: 1,
    compressed: { gzip: 1, brotli: 1, zstd: null },
    encode: timingStats(1),
    decode: timingStats(1),
    speedupVsJson: null,
    roundTrip: { status: 'exact', differences: [] },
    remnants: [],
  };
}

const rounds = (pairs: Array<[encodeNs: number, decodeNs: number]>): RoundTimings[] =>
  pairs.map(([encodeNs, decodeNs], index) => ({ round: index + 1, encode: timingStats(encodeNs), decode: timingStats(decodeNs) }));

test('the first round keeps the given order; each later round starts one codec further on', () => {
  const codecs = ['json', 'avsc', 'bson'];
  assert.deepEqual(
    [0, 1, 2, 3].map((index) => roundOrder(codecs, index)),
    [
      ['json', 'avsc', 'bson'],
      ['avsc', 'bson', 'json'],
      ['bson', 'json', 'avsc'],
      ['json', 'avsc', 'bson'],
    ],
  );
});

test('each round pairs the codec with JSON of the same round; the row shows the median and an interval holding every round', () => {
  // The machine slows down by 2× in round 2 for both: per-round speed-ups stay at 4×.
  const json = rounds([
    [400, 800],
    [800, 1600],
    [420, 840],
  ]);
  const codec = rounds([
    [100, 200],
    [200, 400],
    [100, 210],
  ]);
  const row = rowOverRounds(firstRow('avsc'), codec, json, 1_000);
  assert.deepEqual(
    row.rounds?.map((figures) => figures.speedupVsJson),
    [
      { encode: 4, decode: 4 },
      { encode: 4, decode: 4 },
      { encode: 4.2, decode: 4 },
    ],
  );
  assert.equal(row.speedupVsJson?.encode, 4);
  assert.deepEqual(
    row.speedupVsJson?.encodeInterval,
    rerunInterval([4, 4, 4.2]).map((value) => Number(value.toFixed(3))),
  );
  assert.deepEqual(row.speedupVsJson?.decodeInterval, [4, 4], 'rounds that agree exactly predict the same figure');
  assert.equal(row.encode.meanNs, 100);
  assert.deepEqual(row.encode.meanInterval, [100, 200]);
  // The times moved 2× between rounds, the speed-ups did not: nothing is unstable.
  assert.equal(row.unstable, undefined);
});

test('rounds that disagree widely mark the speed-up unstable, with the spread and a reason', () => {
  const json = rounds([
    [400, 400],
    [400, 400],
    [400, 400],
  ]);
  const codec = rounds([
    [100, 100],
    [200, 100],
    [100, 100],
  ]);
  const row = rowOverRounds(firstRow('msgpackr'), codec, json, 1_000);
  const marker = row.unstable?.find((candidate) => candidate.figure === 'encodeSpeedup');
  assert.ok(marker, JSON.stringify(row.unstable));
  assert.equal(marker.spread, 2);
  assert.match(marker.reason, /^msgpackr encode speed-up: rounds ×2\.00 apart; /);
  assert.ok(!row.unstable?.some((candidate) => candidate.figure === 'decodeSpeedup'));
  assert.ok(UNSTABLE_SPREAD > 1 && UNSTABLE_SPREAD < 2);
});

test('a round in which JSON failed gives no speed-up; without JSON at all the row has none', () => {
  const json = rounds([[400, 400]]);
  const codec = rounds([
    [100, 100],
    [100, 100],
  ]);
  const row = rowOverRounds(firstRow('cbor-x'), codec, json, 1_000);
  assert.equal(row.rounds?.[1]?.speedupVsJson, null);
  assert.deepEqual(row.speedupVsJson?.encodeInterval, [4, 4]);
  assert.equal(rowOverRounds(firstRow('cbor-x'), codec, undefined, 1_000).speedupVsJson, null);
});

test('the JSON row is its own baseline: 1× in every round', () => {
  const json = rounds([
    [400, 400],
    [500, 450],
  ]);
  const row = rowOverRounds(firstRow('json'), json, json, 1_000);
  assert.deepEqual(row.speedupVsJson, { encode: 1, decode: 1, encodeInterval: [1, 1], decodeInterval: [1, 1] });
});

test('combined timings take each field’s median over rounds, extremes over all, samples summed', () => {
  const combined = combineTimings(
    [
      timingStats(100, { gcShare: 0.5, minNs: 80, maxNs: 300, samples: 10, bimodal: true }),
      timingStats(300, { gcShare: 0.1, minNs: 70, maxNs: 900, samples: 20, bimodal: true }),
      timingStats(200, { gcShare: 0.2, minNs: 90, maxNs: 400, samples: 30, bimodal: false }),
    ],
    2_000,
  ); // 2 kB in 200 ns: 10 GB/s
  assert.equal(combined.meanNs, 200);
  assert.deepEqual(combined.meanInterval, [100, 300]);
  assert.equal(combined.gcShare, 0.2);
  assert.deepEqual([combined.minNs, combined.maxNs, combined.samples], [70, 900, 60]);
  assert.equal(combined.bimodal, true);
  assert.equal(combined.mbPerSec, 10_000);
});

test("a later round's speed-up uses the JSON slices timed beside the codec, not JSON's whole round", () => {
  const json = rounds([
    [400, 800],
    [1_000, 1_000],
  ]);
  const codec: RoundTimings[] = [
    { round: 1, encode: timingStats(100), decode: timingStats(200) },
    { round: 2, encode: timingStats(100), decode: timingStats(200), pairedJson: { encodeMeanNs: 300, decodeMeanNs: 600 } },
  ];
  const row = rowOverRounds(firstRow('avsc'), codec, json, 1_000);
  assert.deepEqual(
    row.rounds?.map((figures) => figures.speedupVsJson),
    [
      { encode: 4, decode: 4 },
      { encode: 3, decode: 3 },
    ],
  );
});

test("the re-run interval: two rounds show their range; three or more a 99% prediction for another run's median", () => {
  assert.deepEqual(rerunInterval([2, 3]), [2, 3]);
  // Worked by hand: logs 0, ±0.1 → s = 0.1; t(2) at 99% = 9.925; half-width 9.925 × 0.1 × √(π/3) = 1.0157.
  const [low, high] = rerunInterval([1, Math.exp(0.1), Math.exp(-0.1)]);
  assert.ok(Math.abs(low - Math.exp(-1.0157)) < 1e-3 && Math.abs(high - Math.exp(1.0157)) < 1e-3, `${low} ${high}`);
  // More rounds of the same spread predict more tightly; the rounds themselves always fit.
  const spread = (n: number) => Array.from({ length: n }, (_, i) => Math.exp(i % 2 === 0 ? 0.1 : -0.1));
  const width = (values: number[]) => {
    const [a, b] = rerunInterval(values);
    return b / a;
  };
  assert.ok(width(spread(10)) < width(spread(4)));
  const outlier = [1, 1, 1, 1, 3];
  const [, top] = rerunInterval(outlier);
  assert.ok(top >= 3);
  assert.deepEqual(rerunInterval([5, 5, 5]), [5, 5]);
  assert.equal(studentT995(4), 4.604);
  assert.ok(studentT995(200) < 2.6);
});
