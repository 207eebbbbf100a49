import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatPath } from '../../src/analysis/json-path';
import { verifyRoundTrip } from '../../src/analysis/verify';
import { detectRemnants } from '../../src/analysis/remnants';
import { avroRoundTrip, plainCodecs, protobufRoundTrip } from '../support/library-round-trips';

/** Parsed from text, as the engine parses samples: `__proto__` is then an ordinary key. */
const plainSample = JSON.parse(`{
  "title": "Zoë 🚀 漢字 \\u0000 tab\\t",
  "active": true, "archived": false, "owner": null,
  "count": 42, "ratio": -1.25, "large": 1000000000000000, "tiny": 5e-324,
  "emptyObject": {}, "emptyArray": [],
  "nested": { "list": [1, "two", { "three": [null, true, []] }], "deep": { "a": { "b": { "c": "d" } } } },
  "odd key": "spaces", "": "empty key"
}`) as Record<string, unknown>;

/** Builds `[[[…[leaf]…]]]` without recursion. */
function nestedArrays(depth: number, leaf: unknown): unknown {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

function nestedObjects(depth: number, leaf: unknown): unknown {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i++) value = { child: value };
  return value;
}

test('formatPath writes the root as $', () => {
  assert.equal(formatPath([]), '$');
});

test('formatPath joins identifier keys with dots and indexes with brackets', () => {
  assert.equal(formatPath(['items', 0, 'x']), '$.items[0].x');
});

test('formatPath brackets and JSON-quotes keys that are not identifiers', () => {
  assert.equal(formatPath(['odd key', '', 'a"b', '1x']), '$["odd key"][""]["a\\"b"]["1x"]');
});

test('formatPath brackets __proto__ so it does not read as the accessor', () => {
  assert.equal(formatPath(['__proto__']), '$["__proto__"]');
});

for (const [library, roundTrip] of plainCodecs) {
  test(`a plain sample round-tripped through ${library} is exact`, () => {
    assert.deepEqual(verifyRoundTrip(plainSample, roundTrip(plainSample)), { status: 'exact', differences: [] });
  });
}

test('protobufjs messages with identical values are equivalent, not exact', () => {
  const sample = { items: [{ x: 1, y: 1.5, z: 2.5 }] };
  assert.deepEqual(verifyRoundTrip(sample, protobufRoundTrip(sample)), { status: 'equivalent', differences: [] });
});

test('a protobufjs default kept on the prototype counts as present', () => {
  const sample = { items: [{ x: 0, y: 0, z: 2.5 }] };
  assert.equal(verifyRoundTrip(sample, protobufRoundTrip(sample)).status, 'equivalent');
});

test('avsc records with identical values are equivalent, not exact', () => {
  const sample = { items: [{ x: 1, y: 1.5, z: 2.5 }] };
  assert.deepEqual(verifyRoundTrip(sample, avroRoundTrip(sample, 'double')), { status: 'equivalent', differences: [] });
});

test('avsc float rounding is a lossy precision difference at the value path', () => {
  const sample = {
    items: [
      { x: 1, y: 1.5, z: 2.5 },
      { x: 2, y: 1.1, z: 2.5 },
    ],
  };
  assert.deepEqual(verifyRoundTrip(sample, avroRoundTrip(sample, 'float')), {
    status: 'lossy',
    differences: [{ path: '$.items[1].y', kind: 'precision', detail: 'expected 1.1, got 1.100000023841858 (float32 rounding)' }],
  });
});

test('a key the schema drops is a missing key at its path', () => {
  const sample = { items: [{ x: 1, y: 1.5, z: 2.5, w: 7 }] };
  const result = verifyRoundTrip(sample, protobufRoundTrip(sample));
  assert.equal(result.status, 'lossy');
  assert.deepEqual(result.differences, [{ path: '$.items[0].w', kind: 'missing-key', detail: 'missing after the round trip (was 7)' }]);
});

test('a key present with undefined is missing, and so is a dropped null', () => {
  const result = verifyRoundTrip({ a: 1, b: null }, { a: undefined });
  assert.deepEqual(
    result.differences.map((d) => [d.path, d.kind, d.detail]),
    [
      ['$.a', 'missing-key', 'missing after the round trip (was 1)'],
      ['$.b', 'missing-key', 'missing after the round trip (was null)'],
    ],
  );
});

