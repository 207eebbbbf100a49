import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as avro from 'avsc';
import * as protobuf from 'protobufjs';
import { UnsupportedSampleError } from '../../src/codecs/codec';
import { deriveAvroFromProto } from '../../src/schema/derive-avro-from-proto';
import { deriveProtoFromAvro } from '../../src/schema/derive-proto-from-avro';
import { createAvroType } from '../../src/schema/load-avsc';

const schemas = join(__dirname, '..', '..', 'schemas');
const itemsProto = readFileSync(join(schemas, 'Items.proto'), 'utf8');
const itemsAvsc = JSON.parse(readFileSync(join(schemas, 'Items.avsc'), 'utf8')) as Record<string, unknown>;
const dataset = JSON.parse(readFileSync(join(schemas, 'tuples.json'), 'utf8')) as unknown;

/** Nested messages, enums (one with gaps in its numbers), repeated, maps, oneof, optional, gaps in field numbers. */
const RICH_PROTO = `syntax = "proto3";
package shop;
enum Status { UNKNOWN = 0; OPEN = 1; CLOSED = 5; }
message Order {
  message Line {
    string sku = 1;
    uint32 quantity = 2;
    sfixed64 cents = 3;
    repeated string tags = 4;
  }
  int64 id = 1;
  optional string note = 2;
  Status status = 3;
  repeated Line lines = 4;
  map<string, Line> by_sku = 5;
  map<int32, double> weights = 6;
  oneof payment { string card = 7; bool cash = 8; }
  sint32 offset = 10;
  float ratio = 11;
  bytes blob = 12;
  bool gift = 13;
  repeated Status history = 14;
  Line first = 15;
}`;

function protoType(source: string, name: string): protobuf.Type {
  const root = protobuf.parse(source, { keepCase: true }).root;
  root.resolveAll();
  return root.lookupType(name);
}

interface FieldSummary {
  name: string;
  id: number;
  type: unknown;
  rule: string;
  oneof?: string;
}

/** A message's fields with message and enum types expanded, so differently named types compare equal. */
function summarize(type: protobuf.Type, seen = new Set<protobuf.Type>()): FieldSummary[] {
  seen.add(type);
  return type.fieldsArray.map((field) => {
    field.resolve();
    const target = field.resolvedType;
    const rule =
      field instanceof protobuf.MapField ? `map<${field.keyType}>` : field.repeated ? 'repeated' : field.options?.['proto3_optional'] ? 'optional' : '';
    const oneof = field.partOf && !field.options?.['proto3_optional'] ? { oneof: field.partOf.name } : {};
    const expanded =
      target instanceof protobuf.Type
        ? seen.has(target)
          ? 'recursive'
          : summarize(target, seen)
        : target instanceof protobuf.Enum
          ? { ...target.values }
          : field.type;
    return { name: field.name, id: field.id, type: expanded, rule, ...oneof };
  });
}

function fieldOf(schema: Record<string, unknown>, name: string): Record<string, unknown> {
  const field = (schema['fields'] as Record<string, unknown>[]).find((candidate) => candidate['name'] === name);
  assert.ok(field, `no field ${name}`);
  return field;
}

/** Avro schema JSON without docs, defaults, names and proto* attributes: its structure. */
function structure(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(structure);
  if (schema === null || typeof schema !== 'object') return schema;
  const kept = Object.entries(schema as Record<string, unknown>).filter(
    ([key]) => !['doc', 'default', 'name', 'namespace'].includes(key) && !key.startsWith('proto'),
  );
  return Object.fromEntries(kept.map(([key, value]) => [key, structure(value)]));
}

test('Items.proto derives the structure of Items.avsc', () => {
  const derived = deriveAvroFromProto(protoType(itemsProto, 'Items'));
  assert.deepEqual(structure(derived.schema), structure(itemsAvsc));
  assert.deepEqual(derived.notes, []);
});

test('the Avro schema derived from Items.proto encodes the dataset in as many bytes as Items.avsc', () => {
  const derived = avro.Type.forSchema(deriveAvroFromProto(protoType(itemsProto, 'Items')).schema as avro.Schema);
  const given = avro.Type.forSchema(itemsAvsc as avro.Schema);
  assert.equal(derived.toBuffer(dataset).byteLength, given.toBuffer(dataset).byteLength);
});

test('Items.avsc derives the fields, numbers and types of Items.proto', () => {
  const derived = deriveProtoFromAvro(itemsAvsc);
  const fromAvsc = summarize(protoType(derived.source, derived.rootType)).map((field) => JSON.stringify(field));
  const given = summarize(protoType(itemsProto, 'Items')).map((field) => JSON.stringify(field));
  // Avro fields without a default become `optional` (zeros must round-trip); otherwise the same.
  assert.deepEqual(
    fromAvsc.map((field) => field.replaceAll('"rule":"optional"', '"rule":""')),
    given,
  );
  assert.equal(derived.rootType, 'Items');
});

