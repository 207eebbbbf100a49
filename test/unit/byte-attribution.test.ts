/**
 * Byte attribution on real encodings by the real libraries: every annotated format's categories
 * add up exactly to its encoded size on the bundled datasets, a string-heavy sample and the
 * mixed sample; the string and key figures match what the sample itself holds.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CodecModule } from '../../src/codecs/codec';
import * as avsc from '../../src/codecs/avsc';
import * as bson from '../../src/codecs/bson';
import * as cborX from '../../src/codecs/cbor-x';
import * as json from '../../src/codecs/json';
import * as msgpackr from '../../src/codecs/msgpackr';
import * as protobufjs from '../../src/codecs/protobufjs';
import * as v8 from '../../src/codecs/v8';
import { attributeBytes } from '../../src/attribution/byte-attribution';
import { BYTE_CATEGORIES, type ByteAttribution } from '../../src/shared/results';
import { fixture, repoRoot } from '../support/paths';

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as unknown;
const SAMPLES: Record<string, unknown> = {
  'schemas/tuples.json': read(join(repoRoot, 'schemas', 'tuples.json')),
  'schemas/events.json': read(join(repoRoot, 'schemas', 'events.json')),
  'mixed-sample.json': read(fixture('mixed-sample.json')),
};
const CODECS: Record<string, CodecModule> = { json, avsc, protobufjs, msgpackr, 'cbor-x': cborX, bson };
const utf8 = (text: string) => Buffer.byteLength(text, 'utf8');

/** UTF-8 bytes of the sample's string values and of its keys (each occurrence). */
function textBytes(value: unknown, totals = { strings: 0, keys: 0, jsonStrings: 0, jsonKeys: 0 }) {
  if (typeof value === 'string') {
    totals.strings += utf8(value);
    totals.jsonStrings += utf8(JSON.stringify(value));
  } else if (Array.isArray(value)) for (const item of value) textBytes(item, totals);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      totals.keys += utf8(key);
      totals.jsonKeys += utf8(JSON.stringify(key));
      textBytes(item, totals);
    }
  }
  return totals;
}

function attribution(codec: CodecModule, sample: unknown): { bytes: number; parts: ByteAttribution } {
  const prepared = codec.prepare(sample, {});
  const encoded = prepared.encode(prepared.input).slice();
  const parts = attributeBytes(prepared.layout, encoded);
  assert.ok(parts, 'attributed');
  return { bytes: encoded.length, parts };
}

const sum = (parts: ByteAttribution) => BYTE_CATEGORIES.reduce((total, category) => total + parts[category], 0);

for (const [name, sample] of Object.entries(SAMPLES)) {
  for (const [id, codec] of Object.entries(CODECS)) {
    test(`${id} on ${name}: the categories add up exactly to the encoded size`, () => {
      const { bytes, parts } = attribution(codec, sample);
      assert.deepEqual(Object.keys(parts).sort(), [...BYTE_CATEGORIES].sort());
      for (const category of BYTE_CATEGORIES) assert.ok(Number.isInteger(parts[category]) && parts[category] >= 0, `${category}: ${parts[category]}`);
      assert.equal(sum(parts), bytes);
    });
  }
}

test('JSON: keys and strings are exactly the quoted keys and string values of the sample', () => {
  for (const sample of Object.values(SAMPLES)) {
    const { parts } = attribution(json, sample);
    const text = textBytes(sample);
    assert.equal(parts.keys, text.jsonKeys);
    assert.equal(parts.strings, text.jsonStrings);
  }
});

test('the string-heavy sample: every binary format spends exactly the strings’ UTF-8 bytes on string values', () => {
  const sample = SAMPLES['schemas/events.json'];
  const text = textBytes(sample);
  assert.ok(text.strings > 0);
  for (const id of ['avsc', 'protobufjs', 'msgpackr', 'cbor-x', 'bson']) {
    const { bytes, parts } = attribution(CODECS[id]!, sample);
    assert.equal(parts.strings, text.strings, id);
    // Near half or more: BSON spells out every key and array index, and frames each string in 5 bytes.
    assert.ok(parts.strings / bytes > 0.45, `${id}: strings are ${parts.strings} of ${bytes} bytes`);
  }
});

test('keys: Avro writes none (the schema has them), MessagePack and BSON spell each key out', () => {
  const sample = SAMPLES['schemas/events.json'];
  const text = textBytes(sample);
  assert.equal(attribution(avsc, sample).parts.keys, 0);
  // Each key's text plus its one-byte (MessagePack fixstr) header is in keys or structure.
  assert.ok(attribution(msgpackr, sample).parts.keys >= text.keys);
  assert.ok(attribution(bson, sample).parts.keys >= text.keys);
  // protobuf writes a tag of a byte or two per field, not the name.
  assert.ok(attribution(protobufjs, sample).parts.keys < text.keys / 2);
});

test('the tuple dataset (numbers only): no string bytes; numbers are the largest share in every binary format', () => {
  const sample = SAMPLES['schemas/tuples.json'];
  for (const id of ['avsc', 'protobufjs', 'msgpackr', 'cbor-x', 'bson']) {
    const { parts } = attribution(CODECS[id]!, sample);
    assert.equal(parts.strings, 0, id);
    assert.ok(
      BYTE_CATEGORIES.every((category) => parts.numbers >= parts[category]),
      `${id}: ${JSON.stringify(parts)}`,
    );
  }
});

test('no attribution for a format without a walker, or for bytes the walker cannot follow', () => {
  const prepared = v8.prepare(SAMPLES['mixed-sample.json'], {});
  assert.equal(attributeBytes(prepared.layout, prepared.encode(prepared.input)), undefined);
  for (const codec of [msgpackr, cborX, bson, json, avsc]) {
    const ready = codec.prepare(SAMPLES['schemas/events.json'], {});
    const encoded = ready.encode(ready.input).slice();
    assert.equal(attributeBytes(ready.layout, encoded.subarray(0, encoded.length - 3)), undefined);
  }
});