test('an own enumerable key not in the original is an extra key', () => {
  const result = verifyRoundTrip({ a: 1 }, { a: 1, added: 'x', ignored: undefined });
  assert.equal(result.status, 'lossy');
  assert.deepEqual(result.differences, [{ path: '$.added', kind: 'extra-key', detail: 'not in the original (string)' }]);
});

test('an original key named constructor is not found on Object.prototype', () => {
  const sample = JSON.parse('{"constructor": 1, "__proto__": 2}') as unknown;
  const result = verifyRoundTrip(sample, {});
  assert.deepEqual(
    result.differences.map((d) => [d.path, d.kind]),
    [
      ['$.constructor', 'missing-key'],
      ['$["__proto__"]', 'missing-key'],
    ],
  );
});

test('protobufjs int64 decoded as a Long of the same value is equivalent, not lossy (the remnant reports the type)', () => {
  const sample = { items: [{ x: 1, y: 1.5, z: 2.5, big: 1234567890123 }] };
  const decoded = protobufRoundTrip(sample) as { items: Array<{ big: unknown }> };
  assert.equal(decoded.items[0]!.big!.constructor.name, 'Long');
  assert.deepEqual(verifyRoundTrip(sample, decoded), { status: 'equivalent', differences: [] });
  assert.deepEqual(
    detectRemnants(sample, decoded)
      .filter((remnant) => remnant.kind === 'type-change')
      .map((remnant) => [remnant.path, remnant.detail]),
    [['$.items[*].big', 'number became Long']],
  );
  // proto3 JSON writes int64 as a decimal string: a Long of that value is the same number.
  assert.equal(verifyRoundTrip({ big: '1234567890123' }, { big: (decoded.items[0] as { big: unknown }).big }).status, 'equivalent');
  assert.equal(verifyRoundTrip({ big: '1234567890124' }, { big: (decoded.items[0] as { big: unknown }).big }).status, 'lossy');
});

test('a Long that differs from an original beyond 2^53 is a precision loss', () => {
  // fromObject takes int64 as a decimal string, so the Long holds 2^53 + 1 exactly.
  const decoded = protobufRoundTrip({ items: [{ x: 1, y: 1.5, z: 2.5, big: '9007199254740993' }] });
  const result = verifyRoundTrip({ items: [{ x: 1, y: 1.5, z: 2.5, big: 2 ** 53 + 2 }] }, decoded);
  assert.deepEqual(result.differences, [
    {
      path: '$.items[0].big',
      kind: 'precision',
      detail: 'expected 9007199254740994, got Long 9007199254740993 (beyond 2^53)',
    },
  ]);
});

test('a plain object shaped like a Long is sample data, not a Long', () => {
  const sample = { id: { low: 1, high: 0, unsigned: false } };
  assert.equal(verifyRoundTrip(sample, JSON.parse(JSON.stringify(sample))).status, 'exact');
});

test('a BigInt equal in value keeps the round trip equivalent, a different one is a value change', () => {
  assert.deepEqual(verifyRoundTrip({ a: 5 }, { a: 5n }), { status: 'equivalent', differences: [] });
  const result = verifyRoundTrip({ a: 5, b: 6 }, { a: 5n, b: 7n });
  assert.equal(result.status, 'lossy');
  assert.deepEqual(result.differences, [{ path: '$.b', kind: 'value-change', detail: 'expected 6, got 7n' }]);
});

test('a number in place of a string or boolean is a type change', () => {
  const result = verifyRoundTrip({ s: '1', b: true }, { s: 1, b: 1 });
  assert.deepEqual(
    result.differences.map((d) => d.detail),
    ['string became number', 'boolean became number'],
  );
});

test('a Buffer or Date in place of a string is a type change', () => {
  const result = verifyRoundTrip(
    { bytes: 'AAE=', when: '2024-01-01T00:00:00.000Z' },
    {
      bytes: Buffer.from([0, 1]),
      when: new Date('2024-01-01T00:00:00.000Z'),
    },
  );
  assert.deepEqual(
    result.differences.map((d) => [d.path, d.kind, d.detail]),
    [
      ['$.bytes', 'type-change', 'string became Buffer'],
      ['$.when', 'type-change', 'string became Date'],
    ],
  );
});

