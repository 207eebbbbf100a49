/**
 * Rounds that stop per codec: the bookkeeping on entries made to the point. Runs that stop
 * (or do not) are in engine-fake-runtime.test.ts, where the timings are the test's own.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { markStops, stillMeasuring, type StoppableEntry } from '../../src/engine/round-stops';
import { intervalReach, isSettled } from '../../src/measurement/round-stopping';
import { measurementSettings } from '../../src/engine/settings';
import type { CodecResult, SpeedupVsJson } from '../../src/shared/results';
import { roundsCutShortText } from '../../src/shared/rounds-text';

const plan = { minRounds: 3, settledWithin: 0.25 };
const speedup = (encode: [number, number, number], decode: [number, number, number]): SpeedupVsJson => ({
  encode: encode[0],
  decode: decode[0],
  encodeInterval: [encode[1], encode[2]],
  decodeInterval: [decode[1], decode[2]],
});

test("an interval's reach is its wider side against the median, as a ratio less 1; settled needs both within the width, and the minimum rounds", () => {
  assert.equal(intervalReach(4, [3.2, 4.4]), 0.25);
  assert.ok(Math.abs(intervalReach(2, [1.5, 2.2]) - 1 / 3) < 1e-12);
  assert.equal(intervalReach(2, [0, 3]), Number.POSITIVE_INFINITY);
  const narrow = speedup([4, 3.6, 4.4], [2, 1.8, 2.2]);
  assert.equal(isSettled(narrow, 3, plan), true);
  assert.equal(isSettled(narrow, 2, plan), false, 'before the minimum');
  assert.equal(isSettled(speedup([4, 3.6, 4.4], [2, 1.2, 2.2]), 5, plan), false, 'decode is wide');
  assert.equal(isSettled(null, 5, plan), false, 'no speed-ups (JSON failed)');
});

type Entry = StoppableEntry & { id: string; speedup: SpeedupVsJson | null };
const entry = (id: string, rounds: number, speedupVsJson: SpeedupVsJson | null, status: CodecResult['status'] = 'completed'): Entry => ({
  id,
  first: { status } as CodecResult,
  timings: Array.from({ length: rounds }),
  speedup: speedupVsJson,
});

test('codecs stop once settled or at the most rounds; JSON, the baseline, once none is left; a failed codec has nothing to stop', () => {
  const json = entry('json', 3, speedup([1, 1, 1], [1, 1, 1]));
  const settled = entry('avsc', 3, speedup([9, 8, 10], [3, 2.8, 3.2]));
  const wide = entry('bson', 3, speedup([1, 0.5, 2], [1, 0.9, 1.1]));
  const failed = entry('pbf', 1, null, 'skipped');
  const entries = [json, settled, wide, failed];
  markStops(entries, json, { round: 3, rounds: 5 }, plan, (e) => e.speedup);
  assert.deepEqual(settled.stopped, { rounds: 3, why: 'settled', widest: 0.125 });
  assert.equal(wide.stopped, undefined);
  assert.equal(json.stopped, undefined, 'bson still needs JSON beside it');
  assert.deepEqual(
    entries.filter(stillMeasuring).map((e) => e.id),
    ['json', 'bson'],
  );
  json.timings = Array.from({ length: 5 });
  wide.timings = Array.from({ length: 5 });
  markStops(entries, json, { round: 5, rounds: 5 }, plan, (e) => e.speedup);
  assert.deepEqual(wide.stopped, { rounds: 5, why: 'most-rounds', widest: 1 });
  assert.deepEqual(json.stopped, { rounds: 5, why: 'baseline', widest: null });
  assert.deepEqual(settled.stopped.rounds, 3, 'a stopped codec stays stopped');
  assert.equal(failed.stopped, undefined);
  assert.deepEqual(entries.filter(stillMeasuring), []);
});

test('fixed rounds (no plan): every codec runs to the most; a run of JSON alone has its rounds up to the minimum', () => {
  const json = entry('json', 3, speedup([1, 1, 1], [1, 1, 1]));
  const codec = entry('avsc', 3, speedup([9, 8.9, 9.1], [3, 2.99, 3.01]));
  markStops([json, codec], json, { round: 3, rounds: 5 }, undefined, (e) => e.speedup);
  assert.equal(codec.stopped, undefined);
  const alone = entry('json', 2, speedup([1, 1, 1], [1, 1, 1]));
  markStops([alone], alone, { round: 2, rounds: 5 }, plan, (e) => e.speedup);
  assert.equal(alone.stopped, undefined);
  alone.timings = Array.from({ length: 3 });
  markStops([alone], alone, { round: 3, rounds: 5 }, plan, (e) => e.speedup);
  assert.deepEqual(alone.stopped, { rounds: 3, why: 'settled', widest: null });
});

test("the settings: rounds stop per codec from the third unless fixed, for default and thorough counts; quick's two rounds are fixed", () => {
  assert.deepEqual(measurementSettings({}).adaptiveRounds, { minRounds: 3, settledWithin: 0.25 });
  assert.equal(measurementSettings({ rounds: 10, fixedRounds: true }).adaptiveRounds, undefined);
  assert.equal(measurementSettings({ quick: true }).adaptiveRounds, undefined);
  assert.equal(measurementSettings({ rounds: 3 }).adaptiveRounds, undefined, 'three rounds leave nothing to stop early');
});

test('a quick run cut short, in words: as few decimals as tell the round from the limit; a saved sentence as it is', () => {
  const cut = (firstRoundMs: number, limitMs: number) => roundsCutShortText({ code: 'quick-first-round-over-limit', firstRoundMs, limitMs });
  assert.equal(cut(41_000, 20_000), 'quick run: the first round took 41 s (over 20 s), so it was the only one; speed-ups have no range');
  assert.match(cut(12_400, 12_000), /took 12\.4 s \(over 12\.0 s\)/);
  assert.match(cut(12_040, 12_000), /took 12\.04 s \(over 12\.00 s\)/);
  assert.match(cut(300, 299), /took 300 ms \(over 299 ms\)/);
  assert.equal(roundsCutShortText('an older report’s own sentence'), 'an older report’s own sentence');
});
