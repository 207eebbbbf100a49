import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as protobuf from 'protobufjs';
import { UnsupportedSampleError } from '../../src/codecs/codec';
import { inferProtoSchema } from '../../src/schema/infer-proto';

const schemas = join(__dirname, '..', '..', 'schemas');

/** The options a consumer needs for plain data back: numbers for int64, [] and {} kept. */
const TO_OBJECT: protobuf.IConversionOptions = { longs: Number, arrays: true, objects: true };

/**
 * Infers, parses with keepCase, checks `verify` accepts the (wrapped) sample, and round-trips
 * it through encode → decode → toObject, unwrapping again.
 */
function fit(sample: unknown) {
  const inferred = inferProtoSchema(sample);
  const type = protobuf.parse(inferred.source, { keepCase: true }).root.lookupType(inferred.rootType);
  const input = (inferred.wrappedAs ? { [inferred.wrappedAs]: sample } : sample) as Record<string, unknown>;
  assert.equal(type.verify(input), null, inferred.source);
  const decoded = type.toObject(type.decode(type.encode(input).finish()), TO_OBJECT);
  const output: unknown = inferred.wrappedAs ? decoded[inferred.wrappedAs] : decoded;
  return { ...inferred, type, output };
}

interface FieldSummary {
  name: string;
  id: number;
  type: string | FieldSummary[];
  repeated: boolean;
  map: boolean;
}

/** A message's fields with message types expanded, so differently named types compare equal. */
function summarize(type: protobuf.Type): FieldSummary[] {
  return type.fieldsArray.map((field) => {
    field.resolve();
    const resolved = field.resolvedType;
    return {
      name: field.name,
      id: field.id,
      type: resolved instanceof protobuf.Type ? summarize(resolved) : field.type,
      repeated: field.repeated,
      map: field.map,
    };
  });
}

function fieldOf(type: protobuf.Type, name: string): protobuf.Field {
  const field = type.fields[name];
  assert.ok(field, `no field ${name}`);
  return field;
}

function throwsUnsupported(sample: unknown, ...fragments: string[]): void {
  assert.throws(
    () => inferProtoSchema(sample),
    (error: unknown) => {
      assert.ok(error instanceof UnsupportedSampleError, String(error));
      for (const fragment of fragments) assert.ok(error.message.includes(fragment), `"${fragment}" not in: ${error.message}`);
      return true;
    },
  );
}

function nest(depth: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level += 1) value = { a: value };
  return value;
}

test('the bundled dataset infers the messages of Items.proto', () => {
  const dataset = JSON.parse(readFileSync(join(schemas, 'tuples.json'), 'utf8'));
  const expected = protobuf
    .parse(readFileSync(join(schemas, 'Items.proto'), 'utf8'), { keepCase: true })
    .root.lookupType('Items');
  const { type, notes, wrappedAs, output } = fit(dataset);
  assert.deepEqual(summarize(type), summarize(expected));
  assert.equal(wrappedAs, undefined);
  assert.deepEqual(notes, []);
  assert.deepEqual(output, dataset);
});

test('the source is proto3 and field names keep their case', () => {
  const { source, type } = fit({ fooBar: 1, foo_baz: 'x' });
  assert.match(source, /^syntax = "proto3";$/m);
  assert.deepEqual(Object.keys(type.fields), ['fooBar', 'foo_baz']);
});

test('fields are numbered from 1 in first-seen order', () => {
  const { type } = fit([{ b: 1 }, { a: 2, b: 3 }]);
  const item = fieldOf(type, 'value').resolve().resolvedType as protobuf.Type;
  assert.deepEqual(item.fieldsArray.map((field) => [field.name, field.id]), [['b', 1], ['a', 2]]);
});

test('nested objects become messages with unique names', () => {
  const { source } = fit({ a: { b: { c: true } }, items: [{ a: { d: 'x' } }] });
  const names = [...source.matchAll(/^message (\w+)/gm)].map((match) => match[1]);
  assert.deepEqual(names, ['Root', 'A', 'B', 'Item', 'A2']);
});

test('unicode strings, booleans and nested messages round-trip exactly', () => {
  const sample = { text: 'naïve 日本 😀', yes: true, inner: { deeper: { s: 'é' } } };
  assert.deepEqual(fit(sample).output, sample);
});

test('zero values are optional fields so they survive the round trip', () => {
  const sample = { n: 0, d: 0.5, s: '', b: false };
  const { type, output } = fit([sample, { n: 1, d: 0, s: 'x', b: true }]);
  const item = fieldOf(type, 'value').resolve().resolvedType as protobuf.Type;
  for (const name of ['n', 'd', 's', 'b']) assert.equal(fieldOf(item, name).options?.['proto3_optional'], true, name);
  assert.deepEqual((output as unknown[])[0], sample);
});

test('integers beyond int32 are int64, with a note about Long', () => {
  const sample = { big: 2 ** 40 };
  const { type, notes, output } = fit(sample);
  assert.equal(fieldOf(type, 'big').type, 'int64');
  assert.ok(notes.some((note) => note.includes('$.big') && note.includes('Long')));
  assert.deepEqual(output, sample);
});

