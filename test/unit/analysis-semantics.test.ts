/**
 * Round trips judged by the format's own rules (src/analysis/semantics.ts): what proto3 keeps
 * is exact or equivalent, and what it does lose is still lossy.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { verifyRoundTrip } from '../../src/analysis/verify';
import { detectRemnants } from '../../src/analysis/remnants';
import type { FormatSemantics } from '../../src/analysis/semantics';

const proto3: FormatSemantics = { implicitDefaults: true, renames: true, jsonValues: true };
const status = (original: unknown, decoded: unknown, semantics: FormatSemantics = proto3) => verifyRoundTrip(original, decoded, { semantics }).status;

test('proto3 implicit presence: a default left out or filled in is the same message', () => {
  assert.equal(status({ a: 1 }, { a: 1, list: [], count: 0, name: '', on: false }), 'equivalent');
  assert.equal(status({ a: 1, count: 0, list: [] }, { a: 1 }), 'equivalent');
  // Without the format's rules, both are differences.
  assert.equal(verifyRoundTrip({ a: 1 }, { a: 1, count: 0 }).status, 'lossy');
  // A value that is not a default is still missing.
  assert.equal(status({ a: 1, count: 2 }, { a: 1 }), 'lossy');
});

test('a default filled in is a remnant that says the value', () => {
  const remnants = detectRemnants({ a: 1 }, { a: 1, count: 0 }, { semantics: proto3 });
  assert.deepEqual(
    remnants.map((remnant) => [remnant.kind, remnant.path, remnant.detail]),
    [['extra-key', '$.count', 'not in the original: a default filled in (number 0)']],
  );
});

test("a user schema's declared default read back where the sample had no key is the same record; another value is not", () => {
  const schemaDefault = (path: readonly unknown[]) => (path.join('.') === 'mana' ? { value: 150 } : undefined);
  assert.equal(verifyRoundTrip({ hp: 80 }, { hp: 80, mana: 150 }, { schemaDefault }).status, 'equivalent');
  assert.equal(verifyRoundTrip({ hp: 80 }, { hp: 80, mana: 0 }, { schemaDefault }).status, 'lossy');
  assert.equal(verifyRoundTrip({ hp: 80 }, { hp: 80, mana: 150 }).status, 'lossy', 'without the schema, an extra key');
  const nan = (path: readonly unknown[]) => (path.join('.') === 'f' ? { value: Number.NaN } : undefined);
  assert.equal(verifyRoundTrip({}, { f: Number.NaN }, { schemaDefault: nan }).status, 'equivalent');
});

test('a method on the decoded record is not data: equivalent, and a remnant that names it; an own toJSON is still a difference', () => {
  const decoded = { x: 1, encode: () => new Uint8Array() };
  const roundTrip = verifyRoundTrip({ x: 1 }, decoded);
  assert.deepEqual([roundTrip.status, roundTrip.differences], ['equivalent', []]);
  assert.deepEqual(
    detectRemnants({ x: 1 }, decoded).map((remnant) => [remnant.kind, remnant.path, remnant.detail]),
    [['extra-key', '$.encode', 'an own method encode(), not data: JSON.stringify skips it; Object.keys, spread and deepStrictEqual see it']],
  );
  assert.equal(verifyRoundTrip({ x: 1 }, { x: 1, toJSON: () => ({ y: 2 }) }).status, 'lossy');
});

test('a documented rename compares the values under the new name', () => {
  assert.equal(status({ items: [{ x: 1 }] }, { itemsList: [{ x: 1 }] }), 'equivalent');
  assert.equal(status({ optionalInt32: 5 }, { optional_int32: 5 }), 'equivalent');
  const changed = verifyRoundTrip({ items: [{ x: 1 }] }, { itemsList: [{ x: 2 }] }, { semantics: proto3 });
  assert.equal(changed.status, 'lossy');
  assert.deepEqual(
    changed.differences.map((difference) => difference.path),
    ['$.items[0].x'],
  );
});

test("a oneof in the library's form: protobuf-ts's { oneofKind } object and pbf's case name are the same message", () => {
  const kind: FormatSemantics = { ...proto3, oneofs: 'oneof-kind' };
  assert.equal(status({ id: 1, oneof_string: 'hi' }, { id: 1, choice: { oneofKind: 'oneofString', oneofString: 'hi' } }, kind), 'equivalent');
  assert.equal(status({ id: 1 }, { id: 1, choice: { oneofKind: undefined } }, kind), 'equivalent');
  const changed = verifyRoundTrip({ text: 'hi' }, { choice: { oneofKind: 'text', text: 'ho' } }, { semantics: kind });
  assert.equal(changed.status, 'lossy');
  assert.deepEqual(
    changed.differences.map((difference) => difference.path),
    ['$.text'],
  );
  const renamed = detectRemnants({ text: 'hi' }, { choice: { oneofKind: 'text', text: 'hi' } }, { semantics: kind });
  assert.deepEqual(
    renamed.map((remnant) => [remnant.kind, remnant.detail]),
    [['rename', 'text → choice.text (the oneof as { oneofKind, text })']],
  );
  // Without the rule the object is a loss, and pbf's marker needs its member beside it.
  assert.equal(status({ text: 'hi' }, { choice: { oneofKind: 'text', text: 'hi' } }, proto3), 'lossy');
  const caseName: FormatSemantics = { ...proto3, oneofs: 'case-name' };
  assert.equal(status({ station: 'a' }, { station: 'a', _station: 'station' }, caseName), 'equivalent');
  assert.equal(status({ station: 'a' }, { station: 'a', _station: 'other' }, caseName), 'lossy');
  assert.match(
    detectRemnants({ station: 'a' }, { station: 'a', _station: 'station' }, { semantics: caseName })[0]!.detail,
    /the oneof _station's case, the name of its member \("station"\)/,
  );
});

test('a metadata key the library adds is not a difference', () => {
  assert.equal(status({ a: 1 }, { a: 1, $typeName: 'pkg.M' }, { metadataKeys: ['$typeName'] }), 'equivalent');
  assert.equal(status({ a: 1 }, { a: 1, $typeName: 'pkg.M' }, {}), 'lossy');
});

test('proto3 JSON forms of one value are equivalent; other values are not', () => {
  assert.equal(status({ d: '1.5s' }, { d: '1.500s' }), 'equivalent');
  assert.equal(status({ d: '1.5s' }, { d: '1.501s' }), 'lossy');
  assert.equal(status({ t: '2026-03-14T09:00:04.5Z' }, { t: '2026-03-14T09:00:04.500Z' }), 'equivalent');
  assert.equal(status({ t: '2026-03-14T10:00:04.5+01:00' }, { t: '2026-03-14T09:00:04.500Z' }), 'equivalent');
  assert.equal(status({ n: '123' }, { n: 123 }), 'equivalent');
  assert.equal(status({ n: '123' }, { n: 123n }), 'equivalent');
  // Beyond 2^53 a number cannot hold it: google-protobuf's toObject loses the digits.
  assert.equal(status({ n: '2813090458170031956' }, { n: 2813090458170031956 }), 'lossy');
  assert.equal(status({ b: 'AAECA/8=' }, { b: new Uint8Array([0, 1, 2, 3, 255]) }), 'equivalent');
  assert.equal(status({ b: 'AAECA/8=' }, { b: new Uint8Array([0, 1, 2, 3]) }), 'lossy');
  // A float field's shortest text reads back as its float32 value: kept. More digits than float32 holds: lost.
  assert.equal(status({ f: 0.32918313 }, { f: Math.fround(0.32918313) }), 'equivalent');
  assert.equal(status({ f: 0.329183131234 }, { f: Math.fround(0.329183131234) }), 'lossy');
});
