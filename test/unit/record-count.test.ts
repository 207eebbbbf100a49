/** The sample's records in its heading: one object holding an array says so, never "10 records" alone. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { countRecords } from '../../src/analysis/record-count';
import { sampleRecordsText } from '../../src/shared/profile-text';

test('one object with a 10-element array is one object with 10 records in that array', () => {
  const sample = { name: 'catalogue', items: Array.from({ length: 10 }, (_, index) => ({ index })), tags: ['a', 'b'] };
  const counted = countRecords(sample);
  assert.deepEqual(counted, { records: 10, recordsIn: 'items' });
  assert.equal(sampleRecordsText({ ...counted, kind: 'json' }), 'one object, 10 records in items');
});

test('a root array, JSON Lines and an object without arrays keep their plain counts', () => {
  assert.equal(sampleRecordsText({ ...countRecords(Array.from({ length: 1234 }, () => ({}))), kind: 'json' }), '1,234 records');
  assert.equal(sampleRecordsText({ records: 3, kind: 'jsonl' }), '3 lines');
  assert.deepEqual(countRecords({ a: 1 }), { records: 1 });
  assert.equal(sampleRecordsText({ ...countRecords({ a: 1 }), kind: 'json' }), '1 record');
  assert.deepEqual(countRecords({ empty: [] }), { records: 0, recordsIn: 'empty' });
});
