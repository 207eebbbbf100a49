import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pack, unpack } from 'msgpackr';
import { detectRemnants } from '../../src/analysis/remnants';
import type { Remnant } from '../../src/shared/results';
import { avroRoundTrip, plainCodecs, protobufRoundTrip } from '../support/library-round-trips';

const plainSample = JSON.parse(`{
  "title": "Zoë 🚀 漢字", "active": true, "archived": false, "owner": null,
  "count": 42, "ratio": -1.25, "emptyObject": {}, "emptyArray": [],
  "nested": { "list": [1, "two", { "three": [null, true, []] }], "deep": { "a": { "b": "c" } } },
  "rows": [{ "id": 1, "tags": ["x"] }, { "id": 2, "tags": [] }]
}`) as Record<string, unknown>;

function items(count: number): { items: Array<{ x: number; y: number; z: number }> } {
  return { items: Array.from({ length: count }, (_, i) => ({ x: i + 1, y: 1.5, z: 2.5 })) };
}

function only(remnants: Remnant[], kind: Remnant['kind']): Remnant[] {
  return remnants.filter((remnant) => remnant.kind === kind);
}

/** Path, kind and detail: what these tests are about (count and firstPath have their own). */
function brief(remnants: Remnant[]): Array<Pick<Remnant, 'path' | 'kind' | 'detail'>> {
  return remnants.map(({ path, kind, detail }) => ({ path, kind, detail }));
}

function remnantsOf(original: unknown, decoded: unknown, options?: Parameters<typeof detectRemnants>[2]) {
  return brief(detectRemnants(original, decoded, options));
}

for (const [library, roundTrip] of plainCodecs) {
  test(`plain data decoded by ${library} has no remnants`, () => {
    assert.deepEqual(remnantsOf(plainSample, roundTrip(plainSample)), []);
  });
}

test('protobufjs messages are flagged with their message names', () => {
  const sample = items(1);
  const remnants = only(detectRemnants(sample, protobufRoundTrip(sample)), 'prototype');
  assert.deepEqual(
    remnants.map((r) => r.path),
    ['$', '$.items[*]'],
  );
  assert.match(remnants[0]!.detail, /^1 object with prototype Root \(protobufjs Message\)/);
  assert.match(remnants[1]!.detail, /^1 object with prototype Item \(protobufjs Message\)/);
});

test('avsc records are flagged with their record names', () => {
  const sample = items(1);
  const remnants = only(detectRemnants(sample, avroRoundTrip(sample, 'double')), 'prototype');
  assert.deepEqual(
    remnants.map((r) => [r.path, r.detail.split(';')[0]]),
    [
      ['$', '1 object with prototype Root (avsc record)'],
      ['$.items[*]', '1 object with prototype Item (avsc record)'],
    ],
  );
});

test('avsc records inherit enumerable methods: an inherited-enumerable remnant lists them', () => {
  const sample = items(1);
  const [, item] = only(detectRemnants(sample, avroRoundTrip(sample, 'double')), 'inherited-enumerable');
  assert.equal(item!.path, '$.items[*]');
  assert.match(
    item!.detail,
    /^clone, compare, isValid, toBuffer, toString, wrap, wrapped inherited as enumerable by 1 object \(prototype Item \(avsc record\)\): for…in sees them/,
  );
});

test('inherited enumerable properties shadowed by own data are not listed', () => {
  const sample = items(1);
  const [, item] = only(detectRemnants(sample, protobufRoundTrip(sample)), 'inherited-enumerable');
  // x, y and z are own on the message; big stays a prototype default.
  assert.match(item!.detail, /^\$type, big, toJSON inherited as enumerable/);
});

test('identical messages in an array aggregate into one remnant per kind at the wildcard path', () => {
  const sample = items(1_000);
  const remnants = detectRemnants(sample, protobufRoundTrip(sample));
  assert.deepEqual(
    remnants.map((r) => [r.path, r.kind]),
    [
      ['$', 'prototype'],
      ['$', 'inherited-enumerable'],
      ['$', 'to-json'],
      ['$.items[*]', 'prototype'],
      ['$.items[*]', 'inherited-enumerable'],
      ['$.items[*]', 'to-json'],
    ],
  );
  assert.match(remnants[3]!.detail, /^1,000 objects with prototype Item \(protobufjs Message\)$/);
});

test('a grouped remnant carries its count and the exact path of its first occurrence', () => {
  const sample = items(1_000);
  const item = only(detectRemnants(sample, protobufRoundTrip(sample)), 'prototype')[1]!;
  assert.equal(item.count, 1_000);
  assert.equal(item.firstPath, '$.items[0]');
});

test('a null-prototype object is a prototype remnant', () => {
  const decoded = Object.assign(Object.create(null) as object, { a: 1 });
  assert.deepEqual(remnantsOf({ a: 1 }, decoded), [{ path: '$', kind: 'prototype', detail: '1 object with a null prototype (no hasOwnProperty or toString)' }]);
});

test('a class instance in an array names its class and the class it extends', () => {
  class Base {}
  class Point extends Base {
    x = 1;
  }
  assert.deepEqual(remnantsOf([{ x: 1 }], [new Point()]), [{ path: '$[*]', kind: 'prototype', detail: '1 object with prototype Point (extends Base)' }]);
});

