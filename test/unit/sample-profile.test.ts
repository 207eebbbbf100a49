/**
 * The sample profile (counted in the worker that reads the sample) and the advice that follows
 * from it and a real run's figures.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { profileMessages, profileSample } from '../../src/analysis/sample-profile';
import { profileLines } from '../../src/shared/profile-text';
import { timingStats } from '../support/timing';
import { compareSample } from '../../src/engine/compare';
import { computeAdvice } from '../../src/report/advice';
import { jsonDocument } from '../../src/report/json-document';
import type { CompletedResult, SampleInfo } from '../../src/shared/results';
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
  assert.deepEqual(
    profile.keys.top.slice(0, 5).map((entry) => entry.count),
    [2, 2, 2, 2, 2],
  );
  assert.equal(profile.keys.jsonBytes, 2 * (4 + 6 + 7 + 6 + 7) + 6);
  assert.deepEqual(profile.strings, { count: 3, jsonBytes: Buffer.byteLength('"ä""bb""x"') });
  assert.deepEqual(profile.numbers, {
    count: 4,
    integers: 2,
    int32: 1,
    doubles: 2,
    float32Exact: 1,
    jsonBytes: '1'.length + String(2 ** 40).length + '0.5'.length + '0.1'.length,
  });
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
  assert.match(
    keys,
    new RegExp(
      `^${share}% of MessagePack bytes are repeated keys \\(3 distinct keys, each written 300 times on average\\): a schema format writes none: avsc takes `,
    ),
  );
  assert.match(advice.find((item) => item.id === 'float32')!.text, /^all \d+ doubles are exact in float32: `--doubles float`/);
  // --json carries it.
  assert.deepEqual((JSON.parse(jsonDocument(report)) as { advice: unknown }).advice, advice);
});

test('advice on the string-heavy dataset: where a binary format saves little, compression is compared with compression', async () => {
  const path = join(repoRoot, 'schemas', 'events.json');
  // bson writes strings as they are (and keys, and lengths): raw, it saves little against JSON.
  const report = await compareSample({ path, bytes: readFileSync(path) }, { ...FAST, codecs: ['json', 'bson', 'avsc'] });
  const advice = computeAdvice(report.results, report.input, 'gzip');
  const strings = advice.find((item) => item.id === 'strings-dominate');
  const share = Math.round((report.input.profile!.strings.jsonBytes / report.input.jsonBytes) * 100);
  const rows = report.results.filter((row): row is CompletedResult => row.status === 'completed');
  const avsc = rows.find((row) => row.codec === 'avsc')!;
  const json = rows.find((row) => row.codec === 'json')!;
  // avsc writes no keys: 0.6× JSON raw is not "little", so the rule does not speak over it.
  assert.ok(avsc.bytes / json.bytes < 0.7);
  assert.equal(strings, undefined, 'avsc saves too much for "a binary format saves little"');
  const withoutAvsc = computeAdvice(
    report.results.filter((row) => row.codec !== 'avsc'),
    report.input,
    'gzip',
  ).find((item) => item.id === 'strings-dominate');
  assert.ok(withoutAvsc);
  assert.match(
    withoutAvsc.text,
    new RegExp(
      `^string values are ${share}% of the JSON bytes: a binary format saves little here \\(smallest: bson, [\\d.]+× JSON, raw against raw\\); compression shrinks text: with gzip, JSON is 0\\.\\d+× JSON raw and the smallest binary \\(bson\\) 0\\.\\d+×\\.$`,
    ),
  );
  // JSON with gzip is smaller than avsc raw: compress first, then gzip against gzip.
  const first = advice.find((item) => item.id === 'compress-first');
  assert.ok(first);
  assert.match(
    first.text,
    /^JSON with gzip \(0\.\d+× its raw bytes\) is already smaller than the smallest binary encoding sent raw \(avsc, 0\.\d+×\): for size on the wire, compress first; with gzip on both, /,
  );
});

test('every share of the profile is of the same whole: keys, strings, numbers, literals and punctuation add up to the JSON bytes', () => {
  const sample = [{ id: 1, name: 'ä', ok: true, tags: ['x', 'y'], extra: null, nested: { a: [], b: {} } }, [], {}, 'text', 2.5];
  const profile = profileSample(sample);
  const parts = profile.keys.jsonBytes + profile.strings.jsonBytes + profile.numbers.jsonBytes + profile.literalBytes! + profile.punctuationBytes!;
  assert.equal(parts, Buffer.byteLength(JSON.stringify(sample)));
  assert.equal(profile.jsonBytes, parts);
});

test("a stream of messages: the profile walks each message as its own JSON, every share is at most 100% and they add up to all the messages' bytes", () => {
  // 200 messages whose bytes are known: each is its own document on the wire, with no array around them.
  const messages = Array.from({ length: 200 }, (_, i) => ({
    type: i % 2 ? 'click' : 'view',
    user: { id: i, name: `user-${i}` },
    at: i * 1.5,
    ok: i % 3 === 0,
    note: null,
  }));
  const total = messages.reduce((sum, message) => sum + Buffer.byteLength(JSON.stringify(message)), 0);
  const profile = profileMessages(messages);
  assert.equal(profile.jsonBytes, total);
  const shares = [profile.keys.jsonBytes, profile.strings.jsonBytes, profile.numbers.jsonBytes, profile.literalBytes!, profile.punctuationBytes!].map(
    (bytes) => bytes / total,
  );
  for (const share of shares) assert.ok(share >= 0 && share <= 1, String(share));
  assert.equal(shares.reduce((sum, share) => sum + share, 0).toFixed(12), (1).toFixed(12));
  assert.equal(profile.keys.occurrences, 200 * 7);
  assert.equal(profile.arrays, 0, 'no array around the messages');
  // The words: shares of the stream's bytes, never of the mean message (which gave 75205%).
  const input: SampleInfo = {
    path: 'events.jsonl',
    jsonBytes: total / 200,
    fileBytes: total + 200,
    records: 200,
    kind: 'jsonl',
    profile,
    messages: { format: 'jsonl', count: 200, totalJsonBytes: total, skipped: { count: 0, first: [] } },
  };
  const percents = profileLines(input)
    .join('\n')
    .match(/\d+(\.\d+)?%/g)!
    .map((text) => Number.parseFloat(text));
  assert.ok(percents.length >= 5);
  for (const percent of percents) assert.ok(percent <= 100, profileLines(input).join('\n'));
  // An older stream report without the profile's own total: the stream's total, not the mean message.
  const older: SampleInfo = { ...input, profile: { ...profile, jsonBytes: undefined } };
  assert.deepEqual(profileLines(older), profileLines(input));
});

test('message-mode advice compares like with like: no "saves little" beside a binary format at half of JSON, compression against compression', () => {
  const message = (codec: string, bytes: number, zstd: number, schema: 'none' | 'inferred'): CompletedResult => ({
    codec,
    label: codec,
    format: codec,
    library: codec,
    libraryVersion: '1',
    schema,
    notes: [],
    status: 'completed',
    bytes,
    ratio: bytes / 450,
    compressed: { gzip: zstd + 20, brotli: zstd - 5, zstd },
    encode: timingStats(1000),
    decode: timingStats(1000),
    speedupVsJson: null,
    roundTrip: { status: 'exact', differences: [] },
    remnants: [],
    messages: {
      count: 1000,
      sizes: {
        count: 1000,
        min: bytes,
        p50: bytes,
        p90: bytes,
        p99: bytes,
        max: bytes,
        mean: bytes,
        total: bytes * 1000,
        histogram: { start: bytes, binBytes: 1, counts: [1000] },
      },
      framing: [],
      batches: { measured: { from: 800, messages: 200 }, layout: '', sizes: [], notMeasured: [] },
      compression: {
        measured: { from: 800, messages: 200 },
        heldOut: 200,
        levels: { gzip: 6, brotli: 4, zstd: 3 },
        zstdLibrary: 'node:zlib',
        raw: bytes,
        alone: { gzip: zstd + 20, brotli: zstd - 5, zstd },
        zstdTimes: { compressNs: 2000, decompressNs: 1000 },
      },
      dictionary: { status: 'not-measured', reason: 'no zstd CLI', settings: { sizeBytes: 16384, trainShare: 0.8 } },
    },
  });
  // The reported case: JSON with zstd 0.85× per message, avsc 0.49× raw.
  const rows = [message('json', 450, 383, 'none'), message('avsc', 220, 190, 'inferred')];
  const strings = 0.8 * 450 * 1000;
  const profile = { ...profileMessages([{}]), strings: { count: 1000, jsonBytes: strings }, jsonBytes: 450 * 1000 };
  const input: SampleInfo = {
    path: 'e.jsonl',
    jsonBytes: 450,
    fileBytes: 1,
    records: 1000,
    kind: 'jsonl',
    profile,
    messages: { format: 'jsonl', count: 1000, totalJsonBytes: 450_000, skipped: { count: 0, first: [] } },
  };
  const advice = computeAdvice(rows, input, 'zstd');
  assert.equal(
    advice.find((item) => item.id === 'strings-dominate'),
    undefined,
    'avsc at 0.49× JSON does not save little',
  );
  assert.equal(
    advice.find((item) => item.id === 'compress-first'),
    undefined,
    'JSON with zstd (0.85×) is not smaller than avsc raw (0.49×)',
  );
});
