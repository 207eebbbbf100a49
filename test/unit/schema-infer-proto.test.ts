import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as protobuf from 'protobufjs';
import { UnsupportedSampleError } from '../../src/codecs/codec';
import { inferProtoSchema, STRUCT_IMPORT } from '../../src/schema/infer-proto';
import { prepare } from '../../src/codecs/protobufjs';
import { pathsOf } from '../support/notes';

const schemas = join(__dirname, '..', '..', 'schemas');

/** Decoded messages as plain data: Long objects as numbers, class instances as objects. */
function plain(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(plain);
  if (typeof (value as { toNumber?: unknown }).toNumber === 'function') return (value as { toNumber(): number }).toNumber();
  return Object.fromEntries(Object.keys(value).map((key) => [key, plain((value as Record<string, unknown>)[key])]));
}

/**
 * Infers, parses with keepCase, and round-trips the sample through the protobufjs codec (which
 * verifies it and converts wrappers, oneofs and google.protobuf.Value inside encode and decode).
 */
function fit(sample: unknown) {
  const inferred = inferProtoSchema(sample);
  const root = protobuf.parse(inferred.source, { keepCase: true }).root;
  if (inferred.importsStruct) root.addJSON(protobuf.common.get(STRUCT_IMPORT)!.nested!);
  const type = root.lookupType(inferred.rootType);
  const codec = prepare(sample, {});
  const output = plain(codec.decode(codec.encode(codec.input)));
  return { ...inferred, type, output, codecNotes: codec.notes };
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
  const expected = protobuf.parse(readFileSync(join(schemas, 'Items.proto'), 'utf8'), { keepCase: true }).root.lookupType('Items');
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
  assert.deepEqual(
    item.fieldsArray.map((field) => [field.name, field.id]),
    [
      ['b', 1],
      ['a', 2],
    ],
  );
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
  assert.ok(pathsOf(notes, 'proto-long-objects').includes('$.big'));
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
  assert.ok(notes.some((note) => note.code === 'proto-sample-wrapped' && note.field === 'value'));
  assert.deepEqual(output, [1, 2, 3]);
});

test('a root scalar is wrapped as a single field named by wrappedAs', () => {
  assert.equal(fit('hello').output, 'hello');
  assert.equal(fit(2.5).wrappedAs, 'value');
  assert.equal(fit(0).output, 0);
});

test('a root null is google.protobuf.Value and comes back null', () => {
  assert.equal(fit(null).output, null);
});

test('keys that are not identifiers become map<string, T>', () => {
  const sample = { scores: { 'odd key': 1, 'other-key': 2 } };
  const { type, notes, output } = fit(sample);
  const scores = fieldOf(type, 'scores');
  assert.equal(scores.map, true);
  assert.equal(scores.type, 'int32');
  assert.ok(pathsOf(notes, 'proto-map-keys').includes('$.scores'));
  assert.deepEqual(output, sample);
});

test('a root object with keys that are not identifiers is wrapped as a map of messages', () => {
  const sample = { 'user 1': { name: 'a' }, 'user 2': { name: 'b' } };
  const { wrappedAs, output } = fit(sample);
  assert.equal(wrappedAs, 'value');
  assert.deepEqual(output, sample);
});

