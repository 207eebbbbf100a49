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
    '7 keys the schema has no field for left out before encoding, as asked (drop unknown keys): $.a, $.b, $.c, $.d, $.e, … (7 in all)',
  );
});

test("a row's notes in words, a saved sentence among them as it is", () => {
  const row = {
    status: 'errored',
    notes: [{ code: 'v8-version-tied' }, 'a sentence'],
  } as unknown as CodecResult;
  assert.deepEqual(rowNotesText(row), ['format is tied to the V8 version: not a wire format between different Node releases', 'a sentence']);
});
