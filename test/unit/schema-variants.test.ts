import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as avro from 'avsc';
import * as protobuf from 'protobufjs';
import { inferAvroSchema } from '../../src/schema/infer-avro';
import { inferProtoSchema } from '../../src/schema/infer-proto';
import { inferSchemaText } from '../../src/schema/inferred-text';
import { DEFAULT_VARIANTS, describeVariants, parseVariants } from '../../src/shared/variants';

const SAMPLE = {
  items: [
    { id: 1, delta: -3, big: 2 ** 40, price: 9.99, name: 'a' },
    { id: 2, delta: 4, big: 1, price: 0.5, name: 'b' },
  ],
};

function protoField(source: string, message: string, field: string): protobuf.Field {
  const type = protobuf.parse(source, { keepCase: true }).root.lookupType(message);
  const found = type.fields[field];
  assert.ok(found, `no field ${field} in ${message}`);
  return found;
}

/** A field of the item record under `items` (which may itself be a union with null). */
function avroField(schema: object, name: string): unknown {
  type ArraySchema = { items: { fields: { name: string }[] } };
  const itemsType = (schema as { fields: { type: ArraySchema | ['null', ArraySchema] }[] }).fields[0]!.type;
  const record = (Array.isArray(itemsType) ? itemsType[1] : itemsType).items;
  return record.fields.find((field) => field.name === name);
}

test('default variants leave inferred schemas as they were', () => {
  assert.deepEqual(inferProtoSchema(SAMPLE, DEFAULT_VARIANTS), inferProtoSchema(SAMPLE));
  assert.deepEqual(inferAvroSchema(SAMPLE, DEFAULT_VARIANTS), inferAvroSchema(SAMPLE));
});

test('integers varint types protobuf integers int32 and int64', () => {
  const { source } = inferProtoSchema(SAMPLE, { integers: 'varint' });
  assert.equal(protoField(source, 'Item', 'delta').type, 'int32');
  assert.equal(protoField(source, 'Item', 'big').type, 'int64');
});

test('integers zigzag types protobuf integers sint32 and sint64', () => {
  const { source } = inferProtoSchema(SAMPLE, { integers: 'zigzag' });
  assert.equal(protoField(source, 'Item', 'id').type, 'sint32');
  assert.equal(protoField(source, 'Item', 'big').type, 'sint64');
});

test('integers fixed types protobuf integers sfixed32 and sfixed64, with a comment', () => {
  const { source } = inferProtoSchema(SAMPLE, { integers: 'fixed' });
  assert.equal(protoField(source, 'Item', 'id').type, 'sfixed32');
  assert.equal(protoField(source, 'Item', 'big').type, 'sfixed64');
  assert.match(source, /sfixed32 id = 1; \/\/ sfixed32: integers fixed \(variant\)/);
});

test('integers auto keeps varints and uses zigzag only where values are negative', () => {
  const { source } = inferProtoSchema(SAMPLE, { integers: 'auto' });
  assert.equal(protoField(source, 'Item', 'id').type, 'int32');
  assert.equal(protoField(source, 'Item', 'delta').type, 'sint32');
});

test('integer variants do not change Avro, and a non-default one is noted', () => {
  const fixed = inferAvroSchema(SAMPLE, { integers: 'fixed' });
  assert.deepEqual(fixed.schema, inferAvroSchema(SAMPLE).schema);
  assert.ok(fixed.notes.some((note) => note.code === 'avro-integers-protobuf-only' && note.integers === 'fixed'));
});

test('doubles float types non-integers float in both formats and notes the rounding', () => {
  const proto = inferProtoSchema(SAMPLE, { doubles: 'float' });
  assert.equal(protoField(proto.source, 'Item', 'price').type, 'float');
  assert.ok(proto.notes.some((note) => note.code === 'proto-doubles-float'));
  const avsc = inferAvroSchema(SAMPLE, { doubles: 'float' });
  assert.deepEqual(avroField(avsc.schema, 'price'), { name: 'price', type: 'float' });
});

test('fields optional makes every Avro field a union with null and every proto scalar optional', () => {
  const avsc = inferAvroSchema(SAMPLE, { fields: 'optional' });
  assert.deepEqual(avroField(avsc.schema, 'name'), { name: 'name', type: ['null', 'string'], default: null });
  const type = avro.Type.forSchema(avsc.schema as avro.Schema);
  assert.ok(type.toBuffer(SAMPLE).byteLength > avro.Type.forSchema(inferAvroSchema(SAMPLE).schema as avro.Schema).toBuffer(SAMPLE).byteLength);
  const proto = inferProtoSchema(SAMPLE, { fields: 'optional' });
  assert.match(proto.source, /optional int32 id = 1;/);
  assert.match(proto.source, /optional string name = 5;/);
});

test('unknown variant choices are refused with the choices listed', () => {
  assert.deepEqual(parseVariants({ integers: 'zigzag', doubles: undefined }), { integers: 'zigzag' });
  assert.throws(() => parseVariants({ integers: 'bcd' }), /--integers takes auto, varint, zigzag, fixed; got 'bcd'/);
});

test('describeVariants names only the choices that differ from the defaults', () => {
  assert.equal(describeVariants({ integers: 'auto', doubles: 'float' }), 'doubles: float');
  assert.equal(describeVariants(undefined), '');
});

test('inferred schema text is readable Avro JSON or commented .proto', () => {
  const avsc = inferSchemaText(SAMPLE, 'avsc');
  assert.deepEqual(JSON.parse(avsc.text), inferAvroSchema(SAMPLE).schema);
  assert.match(avsc.text, /^ {12}\{"name":"id","type":"int"\},$/m);
  const proto = inferSchemaText(SAMPLE, 'proto', { integers: 'zigzag' });
  assert.equal(proto.rootType, 'Root');
  assert.match(proto.text, /^\/\/ Inferred by Payload Lab/);
});
