import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UnsupportedSampleError } from '../../src/codecs/codec';
import { inferAvroSchema, type AvroInferenceOptions } from '../../src/schema/infer-avro';
import { createInferredAvroType } from '../../src/schema/avro-json';
import { pathsOf } from '../support/notes';

const schemas = join(__dirname, '..', '..', 'schemas');

/** Infers, checks avsc accepts the schema and the sample, and round-trips the sample. */
function fit(sample: unknown, options?: AvroInferenceOptions) {
  const inferred = inferAvroSchema(sample, options);
  const type = createInferredAvroType(inferred.schema);
  const problems: string[] = [];
  const valid = type.isValid(sample, { errorHook: (path) => problems.push(path.join('.')) });
  assert.ok(valid, `sample rejected at ${problems.join(', ')}: ${JSON.stringify(inferred.schema)}`);
  const decoded: unknown = type.fromBuffer(type.toBuffer(sample));
  return { ...inferred, type, decoded, schemaJson: inferred.schema as Record<string, unknown> };
}

/** Avro schema JSON without names and docs: what "the same structure" means here. */
function structure(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(structure);
  if (schema === null || typeof schema !== 'object') return schema;
  const { name: _name, doc: _doc, namespace: _namespace, ...rest } = schema as Record<string, unknown>;
  const fields = rest['fields'] as { name: string; type: unknown }[] | undefined;
  return {
    ...Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, structure(value)])),
    ...(fields ? { fields: fields.map((field) => ({ ...field, type: structure(field.type) })) } : {}),
  };
}

function fieldType(schema: Record<string, unknown>, name: string): unknown {
  const fields = schema['fields'] as { name: string; type: unknown; default?: unknown }[];
  return fields.find((field) => field.name === name)?.type;
}

function nest(depth: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level += 1) value = { a: value };
  return value;
}

test('the bundled dataset infers the structure of Items.avsc', () => {
  const dataset = JSON.parse(readFileSync(join(schemas, 'tuples.json'), 'utf8'));
  const expected = JSON.parse(readFileSync(join(schemas, 'Items.avsc'), 'utf8'));
  const { schema, notes } = fit(dataset);
  assert.deepEqual(structure(schema), structure(expected));
  assert.deepEqual(notes, []);
});

test('the root record is named Root and array records take the singular of their key', () => {
  const { schemaJson } = fit({ items: [{ x: 1 }] });
  assert.equal(schemaJson['name'], 'Root');
  assert.equal((fieldType(schemaJson, 'items') as { items: { name: string } }).items.name, 'Item');
});

test('non-integer numbers are typed double by default, not float', () => {
  const { schemaJson, decoded } = fit({ v: 0.1 });
  assert.equal(fieldType(schemaJson, 'v'), 'double');
  assert.deepEqual({ ...(decoded as object) }, { v: 0.1 });
});

test('numbers: float types non-integers as float and notes the rounding', () => {
  const { schemaJson, notes } = fit({ v: 0.5 }, { numbers: 'float' });
  assert.equal(fieldType(schemaJson, 'v'), 'float');
  assert.ok(notes.some((note) => note.code === 'avro-doubles-float'));
});

test('integers within int32 are typed int', () => {
  const { schemaJson } = fit({ n: [-(2 ** 31), 2 ** 31 - 1] });
  assert.deepEqual(fieldType(schemaJson, 'n'), { type: 'array', items: 'int' });
});

test('integers beyond int32 are typed long with a note about 2^53', () => {
  const { schemaJson, notes, decoded } = fit({ n: 2 ** 40 });
  assert.equal(fieldType(schemaJson, 'n'), 'long');
  assert.ok(pathsOf(notes, 'avro-long').includes('$.n'));
  assert.equal((decoded as { n: number }).n, 2 ** 40);
});

test('integers beyond 2^53 are typed double, which avsc accepts', () => {
  const { schemaJson, notes } = fit({ n: 2 ** 60 });
  assert.equal(fieldType(schemaJson, 'n'), 'double');
  assert.ok(pathsOf(notes, 'avro-beyond-2-53-double').includes('$.n'));
});

test('integers and doubles in one field merge to double, not a union', () => {
  const { schemaJson } = fit({ v: [1, 2.5, 3] });
  assert.deepEqual(fieldType(schemaJson, 'v'), { type: 'array', items: 'double' });
});

test('nested objects become records with unique names', () => {
  const { schema } = fit({ a: { b: { c: true } }, items: [{ a: { d: 'x' } }] });
  const names: string[] = [];
  JSON.stringify(schema, (key, value: unknown) => {
    if (value !== null && typeof value === 'object' && (value as { type?: unknown }).type === 'record') {
      names.push((value as { name: string }).name);
    }
    return value;
  });
  assert.deepEqual(names, ['Root', 'A', 'B', 'Item', 'A2']);
});

test('unicode strings, booleans and nested records round-trip exactly', () => {
  const sample = { text: 'naïve 日本 😀', yes: true, no: false, inner: { deeper: { s: '' } } };
  const { decoded } = fit(sample);
  assert.deepEqual(JSON.parse(JSON.stringify(decoded)), sample);
});

