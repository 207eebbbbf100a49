import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { compareSample } from '../../src/engine/compare';
import type { CodecResult, CompletedResult } from '../../src/shared/results';
import { FAST, fixture, tuplesSample } from '../support/paths';
import { noteText } from '../../src/shared/row-facts-text';
import { noteOf } from '../support/notes';

/** Published size ratios against JSON on the tuple dataset (Node 22). */
const PUBLISHED_RATIOS: Record<string, number> = {
  avsc: 0.32,
  protobufjs: 0.42,
  msgpackr: 0.53,
  'cbor-x': 0.53,
  v8: 0.61,
  bson: 0.79,
};
const ALL_CODECS = ['json', 'avsc', 'protobufjs', 'msgpackr', 'cbor-x', 'bson', 'v8'];

function completedRow(results: CodecResult[], codec: string): CompletedResult {
  const row = results.find((r) => r.codec === codec);
  assert.ok(row, `no row for ${codec}`);
  assert.equal(row.status, 'completed', `${codec}: ${row.status !== 'completed' ? `${row.error.stage}: ${row.error.message}` : ''}`);
  return row as CompletedResult;
}

const bundled = compareSample({ path: tuplesSample, bytes: fs.readFileSync(tuplesSample) }, FAST);

test('every codec completes on the bundled dataset, in registry order, JSON first', async () => {
  const report = await bundled;
  assert.deepEqual(
    report.results.map((r) => r.codec),
    ALL_CODECS,
  );
  for (const codec of ALL_CODECS) completedRow(report.results, codec);
});

test('size ratios on the bundled dataset land within ±0.02 of the published ones', async () => {
  const report = await bundled;
  for (const [codec, published] of Object.entries(PUBLISHED_RATIOS)) {
    const row = completedRow(report.results, codec);
    assert.ok(row.ratio !== null && Math.abs(row.ratio - published) <= 0.02, `${codec}: ratio ${row.ratio}, published ${published}`);
  }
});

test('the ratio denominator is the minified UTF-8 JSON of the parsed sample', async () => {
  const report = await bundled;
  const parsed = JSON.parse(fs.readFileSync(tuplesSample, 'utf8'));
  assert.equal(report.input.jsonBytes, Buffer.byteLength(JSON.stringify(parsed)));
  const json = completedRow(report.results, 'json');
  assert.equal(json.bytes, report.input.jsonBytes);
  assert.equal(json.ratio, 1);
});

test('every codec round-trips the bundled dataset without loss', async () => {
  const report = await bundled;
  for (const codec of ALL_CODECS) {
    const row = completedRow(report.results, codec);
    assert.ok(
      ['exact', 'equivalent'].includes(row.roundTrip.status),
      `${codec}: ${row.roundTrip.status} ${JSON.stringify(row.roundTrip.differences.slice(0, 3))}`,
    );
  }
});

test('protobufjs and avsc decode to non-plain prototypes; the others to plain data', async () => {
  const report = await bundled;
  for (const codec of ['protobufjs', 'avsc']) {
    const row = completedRow(report.results, codec);
    assert.equal(row.roundTrip.status, 'equivalent');
    assert.ok(
      row.remnants.some((r) => r.kind === 'prototype'),
      `${codec} should show a prototype remnant`,
    );
  }
  for (const codec of ['json', 'msgpackr', 'cbor-x', 'bson', 'v8']) {
    const row = completedRow(report.results, codec);
    assert.equal(row.roundTrip.status, 'exact', codec);
    assert.deepEqual(row.remnants, [], codec);
  }
});

test('timings carry the full statistics and speed-ups against the same run', async () => {
  const report = await bundled;
  const json = completedRow(report.results, 'json');
  for (const codec of ALL_CODECS) {
    const row = completedRow(report.results, codec);
    for (const stats of [row.encode, row.decode]) {
      assert.ok(stats.samples >= FAST.minSamples, `${codec}: ${stats.samples} samples`);
      assert.ok(
        stats.minNs > 0 && stats.minNs <= stats.medianNs && stats.medianNs <= stats.p75Ns && stats.p75Ns <= stats.p99Ns && stats.p99Ns <= stats.maxNs,
        `${codec}: ordered statistics`,
      );
      assert.ok(stats.minNs <= stats.meanNs && stats.meanNs <= stats.maxNs, `${codec}: the amortised time lies within the calls' range`);
      assert.ok(stats.gcShare !== null && stats.gcShare >= 0 && stats.gcShare <= 1, `${codec}: GC share ${stats.gcShare}`);
      assert.ok(stats.rme >= 0 && Number.isFinite(stats.rme));
      assert.ok(stats.mbPerSec > 0);
    }
    assert.ok(row.speedupVsJson);
    // One round: the speed-up is JSON's amortised time over the codec's, both from that round.
    assert.ok(Math.abs(row.speedupVsJson.encode - json.encode.meanNs / row.encode.meanNs) < 0.01);
  }
});

test('compressed sizes are reported for every completed row', async () => {
  const report = await bundled;
  for (const codec of ALL_CODECS) {
    const { compressed, bytes } = completedRow(report.results, codec);
    assert.ok(compressed.gzip > 0 && compressed.gzip < bytes, `${codec} gzip`);
    assert.ok(compressed.brotli > 0 && compressed.brotli < bytes, `${codec} brotli`);
  }
});

test('every codec round-trips nested objects, unicode, booleans and empty containers', async () => {
  const path = fixture('mixed-sample.json');
  const report = await compareSample({ path, bytes: fs.readFileSync(path) }, FAST);
  for (const codec of ALL_CODECS) {
    const row = completedRow(report.results, codec);
    // protobufjs included: proto3 has no null, and the inferred google.protobuf.Value gives it back.
    assert.ok(['exact', 'equivalent'].includes(row.roundTrip.status), `${codec}: ${JSON.stringify(row.roundTrip)}`);
  }
});

test('a root array is wrapped for BSON and the row says so', async () => {
  const report = await compareSample({ path: 'list.json', bytes: Buffer.from('[{"a":1},{"a":2}]') }, { ...FAST, codecs: ['bson'] });
  const row = completedRow(report.results, 'bson');
  assert.equal(row.roundTrip.status, 'exact');
  assert.deepEqual(noteOf(row.notes, 'bson-wrapped'), { code: 'bson-wrapped', key: 'value', messages: false }, row.notes.map(noteText).join('; '));
});

test("a sample above BSON's 16 MiB document limit is a skipped BSON row that says why", async () => {
  // 17 MiB of string in one document: over MongoDB's limit, and past bson's serializer buffer.
  const big = { blob: 'x'.repeat(17 * 1024 * 1024) };
  const report = await compareSample({ path: 'big.json', bytes: Buffer.from(JSON.stringify(big)) }, { ...FAST, codecs: ['bson', 'msgpackr'] });
  const bson = report.results.find((row) => row.codec === 'bson');
  assert.equal(bson?.status, 'skipped');
  assert.match(bson?.status === 'skipped' ? bson.error.message : '', /limited to 16 MiB.*17,825,8\d\d bytes/);
  assert.equal(report.results.find((row) => row.codec === 'msgpackr')?.status, 'completed');
});