test('proto → Avro → proto keeps field names, numbers and types', () => {
  const original = protoType(RICH_PROTO, 'shop.Order');
  const avroSchema = deriveAvroFromProto(original).schema;
  const back = deriveProtoFromAvro(avroSchema);
  assert.deepEqual(summarize(protoType(back.source, back.rootType)), summarize(original));
});

test('a derived Avro schema is accepted by avsc', () => {
  const derived = deriveAvroFromProto(protoType(RICH_PROTO, 'shop.Order'));
  assert.doesNotThrow(() => createAvroType(derived.schema));
  assert.equal(JSON.parse(derived.text).name, 'shop.Order');
});

test('integer kinds Avro lacks are kept as protoType and explained in a doc and a note', () => {
  const derived = deriveAvroFromProto(protoType(RICH_PROTO, 'shop.Order'));
  const lines = fieldOf(derived.schema, 'lines')['type'] as { items: Record<string, unknown> };
  const quantity = fieldOf(lines.items, 'quantity');
  assert.equal(quantity['type'], 'long');
  assert.equal(quantity['protoType'], 'uint32');
  assert.match(String(quantity['doc']), /uint32 → long/);
  assert.deepEqual(
    derived.notes.find((note) => note.code === 'proto-scalar-in-avro' && note.field.endsWith('.quantity')),
    { code: 'proto-scalar-in-avro', field: 'shop.Order.Line.quantity', protoType: 'uint32', avroType: 'long' },
  );
});

test('proto3 optional and oneof members become unions with null; plain fields default to zero', () => {
  const schema = deriveAvroFromProto(protoType(RICH_PROTO, 'shop.Order')).schema;
  assert.deepEqual(fieldOf(schema, 'note')['type'], ['null', 'string']);
  assert.equal(fieldOf(schema, 'note')['default'], null);
  assert.deepEqual(fieldOf(schema, 'card')['type'], ['null', 'string']);
  assert.equal(fieldOf(schema, 'card')['protoOneof'], 'payment');
  assert.equal(fieldOf(schema, 'id')['default'], 0);
  assert.equal(fieldOf(schema, 'status')['default'], 'UNKNOWN');
});

test('map keys that are not strings, and enum numbers with gaps, are kept as attributes', () => {
  const schema = deriveAvroFromProto(protoType(RICH_PROTO, 'shop.Order')).schema;
  assert.equal(fieldOf(schema, 'weights')['protoKeyType'], 'int32');
  const status = fieldOf(schema, 'status')['type'] as Record<string, unknown>;
  assert.deepEqual(status['symbols'], ['UNKNOWN', 'OPEN', 'CLOSED']);
  assert.deepEqual(status['protoValues'], { UNKNOWN: 0, OPEN: 1, CLOSED: 5 });
});

test('a derived .proto comments its choices and parses with protobufjs', () => {
  const avsc = {
    type: 'record',
    name: 'Event',
    fields: [
      { name: 'id', type: 'long' },
      { name: 'kind', type: { type: 'enum', name: 'Kind', symbols: ['A', 'B'] }, default: 'A' },
      { name: 'hash', type: { type: 'fixed', name: 'Hash', size: 16 } },
      { name: 'tags', type: ['null', { type: 'array', items: 'string' }], default: null },
    ],
  };
  const derived = deriveProtoFromAvro(avsc);
  assert.match(derived.source, /optional int64 id = 1;/);
  assert.match(derived.source, /^ {2}Kind kind = 2;/m);
  assert.match(derived.source, /optional bytes hash = 3; \/\/ fixed Hash \(16 bytes\)/);
  assert.match(derived.source, /repeated string tags = 4; \/\/ null reads back as an empty list/);
  assert.match(derived.source, /explicit presence/);
  assert.doesNotThrow(() => protoType(derived.source, derived.rootType));
});

test('an Avro union of several types cannot be derived, and the field is named', () => {
  const avsc = { type: 'record', name: 'R', fields: [{ name: 'either', type: ['int', 'string'] }] };
  assert.throws(
    () => deriveProtoFromAvro(avsc),
    (error: unknown) => error instanceof UnsupportedSampleError && /R\.either is a union of int, string/.test(error.message),
  );
});

test('an Avro array of arrays cannot be derived, and the field is named', () => {
  const avsc = { type: 'record', name: 'R', fields: [{ name: 'grid', type: { type: 'array', items: { type: 'array', items: 'int' } } }] };
  assert.throws(
    () => deriveProtoFromAvro(avsc),
    (error: unknown) => error instanceof UnsupportedSampleError && /R\.grid\[\]: an array of array/.test(error.message),
  );
});

test('an Avro root that is not a record is wrapped in a message, and the wrapping is noted', () => {
  const derived = deriveProtoFromAvro({ type: 'array', items: 'double' });
  assert.equal(derived.wrappedAs, 'value');
  assert.match(derived.source, /repeated double value = 1;/);
  assert.deepEqual(derived.notes, [{ code: 'avro-root-wrapped', field: 'value', message: 'Root' }]);
});