test('own getters are accessor remnants aggregated by wildcard path', () => {
  const withGetter = (): object => Object.defineProperty({}, 'x', { get: () => 1, enumerable: true });
  const remnants = remnantsOf([{ x: 1 }, { x: 1 }, { x: 1 }], [withGetter(), withGetter(), withGetter()]);
  assert.deepEqual(remnants, [{ path: '$[*].x', kind: 'accessor', detail: 'getter (own) in place of a data property (3 objects)' }]);
});

test('getters inherited from a class in place of data are accessor remnants', () => {
  class Lazy {
    get x(): number {
      return 1;
    }
  }
  const remnants = detectRemnants({ x: 1 }, new Lazy());
  assert.deepEqual(brief(only(remnants, 'accessor')), [{ path: '$.x', kind: 'accessor', detail: 'getter inherited from Lazy in place of a data property' }]);
});

test('a related missing and extra key pair is one rename', () => {
  assert.deepEqual(remnantsOf({ items: [1] }, { itemsList: [1] }), [{ path: '$.items', kind: 'rename', detail: 'items → itemsList' }]);
});

test('msgpackr renaming __proto__ to __proto_ is one rename', () => {
  const sample = JSON.parse('{"__proto__": {"a": 1}, "b": 2}') as unknown;
  assert.deepEqual(remnantsOf(sample, unpack(pack(sample))), [{ path: '$["__proto__"]', kind: 'rename', detail: '__proto__ → __proto_' }]);
});

test('snake_case to camelCase is a rename', () => {
  assert.deepEqual(remnantsOf({ user_id: 1 }, { userId: 1 }), [{ path: '$.user_id', kind: 'rename', detail: 'user_id → userId' }]);
});

test('unrelated missing and extra keys stay separate', () => {
  assert.deepEqual(remnantsOf({ a: 1 }, { zebra: 1 }), [
    { path: '$.a', kind: 'missing-key', detail: 'missing after the round trip (was 1)' },
    { path: '$.zebra', kind: 'extra-key', detail: 'not in the original (number)' },
  ]);
});

test('missing keys aggregate by wildcard path with a count', () => {
  const original = [
    { a: 1, keep: 1 },
    { a: 2, keep: 1 },
  ];
  assert.deepEqual(remnantsOf(original, [{ keep: 1 }, { keep: 1 }]), [
    { path: '$[*].a', kind: 'missing-key', detail: 'missing after the round trip in 2 objects' },
  ]);
});

test('Long values aggregate into one type-change remnant by wildcard path', () => {
  const sample = { items: Array.from({ length: 3 }, (_, i) => ({ x: 1, y: 1.5, z: 2.5, big: 2 ** 40 + i })) };
  const remnants = brief(only(detectRemnants(sample, protobufRoundTrip(sample)), 'type-change'));
  assert.deepEqual(remnants, [{ path: '$.items[*].big', kind: 'type-change', detail: 'number became Long (3 values)' }]);
});

test('float32 rounding aggregates into one precision remnant with an example', () => {
  const sample = {
    items: [
      { x: 1, y: 1.1, z: 2.5 },
      { x: 2, y: 1.5, z: 2.5 },
      { x: 3, y: 2.2, z: 2.5 },
    ],
  };
  const remnants = brief(only(detectRemnants(sample, avroRoundTrip(sample, 'float')), 'precision'));
  assert.deepEqual(remnants, [
    {
      path: '$.items[*].y',
      kind: 'precision',
      detail: 'float32 rounding in 2 values, e.g. expected 1.1, got 1.100000023841858 (float32 rounding)',
    },
  ]);
});

test('BigInt, Buffer, Map and Date are type changes, not prototype remnants', () => {
  const remnants = remnantsOf(
    { n: 1, s: 'AA==', m: { a: 1 }, d: '2024-01-01T00:00:00.000Z' },
    { n: 1n, s: Buffer.from([0]), m: new Map([['a', 1]]), d: new Date(0) },
  );
  assert.deepEqual(
    remnants.map((r) => [r.path, r.kind, r.detail]),
    [
      ['$.n', 'type-change', 'number became BigInt'],
      ['$.s', 'type-change', 'string became Buffer'],
      ['$.m', 'type-change', 'object became Map'],
      ['$.d', 'type-change', 'string became Date'],
    ],
  );
});

test('value changes are not remnants', () => {
  assert.deepEqual(remnantsOf({ a: 1, b: [1, 2] }, { a: 2, b: [1] }), []);
});

test('10,000 nested arrays are walked without a stack overflow', () => {
  let original: unknown = 1;
  let decoded: unknown = 1;
  for (let i = 0; i < 10_000; i++) {
    original = [original];
    decoded = [decoded];
  }
  assert.deepEqual(remnantsOf(original, decoded), []);
});

test('a capped list ends with a summary of the remnants left out', () => {
  const original = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`key${i}`, i]));
  const remnants = detectRemnants(original, {}, { maxRemnants: 50 });
  assert.equal(remnants.length, 50);
  assert.equal(remnants[48]!.path, '$.key48');
  assert.deepEqual(remnants[49], {
    path: '$',
    kind: 'missing-key',
    detail: '251 more remnants not listed (missing-key 251)',
    count: 251,
    firstPath: '$.key49',
    omitted: { 'missing-key': 251 },
  });
});

test('at most 100 remnants are listed by default', () => {
  const original = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`key${i}`, i]));
  assert.equal(detectRemnants(original, {}).length, 100);
});