test('a changed string names both values when they are short', () => {
  assert.deepEqual(verifyRoundTrip(['héllo'], ['hello']).differences, [{ path: '$[0]', kind: 'value-change', detail: 'expected "héllo", got "hello"' }]);
});

test('null in place of a value is a type change', () => {
  assert.deepEqual(verifyRoundTrip({ n: 1 }, { n: null }).differences, [{ path: '$.n', kind: 'type-change', detail: 'number became null' }]);
});

test('negative zero equals zero, as JSON writes both as 0', () => {
  assert.equal(verifyRoundTrip({ a: 0, b: -0 }, { a: -0, b: 0 }).status, 'exact');
});

test('key order does not matter', () => {
  assert.equal(verifyRoundTrip({ a: 1, b: 2 }, { b: 2, a: 1 }).status, 'exact');
});

test('a Map in place of an object is one type change and its entries are compared', () => {
  const result = verifyRoundTrip(
    { m: { a: 1, b: 2 } },
    {
      m: new Map<string, number>([
        ['a', 1],
        ['b', 3],
      ]),
    },
  );
  assert.deepEqual(result.differences, [
    { path: '$.m', kind: 'type-change', detail: 'object became Map' },
    { path: '$.m.b', kind: 'value-change', detail: 'expected 2, got 3' },
  ]);
});

test('a typed array in place of an array is one type change and its elements are compared', () => {
  const result = verifyRoundTrip({ v: [1.5, 0.1, 3] }, { v: new Float32Array([1.5, 0.1, 3]) });
  assert.deepEqual(
    result.differences.map((d) => [d.path, d.kind]),
    [
      ['$.v', 'type-change'],
      ['$.v[1]', 'precision'],
    ],
  );
});

test('a length change is reported once and the common prefix is still compared', () => {
  const result = verifyRoundTrip([1, 2, 3], [1, 9]);
  assert.deepEqual(result.differences, [
    { path: '$', kind: 'length-change', detail: 'expected 3 items, got 2' },
    { path: '$[1]', kind: 'value-change', detail: 'expected 2, got 9' },
  ]);
});

test('a decoded undefined fails the round trip', () => {
  const result = verifyRoundTrip({ a: 1 }, undefined);
  assert.equal(result.status, 'failed');
  assert.deepEqual(result.differences, [{ path: '$', kind: 'type-change', detail: 'object became undefined' }]);
});

test('a decoded number in place of the original object fails the round trip', () => {
  assert.equal(verifyRoundTrip({ a: 1 }, 1).status, 'failed');
});

test('equal values behind getters are equivalent, not exact', () => {
  const decoded = Object.defineProperty({}, 'a', { get: () => 1, enumerable: true });
  assert.equal(verifyRoundTrip({ a: 1 }, decoded).status, 'equivalent');
});

test('an extra non-enumerable own property makes the result equivalent, not exact', () => {
  const decoded = Object.defineProperty({ a: 1 }, 'hidden', { value: 1, enumerable: false });
  assert.equal(verifyRoundTrip({ a: 1 }, decoded).status, 'equivalent');
});

test('a null-prototype object with the same data is exact', () => {
  assert.equal(verifyRoundTrip({ a: 1 }, Object.assign(Object.create(null) as object, { a: 1 })).status, 'exact');
});

test('a getter that throws is reported, not thrown', () => {
  const decoded = Object.defineProperty({}, 'a', {
    get: () => {
      throw new Error('boom');
    },
    enumerable: true,
  });
  assert.deepEqual(verifyRoundTrip({ a: 1 }, decoded).differences, [{ path: '$.a', kind: 'value-change', detail: 'reading it threw: boom' }]);
});

test('10,000 nested arrays are walked without a stack overflow', () => {
  assert.equal(verifyRoundTrip(nestedArrays(10_000, 1), nestedArrays(10_000, 1)).status, 'exact');
});

