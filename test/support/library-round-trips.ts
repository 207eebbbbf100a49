/** Real libraries' round trips, shared by the analysis tests (verify and remnants). */
import * as v8 from 'node:v8';
import * as avro from 'avsc';
import protobuf from 'protobufjs';
import { pack, unpack } from 'msgpackr';
import { decode as cborDecode, encode as cborEncode } from 'cbor-x';
import { deserialize as bsonDeserialize, serialize as bsonSerialize } from 'bson';

const PROTO_SOURCE = `
syntax = "proto3";
message Item { int32 x = 1; double y = 2; double z = 3; int64 big = 4; }
message Root { repeated Item items = 1; }
`;

/** `{items: [{x, y, z, big?}]}` through protobufjs: decodes to Message instances. */
export function protobufRoundTrip(value: object): unknown {
  const Root = protobuf.parse(PROTO_SOURCE, { keepCase: true }).root.lookupType('Root');
  return Root.decode(Root.encode(Root.fromObject(value)).finish());
}

/** `{items: [{x, y, z}]}` through avsc, with `y` as float (rounds) or double. */
export function avroRoundTrip(value: object, yType: 'float' | 'double'): unknown {
  const item: avro.Schema = {
    type: 'record',
    name: 'Item',
    fields: [
      { name: 'x', type: 'int' },
      { name: 'y', type: yType },
      { name: 'z', type: 'double' },
    ],
  };
  const type = avro.Type.forSchema({
    type: 'record',
    name: 'Root',
    fields: [{ name: 'items', type: { type: 'array', items: item } }],
  });
  return type.fromBuffer(type.toBuffer(value));
}

/** Libraries that decode plain JSON data to plain data. */
export const plainCodecs: Array<[string, (value: unknown) => unknown]> = [
  ['JSON', (value) => JSON.parse(JSON.stringify(value))],
  ['node:v8', (value) => v8.deserialize(v8.serialize(value))],
  ['msgpackr', (value) => unpack(pack(value))],
  ['cbor-x', (value) => cborDecode(cborEncode(value))],
  ['bson', (value) => bsonDeserialize(bsonSerialize(value as Record<string, unknown>))],
];
