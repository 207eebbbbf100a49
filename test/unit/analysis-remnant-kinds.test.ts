import { test } from 'node:test';
import assert from 'node:assert/strict';
import protobuf from 'protobufjs';
import { pack, unpack } from 'msgpackr';
import { decode as cborDecode, encode as cborEncode } from 'cbor-x';
import { deserialize as bsonDeserialize, serialize as bsonSerialize } from 'bson';
import * as v8 from 'node:v8';
import { detectRemnants } from '../../src/analysis/remnants';
import type { Remnant } from '../../src/shared/results';

function brief(remnants: Remnant[]): Array<Pick<Remnant, 'path' | 'kind' | 'detail'>> {
  return remnants.map(({ path, kind, detail }) => ({ path, kind, detail }));
}

const kindsOf = (remnants: Remnant[]) => remnants.map((remnant) => [remnant.path, remnant.kind]);

test('a toJSON inherited from protobufjs Message is a to-json remnant on every message', () => {
  const Root = protobuf
    .parse('syntax = "proto3"; message Item { int32 x = 1; } message Root { repeated Item items = 1; }', { keepCase: true })
    .root.lookupType('Root');
  const sample = { items: [{ x: 1 }, { x: 2 }] };
  const remnants = detectRemnants(sample, Root.decode(Root.encode(sample).finish())).filter((r) => r.kind === 'to-json');
  assert.deepEqual(brief(remnants), [
    { path: '$', kind: 'to-json', detail: 'toJSON() inherited from Message on 1 object: JSON.stringify writes what it returns, not these properties' },
    {
      path: '$.items[*]',
      kind: 'to-json',
      detail: 'toJSON() inherited from Message on 2 objects: JSON.stringify writes what it returns, not these properties',
    },
  ]);
});

test('an own toJSON method is a to-json remnant, not an extra key', () => {
  const decoded = { a: 1, toJSON: () => ({ b: 2 }) };
  assert.deepEqual(brief(detectRemnants({ a: 1 }, decoded)), [
    { path: '$', kind: 'to-json', detail: 'own toJSON() on 1 object: JSON.stringify writes what it returns, not these properties' },
    { path: '$.toJSON', kind: 'extra-key', detail: 'not in the original (function)' },
  ]);
});

test('sample data held in a non-enumerable property is a non-enumerable remnant', () => {
  const decoded = Object.defineProperty({ b: 2 }, 'a', { value: 1, enumerable: false });
  assert.deepEqual(brief(detectRemnants({ a: 1, b: 2 }, decoded)), [
    { path: '$.a', kind: 'non-enumerable', detail: 'sample data held in a non-enumerable property: JSON.stringify, spread and Object.keys skip it' },
  ]);
});

test('a hidden property the sample did not have is a non-enumerable remnant too', () => {
  const decoded = Object.defineProperty({ a: 1 }, '$unknowns', { value: [], enumerable: false });
  assert.deepEqual(kindsOf(detectRemnants({ a: 1 }, decoded)), [['$.$unknowns', 'non-enumerable']]);
});

test('symbol keys are symbol-key remnants at the object holding them', () => {
  const tag = Symbol('decoder tag');
  const decoded = [
    { a: 1, [tag]: true },
    { a: 2, [tag]: true },
  ];
  assert.deepEqual(brief(detectRemnants([{ a: 1 }, { a: 2 }], decoded)), [
    { path: '$[*]', kind: 'symbol-key', detail: 'own symbol key Symbol(decoder tag): JSON.stringify and Object.keys skip it, spread copies it (2 objects)' },
  ]);
});

