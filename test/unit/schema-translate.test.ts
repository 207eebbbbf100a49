/**
 * Schema translation to FlatBuffers, Cap'n Proto and Bebop (pure functions): the model built
 * from the run's Avro schema, each language's declarations and notes, what cannot be
 * expressed, and the field names each language accepts. The tools' acceptance of the output
 * is checked with the real compilers in zero-copy-codecs.test.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { inferAvroSchema } from '../../src/schema/infer-avro';
import { deriveAvroFromProto } from '../../src/schema/derive-avro-from-proto';
import { resolveProtoType } from '../../src/schema/provided-schema';
import { modelFromAvro, UntranslatableSchemaError } from '../../src/schema/translate/model-from-avro';
import { translateToFbs } from '../../src/schema/translate/to-fbs';
import { translateToCapnp } from '../../src/schema/translate/to-capnp';
import { translateToBop } from '../../src/schema/translate/to-bop';
import { bebopFieldNames, fieldNames } from '../../src/schema/translate/identifiers';
import { UnsupportedSampleError } from '../../src/codecs/codec';
import type { RecordType } from '../../src/schema/translate/model';
import { tuplesSample, fixture } from '../support/paths';
import { noteOf } from '../support/notes';
import { noteText } from '../../src/shared/note-text';

const inferred = (sample: unknown) => modelFromAvro(inferAvroSchema(sample).schema);
const tuples = inferred(JSON.parse(fs.readFileSync(tuplesSample, 'utf8')));
const compact = (text: string) => text.replace(/\s+/g, ' ');

/** A sample with every choice a translation makes: nulls, a union, a map, 64-bit integers, lists of lists. */
const VARIED = [
  { id: 1, big: 2 ** 40, name: 'a', opt: null, mixed: 1, grid: [[1, 2], [3]], attrs: { 'a b': 1 }, nul: null, maybe: 2.5 },
  { id: 2, big: -5, name: 'b', opt: 'x', mixed: 'two', grid: [], attrs: {}, nul: null, maybe: null },
];

test('the tuples: an Item struct of int, double, double in a Root table (FlatBuffers), 24 bytes a struct', () => {
  const fbs = translateToFbs(tuples);
  assert.match(compact(fbs.text), /struct Item \{ x:int; y:double; z:double; \}/);
  assert.match(compact(fbs.text), /table Root \{ items:\[Item\]; \}/);
  assert.match(fbs.text, /root_type Root;/);
  assert.ok(
    fbs.notes.some((note) => note.code === 'fbs-structs' && note.structs.includes('Item')),
    fbs.notes.map(noteText).join('\n'),
  );
  assert.deepEqual(noteOf(fbs.notes, 'translated-types'), { code: 'translated-types', language: 'fbs', types: ['int32 → int', 'float64 → double'] });
});

test("the tuples in Cap'n Proto: Int32 and Float64 fields numbered from 0; the notes say the packed encoding is not used", () => {
  const capnp = translateToCapnp(tuples);
  assert.match(capnp.text, /^@0x[0-9a-f]{16};/);
  assert.match(compact(capnp.text), /struct Item \{ x @0 :Int32; y @1 :Float64; z @2 :Float64; \}/);
  assert.match(compact(capnp.text), /struct Root \{ items @0 :List\(Item\); \}/);
  assert.ok(noteOf(capnp.notes, 'capnp-unpacked'));
  // The file ID comes from the schema's shape: the same schema, the same ID (a stable cache key).
  assert.equal(translateToCapnp(inferred(JSON.parse(fs.readFileSync(tuplesSample, 'utf8')))).text, capnp.text);
});

test('the tuples in Bebop: structs (no tags, no framing per item: 4 + 8 + 8 = 20 bytes)', () => {
  const bop = translateToBop(tuples);
  assert.match(compact(bop.text), /struct Item \{ int32 x; float64 y; float64 z; \}/);
  assert.match(compact(bop.text), /struct Root \{ Item\[\] items; \}/);
  assert.equal(bop.messages.size, 0);
});

