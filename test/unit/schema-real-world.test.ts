/**
 * Real-world-shaped JSON (test/fixtures/real-world): both schema codecs infer a schema for
 * every file, no bigger than the file's JSON, and the round trip loses nothing that the
 * format did not have to change (Long objects for 64-bit integers are protobufjs's own).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { prepare as prepareAvsc } from '../../src/codecs/avsc';
import { prepare as prepareProtobuf } from '../../src/codecs/protobufjs';
import type { CodecModule } from '../../src/codecs/codec';
import { verifyRoundTrip } from '../../src/analysis/verify';
import { variedDocuments } from '../fixtures/real-world/varied-documents';

const folder = join(__dirname, '..', 'fixtures', 'real-world');
const fixtures = readdirSync(folder).filter((name) => name.endsWith('.json'));
const codecs: Array<[string, CodecModule['prepare']]> = [
  ['avsc', prepareAvsc],
  ['protobufjs', prepareProtobuf],
];

function roundTrip(prepare: CodecModule['prepare'], sample: unknown) {
  const prepared = prepare(sample, {});
  return { prepared, result: verifyRoundTrip(sample, prepared.decode(prepared.encode(prepared.input)), { maxDifferences: 1000 }) };
}

/**
 * Differences that lose data. Not: a null where the key was absent (Avro has no absence; the
 * verdict says so), and protobufjs's Long for int64 (another type for the same value).
 */
function realLosses(differences: readonly { kind: string; detail: string }[]) {
  return differences.filter(
    (difference) => difference.kind !== 'null-added' && !(difference.kind === 'type-change' && difference.detail === 'number became Long'),
  );
}

test('the real-world set holds the ten kinds of file the issue names and a GitHub issues export', () => {
  assert.equal(fixtures.length, 11);
});

for (const name of fixtures) {
  const text = readFileSync(join(folder, name), 'utf8');
  const sample: unknown = JSON.parse(text);
  const jsonBytes = JSON.stringify(sample).length;
  for (const [codec, prepare] of codecs) {
    test(`${name}: ${codec} infers a schema no bigger than the sample and round-trips without loss`, () => {
      const { prepared, result } = roundTrip(prepare, sample);
      assert.ok(prepared.schemaText!.length <= jsonBytes, `${prepared.schemaText!.length} bytes of schema for ${jsonBytes} of JSON`);
      assert.deepEqual(realLosses(result.differences), []);
      assert.notEqual(result.status, 'failed');
      if (codec === 'protobufjs') assert.equal(result.nullsAdded, undefined, 'proto3 optional keeps absent keys absent');
    });
  }
}

test('avsc reports keys missing from some objects as nulls added, with their paths', () => {
  const { result } = roundTrip(prepareAvsc, JSON.parse(readFileSync(join(folder, 'tweet-timeline.json'), 'utf8')));
  assert.equal(result.status, 'nulls-added');
  assert.ok(result.differences.some((difference) => difference.kind === 'null-added' && difference.path === '$.statuses[0].retweeted_status'));
});

for (const mixing of [0.05, 1]) {
  test(`400 structurally varied documents (kinds mixed at ${mixing * 100}% of values): both codecs complete without loss`, () => {
    const sample = variedDocuments(400, 1, mixing);
    const jsonBytes = JSON.stringify(sample).length;
    for (const [codec, prepare] of codecs) {
      const { prepared, result } = roundTrip(prepare, sample);
      assert.ok(prepared.schemaText!.length * 2 <= jsonBytes, `${codec}: ${prepared.schemaText!.length} bytes of schema for ${jsonBytes}`);
      assert.deepEqual(realLosses(result.differences), [], codec);
      // Grouped: one note per kind of choice, not one per path.
      assert.ok(prepared.notes.length < 20, `${codec}: ${prepared.notes.length} notes`);
    }
  });
}