test('negative integers are zigzag-encoded sint32', () => {
  const sample = { n: [-5, 7] };
  const { type, output } = fit(sample);
  assert.equal(fieldOf(type, 'n').type, 'sint32');
  assert.deepEqual(output, sample);
});

test('integers and doubles in one field merge to double', () => {
  const { type } = fit([{ v: 1 }, { v: 2.5 }]);
  const item = fieldOf(type, 'value').resolve().resolvedType as protobuf.Type;
  assert.equal(fieldOf(item, 'v').type, 'double');
});

test('a root array is wrapped as a repeated field named by wrappedAs', () => {
  const { type, wrappedAs, notes, output } = fit([1, 2, 3]);
  assert.equal(wrappedAs, 'value');
  assert.equal(fieldOf(type, 'value').repeated, true);
  assert.ok(notes.some((note) => note.includes('{ value: sample }')));
  assert.deepEqual(output, [1, 2, 3]);
});

test('a root scalar is wrapped as a single field named by wrappedAs', () => {
  assert.equal(fit('hello').output, 'hello');
  assert.equal(fit(2.5).wrappedAs, 'value');
  assert.equal(fit(0).output, 0);
});

test('a root null is refused', () => {
  throwsUnsupported(null, 'null');
});

test('keys that are not identifiers become map<string, T>', () => {
  const sample = { scores: { 'odd key': 1, 'other-key': 2 } };
  const { type, notes, output } = fit(sample);
  const scores = fieldOf(type, 'scores');
  assert.equal(scores.map, true);
  assert.equal(scores.type, 'int32');
  assert.ok(notes.some((note) => note.includes('$.scores') && note.includes('map<string, int32>')));
  assert.deepEqual(output, sample);
});

test('a root object with keys that are not identifiers is wrapped as a map of messages', () => {
  const sample = { 'user 1': { name: 'a' }, 'user 2': { name: 'b' } };
  const { wrappedAs, output } = fit(sample);
  assert.equal(wrappedAs, 'value');
  assert.deepEqual(output, sample);
});

test('keys that are not identifiers with mixed values throw naming the path and key', () => {
  throwsUnsupported({ outer: { 'odd key': 1, b: 'x' } }, '$.outer', '"odd key"', 'integer', 'string');
});

test('a mixed-type array throws naming where each type first appears', () => {
  throwsUnsupported({ list: [1, 'two'] }, '$.list[0]', '$.list[1]');
});

test('a field whose type differs between objects throws naming both places', () => {
  throwsUnsupported({ rows: [{ v: true }, { v: 'yes' }] }, '$.rows[0].v', '$.rows[1].v');
});

test('an array of arrays throws with a way out', () => {
  throwsUnsupported({ grid: [[1, 2], [3]] }, '$.grid', 'wrap each inner array');
});

test('a null inside an array throws naming the element', () => {
  throwsUnsupported({ list: [1, null] }, '$.list[1]');
});

test('a field that is always null is left out, with a note that it will be missing', () => {
  const { type, notes, output } = fit({ keep: 1, gone: null });
  assert.equal(type.fields['gone'], undefined);
  assert.ok(notes.some((note) => note.includes('$.gone') && note.includes('missing')));
  assert.deepEqual(output, { keep: 1 });
});

test('a field that is sometimes null is optional, and null comes back absent', () => {
  const { notes, output } = fit([{ v: 1 }, { v: null }]);
  assert.ok(notes.some((note) => note.includes('$[1].v is null')));
  assert.deepEqual(output, [{ v: 1 }, {}]);
});

test('empty arrays and empty objects survive the round trip', () => {
  const sample = { list: [], object: {} };
  const { output, notes } = fit(sample);
  assert.deepEqual(output, sample);
  assert.ok(notes.some((note) => note.includes('$.list is always empty')));
});

test('proto keywords work as field names', () => {
  const sample = { message: 1, optional: 'x', string: true, syntax: 2.5 };
  assert.deepEqual(fit(sample).output, sample);
});

test('a key named like a derived message type does not capture that name', () => {
  const sample = { Item: 1, items: [{ a: 1 }] };
  const { source, output } = fit(sample);
  assert.match(source, /repeated Item2 items = 2;/);
  assert.deepEqual(output, sample);
});

test('a field whose _name is also a key stays plain so protobufjs can parse the source', () => {
  const { type } = fit({ x: 0, _x: 1 });
  assert.equal(fieldOf(type, 'x').options?.['proto3_optional'], undefined);
});

test('a __proto__ key is refused with its path', () => {
  throwsUnsupported(JSON.parse('{"inner": {"__proto__": 1}}'), '$.inner', '__proto__');
});

test('messages nested 100 deep round-trip', () => {
  const sample = nest(100);
  assert.deepEqual(fit(sample).output, sample);
});

test('messages nested beyond 100 throw, naming the protobuf recursion limit', () => {
  throwsUnsupported(nest(101), 'more than 100 deep', 'recursion limit');
});

test('absurd nesting throws an UnsupportedSampleError', () => {
  assert.throws(() => inferProtoSchema(nest(100_000)), UnsupportedSampleError);
});