test('a field that is sometimes null is a null-first union with default null', () => {
  const { schemaJson } = fit([{ v: 1 }, { v: null }]);
  const record = schemaJson['items'] as Record<string, unknown>;
  const field = (record['fields'] as { name: string; type: unknown; default?: unknown }[])[0];
  assert.deepEqual(field, { name: 'v', type: ['null', 'int'], default: null });
});

test('a field missing from some objects is optional, and the note says it decodes as null', () => {
  const { decoded, notes } = fit([{ a: 1, b: 'x' }, { a: 2 }]);
  assert.equal((decoded as { b: unknown }[])[1]!.b, null);
  assert.ok(pathsOf(notes, 'avro-absent-null').includes('$[0].b'));
});

test('a value that is only ever null is typed "null"', () => {
  const { schemaJson } = fit({ nothing: null });
  assert.equal(fieldType(schemaJson, 'nothing'), 'null');
});

test('an empty array gets "null" items and a note', () => {
  const { schemaJson, notes } = fit({ list: [] });
  assert.deepEqual(fieldType(schemaJson, 'list'), { type: 'array', items: 'null' });
  assert.ok(pathsOf(notes, 'avro-empty-arrays-null').includes('$.list'));
});

test('an empty object becomes a record without fields', () => {
  const { schemaJson, decoded } = fit({ empty: {} });
  assert.deepEqual((fieldType(schemaJson, 'empty') as { fields: unknown[] }).fields, []);
  assert.deepEqual(JSON.parse(JSON.stringify(decoded)), { empty: {} });
});

test('a root array is an Avro array schema', () => {
  const { schema, decoded } = fit([1, 2, 3]);
  assert.deepEqual(schema, { type: 'array', items: 'int' });
  assert.deepEqual(decoded, [1, 2, 3]);
});

test('a root scalar is a primitive type in schema object form', () => {
  assert.deepEqual(fit('hello').schema, { type: 'string' });
  assert.deepEqual(fit(2.5).schema, { type: 'double' });
  assert.deepEqual(fit(null).schema, { type: 'null' });
});

test('a few mixed kinds in an array become one union that validates without wrapping', () => {
  const sample = { mixed: [1, 'a', null, [2]] };
  const { schemaJson, decoded, notes } = fit(sample);
  const items = (fieldType(schemaJson, 'mixed') as { items: unknown[] }).items;
  assert.deepEqual(items, ['null', 'int', 'string', { type: 'array', items: 'int' }]);
  assert.deepEqual(JSON.parse(JSON.stringify(decoded)), sample);
  assert.ok(pathsOf(notes, 'avro-union').some((path) => path.includes('string (first at $.mixed[1])')));
});

test('many mixed kinds become the free-form Json record, which decodes to the same JSON', () => {
  const sample = { mixed: [1, 'a', true, null, [2, [3]], { k: 1, 'odd key': [{}] }] };
  const { schemaJson, decoded, notes } = fit(sample);
  const items = (fieldType(schemaJson, 'mixed') as { items: { name: string; logicalType: string } }).items;
  assert.equal(items.name, 'Json');
  assert.deepEqual(JSON.parse(JSON.stringify(decoded)), sample);
  assert.ok(pathsOf(notes, 'avro-free-form').some((path) => path.startsWith('$.mixed[0]')));
});

test('keys that are not Avro names become a map when the values share a shape', () => {
  const sample = { scores: { 'odd key': 1, 'other-key': 2.5, fine: 3 } };
  const { schemaJson, decoded, notes } = fit(sample);
  assert.deepEqual(fieldType(schemaJson, 'scores'), { type: 'map', values: 'double' });
  assert.deepEqual(JSON.parse(JSON.stringify(decoded)), sample);
  assert.ok(pathsOf(notes, 'avro-map-keys').includes('$.scores'));
});

test('keys that are not Avro names with mixed values become a map of a union', () => {
  const sample = { '@context': 'https://schema.org', '@type': 'Event', location: { name: 'Hall', '@id': 'x' }, size: 3 };
  const { schema, decoded } = fit(sample);
  assert.deepEqual(structure(schema), { type: 'map', values: ['string', { type: 'map', values: 'string' }, 'int'] });
  assert.deepEqual(JSON.parse(JSON.stringify(decoded)), sample);
});

test('records with the same keys in another order share one record type', () => {
  const { schema } = fit([
    { a: 1, b: { x: 1, y: 2 } },
    { b: { y: 3, x: 4 }, a: 2 },
  ]);
  assert.equal(JSON.stringify(schema).match(/"type":"record"/g)?.length, 2);
});

test('a __proto__ key is refused with its path', () => {
  assert.throws(
    () => inferAvroSchema(JSON.parse('{"inner": {"__proto__": 1}}')),
    (error: unknown) => error instanceof UnsupportedSampleError && error.message.includes('$.inner'),
  );
});

test('nesting 200 levels deep infers a schema avsc accepts', () => {
  fit(nest(200));
});

test('nesting 1000 levels deep gives a schema or an UnsupportedSampleError, never a RangeError', () => {
  try {
    inferAvroSchema(nest(1000));
  } catch (error) {
    assert.ok(error instanceof UnsupportedSampleError);
  }
});

test('absurd nesting throws an UnsupportedSampleError', () => {
  assert.throws(() => inferAvroSchema(nest(100_000)), UnsupportedSampleError);
});