test('a message object with getters and toObject() is unwrap-required, not a list of missing keys', () => {
  // The shape of a google-protobuf message: data in an internal array, behind generated methods.
  class ItemsMessage {
    constructor(readonly array: unknown[]) {}
    getItemsList(): unknown {
      return this.array[0];
    }
    getCount(): unknown {
      return this.array[1];
    }
    toObject(): object {
      return { itemsList: this.array[0], count: this.array[1] };
    }
  }
  const remnants = detectRemnants({ items: [1, 2], count: 2 }, new ItemsMessage([[1, 2], 2]));
  const unwrap = remnants.find((r) => r.kind === 'unwrap-required');
  assert.ok(unwrap, JSON.stringify(remnants));
  assert.equal(unwrap.path, '$');
  assert.equal(
    unwrap.detail,
    'decoded as ItemsMessage: the data is behind toObject(), getItemsList(), getCount(), not properties (2 keys of the sample are not readable)',
  );
  assert.deepEqual(
    remnants.filter((r) => r.kind === 'missing-key' || r.kind === 'rename'),
    [],
  );
});

test('a missing key without an unwrapping method stays a missing key', () => {
  class Message {
    toJSON(): object {
      return {};
    }
  }
  const decoded = Object.assign(new Message(), { keep: 1 });
  assert.deepEqual(kindsOf(detectRemnants({ keep: 1, gone: null }, decoded)), [
    ['$', 'prototype'],
    ['$', 'to-json'],
    ['$.gone', 'missing-key'],
  ]);
});

test('an extra key holding a default value says a default was filled in', () => {
  assert.deepEqual(
    brief(
      detectRemnants(
        [{ a: 1 }, { a: 2 }],
        [
          { a: 1, flags: 0 },
          { a: 2, flags: 0 },
        ],
      ),
    ),
    [{ path: '$[*].flags', kind: 'extra-key', detail: 'a default filled in, in 2 objects' }],
  );
  assert.deepEqual(brief(detectRemnants({ a: 1 }, { a: 1, note: '' })), [
    { path: '$.note', kind: 'extra-key', detail: 'not in the original: a default filled in (string "")' },
  ]);
});

test('-0 from the file turned into 0 by msgpackr and cbor-x is a precision remnant; bson and v8 keep it', () => {
  const sample = JSON.parse('{"z": -0, "list": [-0, 1]}') as Record<string, unknown>;
  for (const decoded of [unpack(pack(sample)), cborDecode(cborEncode(sample))]) {
    assert.deepEqual(brief(detectRemnants(sample, decoded)), [
      { path: '$.z', kind: 'precision', detail: 'expected -0, got 0 (the sign of zero changed)' },
      { path: '$.list[*]', kind: 'precision', detail: 'expected -0, got 0 (the sign of zero changed)' },
    ]);
  }
  assert.deepEqual(detectRemnants(sample, bsonDeserialize(bsonSerialize(sample))), []);
  assert.deepEqual(detectRemnants(sample, v8.deserialize(v8.serialize(sample))), []);
});

test('a Map with number keys where JSON had digit strings reports each key', () => {
  assert.deepEqual(
    brief(
      detectRemnants(
        { 1: 'a', 2: 'b' },
        new Map([
          [1, 'a'],
          [2, 'b'],
        ]),
      ),
    ),
    [
      { path: '$', kind: 'type-change', detail: 'object became Map' },
      { path: '$["1"]', kind: 'type-change', detail: 'key "1" became the number 1 (Map key): map.get("1") misses it' },
      { path: '$["2"]', kind: 'type-change', detail: 'key "2" became the number 2 (Map key): map.get("2") misses it' },
    ],
  );
});

test('Buffer and Uint8Array are told apart', () => {
  const remnants = detectRemnants({ a: 'x', b: 'y' }, { a: Buffer.from('x'), b: new Uint8Array([0x79]) });
  assert.deepEqual(
    remnants.map((r) => r.detail),
    ['string became Buffer', 'string became Uint8Array'],
  );
});

test('a Long from bson is named Long, whatever the bundler called its class', () => {
  const decoded = bsonDeserialize(bsonSerialize({ n: 2n ** 60n }), { useBigInt64: false, promoteLongs: false });
  assert.deepEqual(brief(detectRemnants({ n: 2 ** 60 }, decoded)), [{ path: '$.n', kind: 'type-change', detail: 'number became Long' }]);
});