test('keys that are not identifiers with mixed values are a map of a oneof message', () => {
  const sample = { outer: { 'odd key': 1, b: 'x' } };
  const { source, notes, output } = fit(sample);
  assert.match(source, /map<string, OuterValueChoice> outer = 1;/);
  assert.match(source, /oneof kind \{\n\s+int32 number_value = 1;\n\s+string string_value = 2;/);
  assert.ok(notes.some((note) => note.code === 'proto-oneof' && note.mixed && note.paths.includes('$.outer["odd key"]')));
  assert.deepEqual(output, sample);
});

test('a field whose type differs between objects is a oneof naming the first place', () => {
  const sample = { rows: [{ v: true }, { v: 'yes' }] };
  const { notes, output } = fit(sample);
  assert.ok(pathsOf(notes, 'proto-oneof').includes('$.rows[0].v'));
  assert.deepEqual(output, sample);
});

test('an array of arrays is a repeated wrapper message, unwrapped when decoding', () => {
  const sample = { grid: [[1, 2], [3]], cube: [[[0.5]], []] };
  const { source, output } = fit(sample);
  assert.match(source, /repeated GridItemList grid = 1;/);
  assert.match(source, /message GridItemList \{\n\s+repeated int32 value = 1;/);
  assert.deepEqual(output, sample);
});

test('a null inside an array is a oneof with google.protobuf.NullValue and comes back null', () => {
  const sample = { list: [1, null] };
  const { source, output } = fit(sample);
  assert.match(source, /import "google\/protobuf\/struct.proto";/);
  assert.match(source, /google.protobuf.NullValue null_value = 1;/);
  assert.deepEqual(output, sample);
});

test('a field that is always null is google.protobuf.Value and comes back null', () => {
  const sample = { keep: 1, gone: null };
  const { type, notes, output } = fit(sample);
  assert.equal(type.fields['gone']?.type, 'google.protobuf.Value');
  assert.ok(pathsOf(notes, 'proto-always-null-value').includes('$.gone'));
  assert.deepEqual(output, sample);
});

test('a field that is sometimes null but never missing is optional, and absent decodes as null', () => {
  const sample = [{ v: 1 }, { v: null }];
  const { notes, output } = fit(sample);
  assert.ok(pathsOf(notes, 'proto-null-fields-optional').includes('$[0].v'));
  assert.deepEqual(output, sample);
});

test('a key missing from some objects stays absent, lists and maps included', () => {
  const sample = [{ a: 1, list: [1], map: { 'x y': 1 } }, { b: 'x' }];
  const { notes, output } = fit(sample);
  assert.ok(pathsOf(notes, 'proto-missing-lists-wrapped').length > 0);
  assert.deepEqual(output, sample);
});

test('many mixed kinds become google.protobuf.Value, which decodes to the same JSON', () => {
  const sample = { any: [1, 'a', true, [2, [3]], { k: null, 'odd key': [{}] }] };
  const { type, output } = fit(sample);
  assert.equal(fieldOf(type, 'any').type, 'google.protobuf.Value');
  assert.deepEqual(output, sample);
});

test('empty arrays and empty objects survive the round trip', () => {
  const sample = { list: [], object: {} };
  const { output, notes } = fit(sample);
  assert.deepEqual(output, sample);
  assert.ok(pathsOf(notes, 'proto-empty-arrays-string').includes('$.list'));
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

test('lists inside lists count as messages: 100 levels round-trip, 101 are refused before protobufjs would refuse to encode them', () => {
  let lists: unknown = [1];
  for (let level = 1; level < 100; level += 1) lists = [lists];
  assert.deepEqual(fit(lists).output, lists);
  throwsUnsupported([lists], 'nests messages more than 100 deep', 'lists or maps inside lists', 'recursion limit of protobufjs');
  // A list held by a field is that field repeated, not a message: these nest 60 messages.
  const mixed = JSON.parse(`${'{"a":['.repeat(60)}1${']}'.repeat(60)}`) as unknown;
  assert.deepEqual(fit(mixed).output, mixed);
});

test('absurd nesting throws an UnsupportedSampleError', () => {
  assert.throws(() => inferProtoSchema(nest(100_000)), UnsupportedSampleError);
});

test('a key named value holding objects does not take the name Value from google.protobuf.Struct', () => {
  const sample = { value: { a: 1 }, free: [1, 'a', true, { b: [null] }] };
  const { source, output } = fit(sample);
  assert.doesNotMatch(source, /^message (Value|Struct|ListValue) /m);
  assert.deepEqual(output, sample);
});
