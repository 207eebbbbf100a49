/**
 * The pure logic behind the panel's schema actions: which documents "Compare with This Schema"
 * takes, which codecs a variant change re-runs, how their rows join the previous report, how
 * a row's change is worded, and the worker job that infers a schema's text.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatLanguageOfDocument, inferredSchemaLanguage, schemaKindOfDocument, schemaKindOfText } from '../../src/commands/schema-document';
import { translatedSchemaText } from '../../src/schema/translate/translated-text';
import { inferAvroSchema } from '../../src/schema/infer-avro';
import { inferSchemaTextOf } from '../../src/engine/schema-jobs';
import { inferSchemaText } from '../../src/schema/inferred-text';
import { affectedCodecs, mergeReports } from '../../src/engine/variant-rerun';
import type { CodecResult, CompletedResult, ComparisonReport } from '../../src/shared/results';
import { describeVariantDelta } from '../../webview/panel/variant-delta';
import { sampleFrom, workerScript } from '../support/paths';
import { timingStats } from '../support/timing';

const SAMPLE = {
  items: [
    { id: 1, delta: -3, price: 9.99, name: 'a' },
    { id: 2, delta: 4, price: 0.5, name: 'b' },
  ],
};

test('a .proto or .avsc file is a schema whatever its text', () => {
  assert.equal(schemaKindOfDocument({ uri: { path: '/w/a.proto' }, languageId: 'plaintext', getText: () => '' }), 'proto');
  assert.equal(schemaKindOfDocument({ uri: { path: '/w/a.AVSC' }, languageId: 'json', getText: () => '' }), 'avsc');
});

test('an untitled proto3 document with a message is a .proto schema', () => {
  assert.equal(schemaKindOfText('proto3', 'syntax = "proto3";\nmessage Items {\n  int32 id = 1;\n}\n'), 'proto');
  assert.equal(schemaKindOfText('proto3', '// nothing yet'), undefined);
});

test('an untitled plain-text document is a .proto schema only when it declares syntax = "proto3"', () => {
  assert.equal(schemaKindOfText('plaintext', 'syntax = "proto3";\nmessage Items {}\n'), 'proto');
  assert.equal(schemaKindOfText('plaintext', 'message Items {}\n'), undefined);
});

test('a JSON document is an Avro schema only when its type is record, enum, array, map or fixed', () => {
  assert.equal(schemaKindOfText('json', '{"type": "record", "name": "Items", "fields": []}'), 'avsc');
  assert.equal(schemaKindOfText('json', '{"type": "person", "name": "Ann"}'), undefined);
  assert.equal(schemaKindOfText('json', '[{"type": "record"}]'), undefined);
  assert.equal(schemaKindOfText('json', '{ not json'), undefined);
  assert.equal(schemaKindOfText('plaintext', '{"type": "record"}'), undefined);
});

test("a .fbs, .capnp or .bop is its format's schema by its name, by an extension's language id, or by text only it can be", () => {
  const doc = (path: string, languageId: string, text = '') => ({ uri: { path }, languageId, getText: () => text });
  assert.equal(formatLanguageOfDocument(doc('/w/Items.fbs', 'plaintext')), 'fbs');
  assert.equal(formatLanguageOfDocument(doc('/w/Items.CAPNP', 'plaintext')), 'capnp');
  assert.equal(formatLanguageOfDocument(doc('/w/orders.bop', 'plaintext')), 'bop');
  assert.equal(formatLanguageOfDocument(doc('Untitled-1', 'flatbuffers')), 'fbs');
  assert.equal(formatLanguageOfDocument(doc('Untitled-1', 'capnp')), 'capnp');
  assert.equal(formatLanguageOfDocument(doc('Untitled-1', 'bebop')), 'bop');
  assert.equal(formatLanguageOfDocument(doc('Untitled-1', 'plaintext', 'table T { x:int; }\nroot_type T;\n')), 'fbs');
  assert.equal(formatLanguageOfDocument(doc('Untitled-1', 'plaintext', '@0xe2b4c1d35a0f9a11;\nstruct T { x @0 :Int32; }\n')), 'capnp');
  assert.equal(formatLanguageOfDocument(doc('Untitled-1', 'plaintext', 'message T {\n  1 -> int32 x;\n}\n')), 'bop');
  // Nothing else: JSON samples, .proto files, plain text that could be anything.
  assert.equal(formatLanguageOfDocument(doc('/w/orders.json', 'json', '{"root_type": 1}')), undefined);
  assert.equal(formatLanguageOfDocument(doc('/w/Items.proto', 'proto3', 'message T { int32 x = 1; }')), undefined);
  assert.equal(formatLanguageOfDocument(doc('Untitled-1', 'plaintext', 'struct T { x: int }')), undefined);
});

test('affectedCodecs re-runs protobufjs alone for an integer change', () => {
  assert.deepEqual(affectedCodecs(undefined, { integers: 'zigzag' }), ['protobufjs']);
});

test('affectedCodecs re-runs avsc and protobufjs for a doubles or fields change, and nothing when the choices are the same', () => {
  assert.deepEqual(affectedCodecs({ integers: 'fixed' }, { integers: 'fixed', doubles: 'float' }), ['avsc', 'protobufjs']);
  assert.deepEqual(affectedCodecs({ fields: 'optional' }, { fields: 'required' }), ['avsc', 'protobufjs']);
  assert.deepEqual(affectedCodecs(undefined, { integers: 'auto', doubles: 'double', fields: 'required' }), []);
});

function completed(codec: string, bytes: number, encodeNs: number, decodeNs: number): CompletedResult {
  return {
    codec,
    label: codec,
    format: codec,
    library: codec,
    libraryVersion: '1',
    schema: 'none',
    notes: [],
    status: 'completed',
    bytes,
    ratio: null,
    compressed: { gzip: 1, brotli: 1, zstd: null },
    encode: timingStats(encodeNs),
    decode: timingStats(decodeNs),
    speedupVsJson: null,
    roundTrip: { status: 'exact', differences: [], omittedDifferences: 0 },
    remnants: [],
  } as unknown as CompletedResult;
}

test('mergeReports keeps the rows that were not re-run, in their order, and replaces the re-run ones', () => {
  const report = (results: CodecResult[]) => ({ tool: { name: 'payload-lab', version: '1' }, results }) as unknown as ComparisonReport;
  const previous = report([completed('json', 100, 10, 10), completed('avsc', 40, 5, 5), completed('protobufjs', 50, 6, 6), completed('v8', 80, 3, 3)]);
  const rerun = report([completed('json', 100, 11, 11), completed('protobufjs', 44, 7, 7)]);
  const merged = mergeReports(previous, rerun);
  assert.deepEqual(
    merged.results.map((row) => row.codec),
    ['json', 'avsc', 'protobufjs', 'v8'],
  );
  assert.equal((merged.results[2] as CompletedResult).bytes, 44);
  assert.equal((merged.results[1] as CompletedResult).bytes, 40);
  assert.ok(merged.remnantMatrix);
});

test('describeVariantDelta words the change in bytes and how many times faster each operation got', () => {
  assert.equal(
    describeVariantDelta(completed('protobufjs', 100, 130, 100), completed('protobufjs', 88, 100, 100)),
    'vs previous: bytes −12%, encode ×1.30, decode ×1.00',
  );
  assert.equal(describeVariantDelta(completed('avsc', 100, 100, 100), completed('avsc', 110, 200, 50)), 'vs previous: bytes +10%, encode ×0.50, decode ×2.00');
});

test('inferSchemaTextOf gives, from a worker, the text inferSchemaText gives for the same sample and variants', async () => {
  const sample = { ...sampleFrom(SAMPLE), kind: 'json' as const };
  const proto = await inferSchemaTextOf(sample, 'proto', { integers: 'zigzag' }, { workerScript });
  assert.equal(proto, inferSchemaText(SAMPLE, 'proto', { integers: 'zigzag' }).text);
  assert.match(proto, /syntax = "proto3"/);
  const avsc = await inferSchemaTextOf(sample, 'avsc', undefined, { workerScript });
  assert.equal(avsc, inferSchemaText(SAMPLE, 'avsc').text);
});

test("inferSchemaTextOf writes the inferred schema in FlatBuffers, Cap'n Proto and Bebop as their rows translate it", async () => {
  const sample = { ...sampleFrom(SAMPLE), kind: 'json' as const };
  for (const format of ['fbs', 'capnp', 'bop'] as const) {
    const text = await inferSchemaTextOf(sample, format, { integers: 'zigzag' }, { workerScript });
    assert.equal(text, translatedSchemaText(inferAvroSchema(SAMPLE, { integers: 'zigzag' }).schema, format).text);
  }
  assert.match(await inferSchemaTextOf(sample, 'fbs', undefined, { workerScript }), /root_type \w+;/);
});

test("inferSchemaTextOf rejects with the sample's problem when the sample is not JSON", async () => {
  await assert.rejects(inferSchemaTextOf({ path: 'bad.json', kind: 'json', bytes: Buffer.from('{ nope') }, 'proto', undefined, { workerScript }), /bad\.json/);
});

test("an inferred .proto opens in the proto extension's language when one is installed, else in none of VS Code's guesses", () => {
  assert.equal(inferredSchemaLanguage('proto', ['plaintext', 'json', 'proto3']), 'proto3');
  assert.equal(inferredSchemaLanguage('proto', ['plaintext', 'proto']), 'proto');
  assert.equal(inferredSchemaLanguage('proto', ['plaintext', 'json', 'dart']), undefined, 'no proto language: the caller sets plain text on the *.proto name');
  assert.equal(inferredSchemaLanguage('avsc', []), 'json', 'Avro is JSON');
  assert.equal(inferredSchemaLanguage('fbs', ['flatbuffers']), 'flatbuffers');
  assert.equal(inferredSchemaLanguage('bop', ['json']), undefined);
});
