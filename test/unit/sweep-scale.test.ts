/**
 * Scaling a sample for the size sweep: cut to the first records, repeated beyond them, the
 * JSON size computed without stringifying the whole, and fresh objects for every repeat.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as v8 from 'node:v8';
import { findRecords, recordPlanOf, scaleSample, sweepSizes, UnscalableSampleError } from '../../src/measurement/scale-sample';
import { tuplesSample } from '../support/paths';

const tuples = JSON.parse(fs.readFileSync(tuplesSample, 'utf8')) as { items: unknown[] };
const jsonSize = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

test('the default sizes go from 1 KiB to 16 MiB in steps of ×4', () => {
  const sizes = sweepSizes(1024, 16 * 2 ** 20, 4);
  assert.deepEqual(
    sizes,
    [1, 4, 16, 64, 256, 1024, 4096, 16384].map((kib) => kib * 1024),
  );
  assert.equal(sweepSizes(1024, 10 * 2 ** 20, 4).at(-1), 10 * 2 ** 20, 'the maximum is always the last size');
  assert.throws(() => sweepSizes(1024, 2048, 1), RangeError);
});

test('scaling down keeps the first records, and the computed JSON size is exact', () => {
  const scaled = scaleSample(tuples, { targetJsonBytes: 4096 });
  const items = (scaled.value as { items: unknown[] }).items;
  assert.equal(scaled.scaling.recordsPath, 'items');
  assert.equal(scaled.scaling.repeated, false);
  assert.deepEqual(items, tuples.items.slice(0, items.length));
  assert.equal(scaled.jsonBytes, jsonSize(scaled.value));
  assert.ok(Math.abs(scaled.jsonBytes - 4096) < 60, `${scaled.jsonBytes} is within a record of 4096`);
});

test('scaling up repeats the records in order as fresh objects, with the exact JSON size', () => {
  const sourceBytes = jsonSize(tuples);
  const scaled = scaleSample(tuples, { targetJsonBytes: sourceBytes * 2.5 });
  const items = (scaled.value as { items: unknown[] }).items;
  const n = tuples.items.length;
  assert.equal(scaled.scaling.repeated, true);
  assert.equal(scaled.scaling.sourceRecords, n);
  assert.ok(items.length > 2 * n && items.length < 3 * n);
  for (const index of [0, n - 1, n, 2 * n + 7, items.length - 1]) assert.deepEqual(items[index], tuples.items[index % n]);
  assert.notEqual(items[n], items[0], 'a repeat is a new object: identity-keeping codecs must not back-reference it');
  assert.notEqual(items[2 * n], items[n], 'each repeat is parsed afresh (the whole text at once), not the previous repeat again');
  assert.equal(new Set(items).size, items.length, 'no object twice');
  assert.equal(scaled.jsonBytes, jsonSize(scaled.value));
  assert.ok(Math.abs(scaled.jsonBytes / (sourceBytes * 2.5) - 1) < 0.001);
  // node:v8 writes the scaled value as it writes the same value parsed from a file (a holey
  // array would be written sparsely, index by index, and be larger).
  assert.equal(v8.serialize(scaled.value).byteLength, v8.serialize(JSON.parse(JSON.stringify(scaled.value))).byteLength);
});

test('the records are the root array, or the largest array of records nested in objects', () => {
  assert.deepEqual(findRecords([1, 2])?.path, []);
  const nested = { meta: { tags: ['a', 'b', 'c', 'd'] }, data: { page: 1, rows: [{ id: 1 }, { id: 2 }] } };
  assert.deepEqual(findRecords(nested)?.path, ['data', 'rows'], 'records (objects) win over a longer array of strings');
  const scaled = scaleSample(nested, { targetJsonBytes: 400 });
  const value = scaled.value as typeof nested;
  assert.deepEqual(value.meta, nested.meta, 'the rest of the sample is kept');
  assert.equal(value.data.page, 1);
  assert.equal(scaled.jsonBytes, jsonSize(scaled.value));
  assert.equal(nested.data.rows.length, 2, 'the sample itself is not modified');
});

test('a sample without an array, or with an empty one, says what to give instead', () => {
  assert.throws(
    () => recordPlanOf({ a: 1 }),
    (error: unknown) => error instanceof UnscalableSampleError && /top-level array/.test(error.message),
  );
  assert.throws(
    () => recordPlanOf({ items: [] }),
    (error: unknown) => error instanceof UnscalableSampleError && /items is empty/.test(error.message),
  );
});

test('the record count is the one whose size is closest to the target, at least one record', () => {
  const plan = recordPlanOf(tuples);
  for (const target of [10, 1000, 5000, 123_456]) {
    const count = plan.countFor(target);
    const gap = Math.abs(plan.jsonBytesOf(count) - target);
    assert.ok(count >= 1);
    if (count > 1) assert.ok(gap <= Math.abs(plan.jsonBytesOf(count - 1) - target));
    assert.ok(gap <= Math.abs(plan.jsonBytesOf(count + 1) - target));
  }
});
