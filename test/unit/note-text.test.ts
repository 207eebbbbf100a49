/**
 * The words of a few representative notes, as the CLI, the exports and the panel show them:
 * other tests assert codes and figures, these keep the wording from drifting unnoticed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noteText } from '../../src/shared/note-text';
import { rowNotesText } from '../../src/shared/row-facts-text';
import type { CodecResult } from '../../src/shared/results';

test('a note of a report saved before notes were facts is its sentence, as it is', () => {
  assert.equal(noteText('an old sentence'), 'an old sentence');
});

test('facts of how a library is called, in words', () => {
  assert.equal(noteText({ code: 'module-defaults', calls: 'pack/unpack', detail: 'records-off' }), 'module-level pack/unpack defaults (records off)');
  assert.equal(noteText({ code: 'module-defaults', calls: 'encode/decode' }), 'module-level encode/decode defaults');
  assert.equal(
    noteText({ code: 'native-acceleration', library: 'cbor-x', enabled: false }),
    'cbor-x native acceleration: off (optional native addon not found; pure JavaScript decoding)',
  );
  assert.equal(
    noteText({ code: 'bson-wrapped', key: 'value', messages: false }),
    'root is not an object: encoded as {"value": sample} (BSON documents must be objects); wrapper bytes counted',
  );
});

test('facts of generated code, in words', () => {
  assert.equal(
    noteText({
      code: 'codegen-timing',
      cached: false,
      steps: [
        { label: 'protoc + protoc-gen-ts_proto', ms: 812.4 },
        { label: 'sucrase', ms: 20.6 },
      ],
      tools: [{ executable: 'protoc', version: '25.1' }],
      dir: '/cache/ts-proto',
    }),
    'code generation: protoc + protoc-gen-ts_proto 812 ms, sucrase 21 ms with protoc 25.1, cached in /cache/ts-proto',
  );
  assert.equal(
    noteText({ code: 'codegen-timing', cached: true, steps: [], tools: [{ executable: 'flatc', version: '2.0.8' }], dir: '/c' }),
    'code generation: cached (no generation this run; it took no time when generated) with flatc 2.0.8, in /c',
  );
  assert.equal(
    noteText({ code: 'protoc-field-renamed', message: 'Item', field: 'await', to: 'await_field', why: 'keyword' }),
    'field Item.await is await_field in the .proto given to protoc (same field number): await breaks the generated code (a keyword to sucrase); decoded objects show the rename',
  );
  assert.equal(
    noteText({ code: 'strict-csp', check: { status: 'same', encodeRatio: 1, decodeRatio: 1.234 } }),
    "without code generation (strict CSP): same speed (encode ×1.00, decode ×1.23 its own time, relative to JSON's)",
  );
});

test('facts of the schema and of how the sample meets it, in words', () => {
  assert.equal(
    noteText({ code: 'schema-derived', format: 'Avro', from: 'Items.proto (message Items)' }),
    'Avro schema derived field by field from Items.proto (message Items)',
  );
  assert.equal(
    noteText({ code: 'list-in-only-field', format: 'avro', field: 'items', container: 'Items' }),
    'the sample is a list of values: encoded as the array field items of record Items, its only field, and unwrapped after decoding',
  );
  assert.equal(
    noteText({ code: 'avro-schema-note', note: { code: 'schema-variants', variants: 'doubles: float' } }),
    '(Avro schema) schema variants: doubles: float',
  );
  assert.equal(
    noteText({ code: 'unknown-keys-dropped', count: 7, paths: ['$.a', '$.b', '$.c', '$.d', '$.e', '$.f'] }),
    '7 keys the schema has no field for left out before encoding, as asked (drop unknown keys): $.a, $.b, $.c, $.d, $.e and 2 more',
  );
});

test('facts of a derived schema, in words', () => {
  assert.equal(
    noteText({ code: 'proto-scalar-in-avro', field: 'shop.Order.Line.quantity', protoType: 'uint32', avroType: 'long' }),
    'shop.Order.Line.quantity: uint32 is typed long (unsigned 32-bit values can exceed Avro int)',
  );
  assert.equal(
    noteText({ code: 'avro-attribute-left-out', attribute: 'protoNumber', at: 'Order.id', value: '19500' }),
    'protoNumber 19500 at Order.id left out: field numbers are 1 to 536870911, not 19000 to 19999',
  );
  assert.equal(
    noteText({ code: 'well-known-type-in-avro', type: 'Int64Value', avro: 'long' }),
    "google.protobuf.Int64Value (proto3 JSON mapping in the sample) is typed as its long value (the wrapper's JSON form)",
  );
});

test('choices of an inferred or translated schema made at paths, in words', () => {
  assert.equal(
    noteText({ code: 'proto-map-keys', keys: { kind: 'not-names' }, count: 1, paths: ['$.scores'] }),
    'objects whose keys are not field names are typed map<string, …> at $.scores',
  );
  assert.equal(
    noteText({ code: 'avro-absent-null', count: 7, paths: ['$[0].b', '$[1].b', '$[2].b', '$[3].b', '$[4].b'] }),
    'keys missing from some objects default to null: Avro has no absence, so they decode as null at 7 paths: $[0].b, $[1].b, $[2].b, $[3].b, $[4].b and 2 more',
  );
  assert.equal(
    noteText({ code: 'field-choice', language: 'bop', choice: 'nullable', count: 2, paths: ['$[*].opt', '$[*].maybe'] }),
    'nullable fields are message fields, absent when null at 2 paths: $[*].opt, $[*].maybe',
  );
  assert.equal(noteText({ code: 'translated-types', language: 'capnp', types: ['int32 → Int32'] }), "Cap'n Proto types: int32 → Int32");
});

test("a row's notes in words, a saved sentence among them as it is", () => {
  const row = {
    status: 'errored',
    notes: [{ code: 'v8-version-tied' }, 'a sentence'],
  } as unknown as CodecResult;
  assert.deepEqual(rowNotesText(row), ['format is tied to the V8 version: not a wire format between different Node releases', 'a sentence']);
});
