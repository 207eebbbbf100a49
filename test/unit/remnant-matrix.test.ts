import { test } from 'node:test';
import assert from 'node:assert/strict';
import { remnantMatrix } from '../../src/analysis/matrix';
import { compareSample } from '../../src/engine/compare';
import { REMNANT_KIND_INFO, REMNANT_KINDS } from '../../src/shared/remnant-kinds';
import type { CodecResult, Remnant, RemnantMatrixRow } from '../../src/shared/results';
import { bundledSlice, FAST } from '../support/paths';
import { timingStats } from '../support/timing';

function completed(codec: string, remnants: Remnant[]): CodecResult {
  const stats = timingStats(1);
  return {
    status: 'completed',
    codec,
    label: codec,
    format: codec,
    library: codec,
    libraryVersion: '1.0.0',
    schema: 'none',
    notes: [],
    bytes: 1,
    ratio: 1,
    compressed: { gzip: 1, brotli: 1, zstd: null },
    encode: stats,
    decode: stats,
    speedupVsJson: null,
    roundTrip: { status: 'exact', differences: [] },
    remnants,
  };
}

const rowOf = (rows: RemnantMatrixRow[], codec: string) => rows.find((row) => row.codec === codec)!;

test('every kind has a column, in a fixed order, with a short header and an explanation', () => {
  assert.deepEqual(remnantMatrix([]).kinds, [...REMNANT_KINDS]);
  for (const kind of REMNANT_KINDS) {
    assert.ok(REMNANT_KIND_INFO[kind].short.length <= 9, kind);
    assert.ok(REMNANT_KIND_INFO[kind].meaning.length > 20, kind);
  }
});

test('cells count remnants and the occurrences they group; kinds without remnants have no cell', () => {
  const matrix = remnantMatrix([
    completed('a', [
      { path: '$.items[*]', kind: 'prototype', detail: '', count: 1_000 },
      { path: '$', kind: 'prototype', detail: '', count: 1 },
      { path: '$.id', kind: 'precision', detail: '' }, // older reports have no count: one occurrence
    ]),
    completed('b', []),
  ]);
  assert.deepEqual(rowOf(matrix.rows, 'a').cells, {
    prototype: { remnants: 2, occurrences: 1_001 },
    precision: { remnants: 1, occurrences: 1 },
  });
  assert.deepEqual(rowOf(matrix.rows, 'b'), { codec: 'b', label: 'b', status: 'completed', cells: {} });
});

test('a capped list adds its omitted remnants by kind and marks those cells partial', () => {
  const matrix = remnantMatrix([
    completed('a', [
      { path: '$.k0', kind: 'missing-key', detail: '', count: 1 },
      { path: '$', kind: 'missing-key', detail: '250 more remnants not listed', count: 250, omitted: { 'missing-key': 240, rename: 10 } },
    ]),
  ]);
  assert.deepEqual(rowOf(matrix.rows, 'a').cells, {
    'missing-key': { remnants: 241, occurrences: 1, partial: true },
    rename: { remnants: 10, occurrences: 0, partial: true },
  });
});

test('rows that did not complete keep their status and have no cells', () => {
  const errored: CodecResult = {
    status: 'errored',
    codec: 'x',
    label: 'x',
    format: 'x',
    library: 'x',
    libraryVersion: '1',
    schema: 'none',
    notes: [],
    error: { stage: 'verify', message: 'round trip failed' },
  };
  assert.deepEqual(remnantMatrix([errored]).rows, [{ codec: 'x', label: 'x', status: 'errored', cells: {} }]);
});

test('on the bundled dataset, only protobufjs and avsc show remnants: their class-instance prototypes', async () => {
  const report = await compareSample({ path: bundledSlice('tuples.json', 2_000) }, FAST);
  assert.ok(report.remnantMatrix, 'the report carries the matrix');
  const rows = report.remnantMatrix.rows;
  for (const codec of ['protobufjs', 'avsc']) {
    const cells = rowOf(rows, codec).cells;
    assert.ok(cells.prototype && cells.prototype.occurrences >= 2_000, `${codec}: ${JSON.stringify(cells)}`);
    assert.ok(cells['inherited-enumerable'], codec);
    assert.equal(cells.precision, undefined, codec);
  }
  assert.ok(rowOf(rows, 'protobufjs').cells['to-json'], 'protobufjs messages inherit toJSON');
  for (const codec of ['json', 'msgpackr', 'cbor-x', 'bson', 'v8']) {
    assert.deepEqual(rowOf(rows, codec), { codec, label: rowOf(rows, codec).label, status: 'completed', cells: {} });
  }
});

test('an int64 above 2^53 in the file flags precision for every codec, at its path', async () => {
  const text = '{"orders": [{"id": 9007199254740993, "qty": 1}, {"id": 9007199254740995, "qty": 2}]}';
  const report = await compareSample({ path: 'orders.json', bytes: Buffer.from(text) }, FAST);
  for (const row of report.results) {
    assert.equal(row.status, 'completed', row.codec);
    if (row.status !== 'completed') continue;
    const precision = row.remnants.find((r) => r.kind === 'precision');
    assert.ok(precision, `${row.codec}: ${JSON.stringify(row.remnants)}`);
    assert.equal(precision.path, '$.orders[*].id');
    assert.equal(precision.firstPath, '$.orders[0].id');
    assert.match(precision.detail, /the file has 9007199254740993; JSON\.parse reads 9007199254740992/);
    assert.equal(rowOf(report.remnantMatrix!.rows, row.codec).cells.precision?.occurrences, 2);
  }
});