test("nullable fields: optional scalars or absent fields (FlatBuffers), Void unions or null pointers (Cap'n Proto), messages (Bebop)", () => {
  const model = inferred(VARIED);
  const fbs = compact(translateToFbs(model).text);
  assert.match(fbs, /maybe:double = null;/);
  assert.match(fbs, /opt:string; \/\/ nullable: absent when null/);
  const capnp = compact(translateToCapnp(model).text);
  assert.match(capnp, /maybe :union \{ # nullable: a union with Void none @\d+ :Void; value @\d+ :Float64; \}/);
  assert.match(capnp, /opt @\d+ :Text; # nullable: a null pointer/);
  const bop = translateToBop(model);
  assert.match(compact(bop.text), /message Item \{ 1 -> int32 id;/);
  assert.ok(
    bop.notes.map(noteText).some((note) => /nullable fields are message fields, absent when null at 2 paths: \$\[\*\]\.opt, \$\[\*\]\.maybe/.test(note)),
    bop.notes.map(noteText).join('\n'),
  );
});

test('64-bit integers, unions, maps, lists of lists and always-null fields each get a note naming their paths', () => {
  const model = inferred(VARIED);
  const fbs = translateToFbs(model);
  const notes = fbs.notes.map(noteText).join('\n');
  assert.match(notes, /64-bit integers are long\/ulong.*BigInt.* at \$\[\*\]\.big/);
  assert.match(notes, /FlatBuffers union .* at \$\[\*\]\.mixed/);
  assert.match(notes, /fields that are always null are not written.* at \$\[\*\]\.nul/);
  assert.match(notes, /FlatBuffers has no maps/);
  // A vector cannot hold a vector, and a union holds tables only: wrapper tables, named.
  assert.match(notes, /FlatBuffers cannot hold these values directly.*MixedUnionNumberValue \(a union member\).*ItemGridItem \(a list element\)/s);
  assert.match(compact(fbs.text), /union MixedUnion \{ MixedUnionNumberValue, MixedUnionStringValue \}/);
  assert.match(compact(fbs.text), /big:long;/);
  const capnp = translateToCapnp(model);
  assert.match(compact(capnp.text), /nul @\d+ :Void;/);
  assert.match(compact(capnp.text), /struct MixedUnion \{ union \{ numberValue @0 :Int32; stringValue @1 :Text; \} \}/);
  const bop = translateToBop(model);
  assert.match(compact(bop.text), /map\[string, int32\] attrs;/);
  assert.match(compact(bop.text), /int32\[\]\[\] grid;/);
  assert.match(
    compact(bop.text),
    /union MixedUnion \{ 1 -> struct MixedUnionNumberValue \{ int32 value; \} 2 -> struct MixedUnionStringValue \{ string value; \} \}/,
  );
});

test('a union whose members a JSON value cannot tell apart is not translated: the row is skipped with the path', () => {
  const schema = { type: 'record', name: 'R', fields: [{ name: 'n', type: ['int', 'long'] }] };
  assert.throws(
    () => modelFromAvro(schema),
    (error: unknown) => {
      assert.ok(error instanceof UntranslatableSchemaError && error instanceof UnsupportedSampleError);
      assert.match((error as Error).message, /\$\.n: a union with two members a JSON number fits/);
      return true;
    },
  );
});

test('a provided .proto keeps its integer kinds through the derived Avro schema (uint64 → ulong, UInt64, uint64)', () => {
  const source = 'syntax = "proto3";\nmessage M { uint64 a = 1; sint32 b = 2; fixed32 c = 3; repeated double d = 4; }\n';
  const { type } = resolveProtoType({ kind: 'proto', source, path: 'm.proto' });
  const model = modelFromAvro(deriveAvroFromProto(type).schema);
  const scalars = (model.root as RecordType).fields.map((field) => (field.type.kind === 'scalar' ? field.type.scalar : field.type.kind));
  assert.deepEqual(scalars, ['uint64', 'int32', 'uint32', 'list']);
  assert.match(compact(translateToFbs(model).text), /a:ulong; \/\/ 64-bit: BigInt in TypeScript b:int; c:uint; d:\[double\];/);
  assert.match(compact(translateToCapnp(model).text), /a @0 :UInt64; # 64-bit: BigInt in capnp-es b @1 :Int32; c @2 :UInt32; d @3 :List\(Float64\);/);
  assert.match(compact(translateToBop(model).text), /uint64 a; \/\/ 64-bit: BigInt in TypeScript int32 b; uint32 c; float64\[\] d;/);
});

test("the bundled Items.proto and Items.avsc give the tuples' schema", () => {
  const { type } = resolveProtoType({ kind: 'proto', source: fs.readFileSync(fixture('..', '..', 'schemas', 'Items.proto'), 'utf8'), path: 'Items.proto' });
  const fromProto = translateToBop(modelFromAvro(deriveAvroFromProto(type).schema)).text;
  const fromAvsc = translateToBop(modelFromAvro(JSON.parse(fs.readFileSync(fixture('..', '..', 'schemas', 'Items.avsc'), 'utf8')))).text;
  for (const text of [fromProto, fromAvsc]) {
    assert.match(compact(text), /struct Item \{ int32 x; float64 y; float64 z; \}/);
    // bebopc refuses a field named like its record.
    assert.match(compact(text), /struct Items \{ Item\[\] itemsField; \}/);
  }
});

test("enums: one byte in FlatBuffers, camelCase enumerants in Cap'n Proto, written from 1 in Bebop", () => {
  const schema = { type: 'record', name: 'E', fields: [{ name: 'kind', type: { type: 'enum', name: 'Kind', symbols: ['PAGE_VIEW', 'CLICK'] } }] };
  const model = modelFromAvro(schema);
  assert.match(compact(translateToFbs(model).text), /enum Kind : ubyte \{ PAGE_VIEW, CLICK \}/);
  assert.match(compact(translateToCapnp(model).text), /enum Kind \{ pageView @0; click @1; \}/);
  assert.match(compact(translateToBop(model).text), /enum Kind : uint8 \{ PAGE_VIEW = 1; CLICK = 2; \}/);
});

test('free-form JSON (a path too irregular for records) is a recursive record in all three languages', () => {
  const model = inferred([{ any: 1 }, { any: 'a' }, { any: true }, { any: [1] }, { any: { k: null } }]);
  for (const text of [translateToFbs(model).text, translateToCapnp(model).text, translateToBop(model).text]) assert.match(text, /Json/);
  assert.deepEqual(noteOf(model.notes, 'translated-free-form'), { code: 'translated-free-form', record: 'Json' });
});

test("field names: each language's rule, unique, never a generated member or keyword; the driver maps them back", () => {
  const record: RecordType = {
    kind: 'record',
    name: 'R',
    fields: ['durationMs', 'user_id', 'URL', 'x2y', 'class', 'encode', 'bb', 'userId', '_id', 'constructor'].map((key) => ({
      key,
      type: { kind: 'scalar', scalar: 'int32' },
    })),
  };
  assert.deepEqual(fieldNames(record, 'snake'), [
    'duration_ms',
    'user_id',
    'url',
    'x_2_y',
    'class_field',
    'encode_field',
    'bb_field',
    'user_id_2',
    'id',
    'constructor_field',
  ]);
  assert.deepEqual(fieldNames(record, 'camel'), [
    'durationMs',
    'userId',
    'url',
    'x2Y',
    'classField',
    'encodeField',
    'bbField',
    'userId2',
    'id',
    'constructorField',
  ]);
  // Bebop's also avoid the record's own name; the others need not.
  const items: RecordType = { kind: 'record', name: 'Items', fields: [{ key: 'items', type: { kind: 'scalar', scalar: 'int32' } }] };
  assert.deepEqual([fieldNames(items, 'snake'), fieldNames(items, 'camel'), bebopFieldNames(items)], [['items'], ['items'], ['itemsField']]);
});
