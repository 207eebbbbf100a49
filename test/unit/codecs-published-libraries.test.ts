/**
 * The libraries of the published benchmarks, called directly (real libraries, in this process):
 * the same schema gives the same bytes across implementations of a format, and sizes land
 * where the published figures put them on the bundled tuple dataset.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { type CodecModule, type PrepareContext, UnsupportedSampleError } from '../../src/codecs/codec';
import * as protobufjs from '../../src/codecs/protobufjs';
import * as protobufjsFromObject from '../../src/codecs/protobufjs-from-object';
import * as pbf from '../../src/codecs/pbf';
import * as bufbuild from '../../src/codecs/bufbuild';
import * as avsc from '../../src/codecs/avsc';
import * as avroJs from '../../src/codecs/avro-js';
import * as jsBinary from '../../src/codecs/js-binary';
import * as bser from '../../src/codecs/bser';
import * as msgpackrRecords from '../../src/codecs/msgpackr-records';
import * as cborXRecords from '../../src/codecs/cbor-x-records';
import * as googleProtobuf from '../../src/codecs/google-protobuf';
import { repoRoot, tuplesSample } from '../support/paths';
import type { ProvidedSchema } from '../../src/shared/codec-job';

const read = (name: string) => JSON.parse(fs.readFileSync(path.join(repoRoot, 'schemas', name), 'utf8')) as unknown;
const tuples = read('tuples.json');
const events = read('events.json');
const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
const schemaFile = (name: string): ProvidedSchema => {
  const file = path.join(repoRoot, 'schemas', name);
  return {
    kind: name.endsWith('.proto') ? 'proto' : 'avsc',
    source: fs.readFileSync(file, 'utf8'),
    path: file,
    ...(name.endsWith('.proto') ? { typeName: 'Items' } : {}),
  };
};

function encoded(codec: CodecModule, sample: unknown, context: PrepareContext = {}): Buffer {
  const prepared = codec.prepare(sample, context);
  return Buffer.from(prepared.encode(prepared.input));
}

const contexts: Array<[string, PrepareContext]> = [
  ['inferred', {}],
  ['provided Items.proto', { schema: schemaFile('Items.proto') }],
  ['derived from Items.avsc', { schema: schemaFile('Items.avsc') }],
];

for (const [name, context] of contexts) {
  test(`pbf, @bufbuild/protobuf and protobufjs write identical bytes for the tuple dataset (${name} schema)`, () => {
    const reference = encoded(protobufjs, tuples, context);
    assert.ok(reference.byteLength > 0);
    assert.ok(reference.equals(encoded(pbf, tuples, context)), 'pbf differs from protobufjs');
    assert.ok(reference.equals(encoded(bufbuild, tuples, context)), '@bufbuild/protobuf differs from protobufjs');
    assert.ok(reference.equals(encoded(protobufjsFromObject, tuples, context)), 'protobufjs (fromObject) differs from protobufjs');
  });
}

test('pbf, @bufbuild/protobuf and protobufjs write identical bytes for the events dataset (strings, nested messages, proto3 optional)', () => {
  const reference = encoded(protobufjs, events);
  assert.ok(reference.equals(encoded(pbf, events)), 'pbf differs from protobufjs');
  assert.ok(reference.equals(encoded(bufbuild, events)), '@bufbuild/protobuf differs from protobufjs');
});

for (const [name, context] of [
  ...contexts,
  ['provided Items.avsc', { schema: schemaFile('Items.avsc') }] as [string, PrepareContext],
  ['derived from Items.proto', { schema: schemaFile('Items.proto') }] as [string, PrepareContext],
]) {
  if (name === 'provided Items.proto' || name === 'derived from Items.avsc') continue;
  test(`avro-js writes the bytes avsc writes (${name} schema)`, () => {
    const reference = encoded(avsc, tuples, context);
    assert.ok(reference.equals(encoded(avroJs, tuples, context)));
  });
}

test('avro-js writes the bytes avsc writes for the events dataset', () => {
  assert.ok(encoded(avsc, events).equals(encoded(avroJs, events)));
});

test('js-binary, from the schema derived from the inferred Avro one, is within 1% of avsc', () => {
  for (const sample of [tuples, events]) {
    const avroBytes = encoded(avsc, sample).byteLength;
    const jsBinaryBytes = encoded(jsBinary, sample).byteLength;
    assert.ok(Math.abs(jsBinaryBytes - avroBytes) / avroBytes <= 0.01, `js-binary ${jsBinaryBytes} vs avsc ${avroBytes}`);
  }
});

test('size ratios of bser and the records options on the tuple dataset match the published ones', () => {
  const json = jsonBytes(tuples);
  const ratio = (codec: CodecModule) => encoded(codec, tuples).byteLength / json;
  const bserRatio = ratio(bser);
  assert.ok(bserRatio >= 0.66 && bserRatio <= 0.7, `bser ${bserRatio}`);
  const msgpackrRatio = ratio(msgpackrRecords);
  assert.ok(Math.abs(msgpackrRatio - 0.39) <= 0.02, `msgpackr (records) ${msgpackrRatio}`);
  const cborRatio = ratio(cborXRecords);
  assert.ok(Math.abs(cborRatio - 0.44) <= 0.02, `cbor-x (records) ${cborRatio}`);
});

test('each new codec decodes what it encoded back to the sample (pbf adds its oneof-case key)', () => {
  const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const withoutKey = (name: string) => (value: unknown) =>
    JSON.parse(JSON.stringify(value, (key, inner: unknown) => (key === name ? undefined : inner))) as unknown;
  for (const [label, codec] of [
    ['avro-js', avroJs],
    ['js-binary', jsBinary],
    ['bser', bser],
    ['msgpackr (records)', msgpackrRecords],
    ['cbor-x (records)', cborXRecords],
    ['protobufjs (fromObject)', protobufjsFromObject],
  ] as const) {
    const prepared = codec.prepare(events, {});
    assert.ok(sameJson(prepared.decode(prepared.encode(prepared.input)), events), `${label} does not decode the events dataset back`);
  }
  const buf = bufbuild.prepare(events, {});
  // Its messages list scalar fields before message fields: the same data, in another key order.
  assert.deepEqual(withoutKey('$typeName')(buf.decode(buf.encode(buf.input))), events, '@bufbuild/protobuf, $typeName aside');
  // The inferred schema makes page.referrer a proto3 `optional` (a one-field oneof): pbf's
  // decoded objects name the set field of every oneof, here `_referrer: "referrer"`.
  const decoded = pbf.prepare(events, {});
  const pbfEvents = decoded.decode(decoded.encode(decoded.input)) as Array<{ page: Record<string, unknown> }>;
  assert.equal(pbfEvents[0]!.page._referrer, 'referrer');
  assert.ok(sameJson(withoutKey('_referrer')(pbfEvents), events), 'pbf, _referrer aside');
});

test('google-protobuf runs generated code: prepared without its generate step, it skips the sample', () => {
  assert.throws(
    () => googleProtobuf.prepare(tuples, {}),
    (error: unknown) => error instanceof UnsupportedSampleError && /google-protobuf runs code generated from the schema/.test(error.message),
  );
});

test('the bundled sample path used here is the tuple dataset', () => {
  assert.equal(path.basename(tuplesSample), 'tuples.json');
});

test("@bufbuild/protobuf reads protobufjs bytes whose schema holds google.protobuf.Value (Struct's map of messages)", async () => {
  const sample = JSON.parse(fs.readFileSync(path.join(repoRoot, 'test', 'fixtures', 'mixed-sample.json'), 'utf8')) as unknown;
  const prepared = protobufjs.prepare(sample, {});
  assert.match(prepared.schemaText ?? '', /google\.protobuf\.Value/);
  assert.equal(prepared.interop?.decoder, '@bufbuild/protobuf');
  assert.equal(await prepared.interop!.check(prepared.encode(prepared.input), sample), null);
});