test('a difference 10,000 objects deep is reported with its full path', () => {
  const result = verifyRoundTrip(nestedObjects(10_000, 1), nestedObjects(10_000, 2));
  assert.equal(result.differences.length, 1);
  assert.equal(result.differences[0]!.path, `$${'.child'.repeat(10_000)}`);
});

test('at most 100 differences are listed by default and the rest are counted', () => {
  const original = Array.from({ length: 500 }, (_, i) => i);
  const result = verifyRoundTrip(
    original,
    original.map((n) => n + 1),
  );
  assert.equal(result.differences.length, 100);
  assert.equal(result.omittedDifferences, 400);
  assert.equal(result.differences[99]!.path, '$[99]');
});

test('maxDifferences caps the listed differences', () => {
  const result = verifyRoundTrip({ a: 1, b: 2, c: 3 }, {}, { maxDifferences: 1 });
  assert.equal(result.differences.length, 1);
  assert.equal(result.omittedDifferences, 2);
});

test('omittedDifferences is absent when every difference is listed', () => {
  assert.equal('omittedDifferences' in verifyRoundTrip({ a: 1 }, { a: 2 }), false);
});

test('keys absent from the original that decode as null give nulls-added, with their paths', () => {
  const original = [{ a: 1, b: 'x' }, { a: 2 }, { a: 3 }];
  const decoded = [
    { a: 1, b: 'x' },
    { a: 2, b: null },
    { a: 3, b: null },
  ];
  const result = verifyRoundTrip(original, decoded);
  assert.equal(result.status, 'nulls-added');
  assert.equal(result.nullsAdded, 2);
  assert.deepEqual(
    result.differences.map((difference) => [difference.path, difference.kind]),
    [
      ['$[1].b', 'null-added'],
      ['$[2].b', 'null-added'],
    ],
  );
});

test('a null added beside a changed value is still lossy, and counted', () => {
  const result = verifyRoundTrip([{ a: 1 }, { a: 2 }], [{ a: 1, b: null }, { a: 3 }]);
  assert.equal(result.status, 'lossy');
  assert.equal(result.nullsAdded, 1);
});

test('an extra key with a value other than null is lossy, not nulls-added', () => {
  const result = verifyRoundTrip({ a: 1 }, { a: 1, b: 0 });
  assert.equal(result.status, 'lossy');
  assert.equal(result.nullsAdded, undefined);
});

test('proto3: a null decoded absent or as the unset field’s default gives nulls-absent, with its paths and counts', () => {
  const proto3 = { semantics: { implicitDefaults: true } };
  const original = [
    { a: 1, b: null, c: { d: null } },
    { a: 2, b: 'x', c: null },
  ];
  // Absent (protobuf-ts), a key holding undefined (ts-proto), the default (google-protobuf's toObject).
  const decoded = [
    { a: 1, c: { d: '' } },
    { a: 2, b: 'x', c: undefined },
  ];
  const result = verifyRoundTrip(original, decoded, proto3);
  assert.equal(result.status, 'nulls-absent');
  assert.equal(result.nullsAbsent, 3);
  assert.deepEqual(
    result.differences.map((difference) => [difference.path, difference.kind]),
    [
      ['$[0].c.d', 'null-absent'],
      ['$[0].b', 'null-absent'],
      ['$[1].c', 'null-absent'],
    ],
  );
  assert.match(result.differences[0]!.detail, /left unset .*read as its default \(""\)/);
  const remnants = detectRemnants(original, decoded, proto3);
  assert.deepEqual(
    remnants.map((remnant) => [remnant.path, remnant.kind]),
    [
      ['$[*].c.d', 'missing-key'],
      ['$[*].b', 'missing-key'],
      ['$[*].c', 'missing-key'],
    ],
  );
  assert.ok(
    remnants.every((remnant) => /^null in the original, .*left unset/.test(remnant.detail)),
    JSON.stringify(remnants),
  );
});

test('a dropped null is a loss without proto3’s rules, and a null beside a changed value stays lossy', () => {
  assert.equal(verifyRoundTrip({ a: 1, b: null }, { a: 1 }).status, 'lossy');
  const result = verifyRoundTrip({ a: 1, b: null }, { a: 2 }, { semantics: { implicitDefaults: true } });
  assert.equal(result.status, 'lossy');
  assert.equal(result.nullsAbsent, 1);
});
