import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as protobuf from 'protobufjs';
import { deriveAvroFromProto } from '../../src/schema/derive-avro-from-proto';
import { deriveProtoFromAvro } from '../../src/schema/derive-proto-from-avro';
import { generateAvroRecords, generateFromSchema, generateProtoRecords } from '../../src/schema/generate-sample';
import { createAvroType } from '../../src/schema/load-avsc';
import { checkProtoFit, findAvroMismatch } from '../../src/schema/sample-fit';

const schemas = join(__dirname, '..', '..', 'schemas');
const SEEDS = [1, 2, 3, 42, 2024];

const RICH_PROTO = `syntax = "proto3";
enum Status { UNKNOWN = 0; OPEN = 1; CLOSED = 5; }
message Order {
  message Line { string sku = 1; uint32 quantity = 2; sfixed64 cents = 3; repeated string tags = 4; }
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
  Order parent = 14;
}`;

const RICH_AVSC = {
  type: 'record',
  name: 'Event',
  fields: [
    { name: 'id', type: 'long' },
    { name: 'kind', type: { type: 'enum', name: 'Kind', symbols: ['A', 'B', 'C'] } },
    { name: 'hash', type: { type: 'fixed', name: 'Hash', size: 8 } },
    { name: 'payload', type: 'bytes' },
    { name: 'score', type: 'float' },
    { name: 'weight', type: 'double' },
    { name: 'ok', type: 'boolean' },
    { name: 'label', type: ['null', 'string'], default: null },
    { name: 'counts', type: { type: 'map', values: 'int' } },
    { name: 'children', type: { type: 'array', items: 'Event' } },
    { name: 'next', type: ['null', 'Event'], default: null },
  ],
};

function orderType(): protobuf.Type {
  const root = protobuf.parse(RICH_PROTO, { keepCase: true }).root;
  root.resolveAll();
  return root.lookupType('Order');
}

test('the same seed generates the same records, another seed other ones', () => {
  const type = orderType();
  assert.deepEqual(generateProtoRecords(type, { count: 20, seed: 7 }), generateProtoRecords(type, { count: 20, seed: 7 }));
  assert.notDeepEqual(generateProtoRecords(type, { count: 20, seed: 7 }), generateProtoRecords(type, { count: 20, seed: 8 }));
});

test('the number of records generated is the count asked for', () => {
  assert.equal(generateProtoRecords(orderType(), { count: 37, seed: 1 }).length, 37);
  assert.equal(generateAvroRecords(createAvroType(RICH_AVSC).type, { count: 0, seed: 1 }).length, 0);
});

test('records generated from a .proto fit their message, for several seeds', () => {
  const type = orderType();
  for (const seed of SEEDS) {
    for (const record of generateProtoRecords(type, { count: 50, seed })) {
      assert.equal(checkProtoFit(type, record).mismatch, undefined, `seed ${seed}`);
      assert.equal(type.verify(type.fromObject(record as Record<string, unknown>)), null, `seed ${seed}`);
    }
  }
});

test('records generated from a .proto come back the same through protobufjs, empty lists and maps included', () => {
  const type = orderType();
  // arrays/objects: a decoded message holds its empty lists and maps, as the generated record does.
  const options = { enums: String, bytes: String, longs: Number, arrays: true, objects: true };
  for (const seed of SEEDS) {
    for (const record of generateProtoRecords(type, { count: 20, seed })) {
      const bytes = type.encode(type.fromObject(record as Record<string, unknown>)).finish();
      assert.deepEqual(type.toObject(type.decode(bytes), options), record, `seed ${seed}`);
    }
  }
});

test('records generated from an .avsc are valid for avsc, for several seeds', () => {
  const { type } = createAvroType(RICH_AVSC);
  for (const seed of SEEDS) {
    for (const record of generateAvroRecords(type, { count: 50, seed })) {
      assert.equal(findAvroMismatch(type, record), undefined, `seed ${seed}`);
      // Decoded records are avsc class instances: compare what they hold.
      assert.deepEqual(JSON.parse(JSON.stringify(type.fromBuffer(type.toBuffer(record)))), record);
    }
  }
});

test('records generated from a .proto also fit the Avro schema derived from it', () => {
  const type = orderType();
  const derived = createAvroType(deriveAvroFromProto(type).schema).type;
  for (const seed of SEEDS) {
    for (const record of generateProtoRecords(type, { count: 30, seed })) {
      assert.equal(findAvroMismatch(derived, record), undefined, `seed ${seed}`);
    }
  }
});

test('records generated from an .avsc also fit the message derived from it', () => {
  const { type } = createAvroType(RICH_AVSC);
  const derived = deriveProtoFromAvro(RICH_AVSC);
  const message = protobuf.parse(derived.source, { keepCase: true }).root.lookupType(derived.rootType);
  for (const seed of SEEDS) {
    for (const record of generateAvroRecords(type, { count: 30, seed })) {
      assert.equal(checkProtoFit(message, record).mismatch, undefined, `seed ${seed}`);
    }
  }
});

test('plain proto3 fields never get zero values, which proto3 would not send back', () => {
  const type = orderType();
  for (const record of generateProtoRecords(type, { count: 200, seed: 5 }) as Record<string, unknown>[]) {
    for (const name of ['id', 'offset', 'ratio', 'gift', 'status']) {
      if (name in record) assert.notEqual(record[name], name === 'status' ? 'UNKNOWN' : name === 'gift' ? false : 0, name);
    }
  }
});

test('generating from a provided schema file describes the records, message and seed', () => {
  const source = readFileSync(join(schemas, 'Items.proto'), 'utf8');
  const generated = generateFromSchema({ kind: 'proto', source, path: 'schemas/Items.proto', typeName: 'Item' }, { count: 3, seed: 9 });
  assert.equal(generated.records.length, 3);
  assert.equal(generated.description, '3 records generated from Items.proto (message Item), seed 9 (depth ≤ 3, ≤ 4 KB per record)');
  for (const record of generated.records) assert.deepEqual(Object.keys(record as object), ['x', 'y', 'z']);
});
