/**
 * The sample profile (counted in the worker that reads the sample) and the advice that follows
 * from it and a real run's figures.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { profileSample } from '../../src/analysis/sample-profile';
import { compareSample } from '../../src/engine/compare';
import { computeAdvice } from '../../src/report/advice';
import { jsonDocument } from '../../src/report/json-document';
import type { CompletedResult } from '../../src/shared/results';
import { FAST, repoRoot, sampleFrom } from '../support/paths';

test('the profile counts keys and their repeats, string and number bytes, 32-bit integers, float32-exact doubles, depth and nulls', () => {
  const sample = [
    { id: 1, name: 'ä', score: 0.5, tags: ['x'], extra: null },
    { id: 2 ** 40, name: 'bb', score: 0.1, tags: [], extra: { deep: true } },
  ];
  const profile = profileSample(sample);
  assert.equal(profile.objects, 3);
  assert.equal(profile.arrays, 3);
  assert.equal(profile.depth, 3);
  assert.equal(profile.keys.occurrences, 11);
  assert.equal(profile.keys.distinct, 6);
  assert.deepEqual(profile.keys.top.slice(0, 5).map((entry) => entry.count), [2, 2, 2, 2, 2]);
  assert.equal(profile.keys.jsonBytes, 2 * (4 + 6 + 7 + 6 + 7) + 6);
  assert.deepEqual(profile.strings, { count: 3, jsonBytes: Buffer.byteLength('"ä""bb""x"') });
  assert.deepEqual(profile.numbers, { count: 4, integers: 2, int32: 1, doubles: 2, float32Exact: 1, jsonBytes: '1'.length + String(2 ** 40).length + '0.5'.length + '0.1'.length });
  assert.equal(profile.nulls, 1);
  assert.equal(profile.booleans, 1);
  // Every value once: 2 records + their 10 members, the nested object's 1, the tag.
  assert.equal(profile.values, 1 + 2 + 10 + 1 + 1);
});

test('a deeply nested sample is profiled without overflowing the stack', () => {
  let deep: unknown = 1;
  for (let i = 0; i < 100_000; i++) deep = [deep];
  assert.equal(profileSample(deep).depth, 100_000);
});

test('advice from a real run: repeated keys in MessagePack, float32-exact doubles, each with its figure', async () => {
  // Records with long repeated keys and doubles a float32 holds exactly (halves, quarters).
  const records = Array.from({ length: 300 }, (_, i) => ({ measurementIdentifier: i, temperatureReading: i / 4, humidityPercentage: (i % 8) / 2 }));
  const report = await compareSample(sampleFrom(records), { ...FAST, codecs: ['json', 'avsc', 'msgpackr'] });
  assert.ok(report.input.profile, 'the profile travels with the sample info');
  assert.equal(report.input.profile.numbers.float32Exact, report.input.profile.numbers.doubles);
  const advice = computeAdvice(report.results, report.input);
  const ids = advice.map((item) => item.id);
  assert.ok(ids.includes('repeated-keys') && ids.includes('float32'), ids.join(', '));
  const msgpack = report.results.find((row): row is CompletedResult => row.codec === 'msgpackr' && row.status === 'completed')!;
  const share = Math.round((msgpack.byteAttribution!.keys / msgpack.bytes) * 100);
  const keys = advice.find((item) => item.id === 'repeated-keys')!.text;
  assert.match(keys, new RegExp(`^${share}% of MessagePack bytes are repeated keys \\(3 distinct keys, each written 300 times on average\\): a schema format writes none: avsc takes `));
  assert.match(advice.find((item) => item.id === 'float32')!.text, /^all \d+ doubles are exact in float32: `--doubles float`/);
  // --json carries it.
  assert.deepEqual((JSON.parse(jsonDocument(report)) as { advice: unknown }).advice, advice);
});

test('advice on the string-heavy dataset: string values dominate, compression saves more', async () => {
  const path = join(repoRoot, 'schemas', 'events.json');
  const report = await compareSample({ path, bytes: readFileSync(path) }, { ...FAST, codecs: ['json', 'avsc'] });
  const strings = computeAdvice(report.results, report.input).find((item) => item.id === 'strings-dominate');
  assert.ok(strings);
  const share = Math.round((report.input.profile!.strings.jsonBytes / report.input.jsonBytes) * 100);
  assert.match(strings.text, new RegExp(`^string values are ${share}% of the JSON bytes: a binary format saves little here \\(smallest: avsc, 0\\.\\d\\d× JSON\\), compression saves more`));
});
