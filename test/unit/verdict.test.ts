/**
 * The verdict above the table, from rows made to the point: each claim names its winner with
 * the figure, ties where the rounds' intervals overlap, and never recommends a lossy codec
 * while another keeps the data.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeVerdict, type Verdict } from '../../src/report/verdict';
import type { CodecResult, CompletedResult, SchemaOrigin } from '../../src/shared/results';
import { timingStats } from '../support/timing';

interface RowFigures {
  bytes: number;
  gzip?: number;
  brotli?: number;
  zstd?: number | null;
  /** Speed-up over JSON: median and the rounds' range, encode then decode. */
  encode?: [number, number, number];
  decode?: [number, number, number];
  schema?: SchemaOrigin;
  roundTrip?: CompletedResult['roundTrip'];
  remnants?: number;
}

function row(codec: string, figures: RowFigures): CompletedResult {
  const [encode, encodeLow, encodeHigh] = figures.encode ?? [1, 1, 1];
  const [decode, decodeLow, decodeHigh] = figures.decode ?? [1, 1, 1];
  return {
    codec, label: codec, format: codec, library: codec, libraryVersion: '1', schema: figures.schema ?? 'none', notes: [],
    status: 'completed', bytes: figures.bytes, ratio: figures.bytes / 1000,
    compressed: { gzip: figures.gzip ?? figures.bytes, brotli: figures.brotli ?? figures.bytes, zstd: figures.zstd === undefined ? figures.bytes : figures.zstd },
    encode: timingStats(1000 / encode), decode: timingStats(1000 / decode),
    speedupVsJson: { encode, decode, encodeInterval: [encodeLow, encodeHigh], decodeInterval: [decodeLow, decodeHigh] },
    roundTrip: figures.roundTrip ?? { status: 'exact', differences: [] },
    remnants: Array.from({ length: figures.remnants ?? 0 }, (_, i) => ({ path: `$.a${i}`, kind: 'prototype' as const, detail: 'class instance', count: 10 })),
  };
}

const json = row('json', { bytes: 1000, gzip: 300, brotli: 250, zstd: 280 });
const claim = (verdict: Verdict, id: string) => {
  const found = verdict.claims.find((entry) => entry.id === id);
  assert.ok(found, `no ${id} claim`);
  return found;
};

test('smallest raw and smallest after compression can be different codecs, each with its figure against JSON\'s own', () => {
  const rows = [json, row('avsc', { bytes: 320, gzip: 200, brotli: 190, zstd: 195 }), row('msgpackr', { bytes: 530, gzip: 150, brotli: 140, zstd: 145 })];
  const verdict = computeVerdict(rows, 1000, 'size');
  assert.equal(claim(verdict, 'smallest').text, 'Smallest: avsc, 320 B = 0.32× JSON');
  assert.equal(claim(verdict, 'smallest-gzip').text, 'Smallest after gzip: msgpackr, 150 B = 0.50× JSON gzipped');
  assert.deepEqual(claim(verdict, 'smallest-zstd').codecs, ['msgpackr']);
});

test('encode speed-ups whose rounds\' intervals overlap are tied; a separate interval wins alone', () => {
  const rows = [
    json,
    row('avsc', { bytes: 320, encode: [9, 8, 10], decode: [3, 2.9, 3.1] }),
    row('msgpackr', { bytes: 530, encode: [7.5, 6.5, 8.2], decode: [2, 1.9, 2.1] }),
    row('bson', { bytes: 800, encode: [1.1, 1, 1.2], decode: [5, 4.8, 5.2] }),
  ];
  const verdict = computeVerdict(rows, 1000, 'speed');
  const encode = claim(verdict, 'fastest-encode');
  assert.equal(encode.tied, true);
  assert.deepEqual(encode.codecs, ['avsc', 'msgpackr']);
  assert.match(encode.text, /^Fastest to encode: tied \(intervals overlap\), avsc 9\.00× \(8\.00–10\.0×\), msgpackr 7\.50× \(6\.50–8\.20×\)/);
  const decode = claim(verdict, 'fastest-decode');
  assert.deepEqual([decode.codecs, decode.tied], [['bson'], false]);
});

test('a lossy codec is reported smallest but not recommended for size while another keeps the data', () => {
  const lossy = { status: 'lossy' as const, differences: [{ path: '$.y', kind: 'precision' as const, detail: 'float32' }] };
  const rows = [json, row('avsc', { bytes: 200, roundTrip: lossy, schema: 'inferred' }), row('protobufjs', { bytes: 300, schema: 'inferred' })];
  const verdict = computeVerdict(rows, 1000, 'size');
  assert.deepEqual(claim(verdict, 'smallest').codecs, ['avsc']);
  assert.deepEqual(verdict.pick.codecs, ['protobufjs']);
  assert.match(verdict.pick.text, /^For size: protobufjs \(300 B = 0\.30× JSON; /);
  assert.equal(claim(verdict, 'not-exact').text, 'Not exact round trips: avsc (lossy, 1 difference)');
});

test('no schema: JSON and the codecs that need a schema are left out; equal sizes with overlapping speeds are tied', () => {
  const rows = [
    json,
    row('avsc', { bytes: 300, schema: 'inferred' }),
    row('msgpackr', { bytes: 540, encode: [4, 3.5, 4.5], decode: [2, 1.8, 2.2] }),
    row('cbor-x', { bytes: 540, encode: [4.2, 3.9, 4.6], decode: [1.9, 1.6, 2.1] }),
    row('bson', { bytes: 800 }),
  ];
  const verdict = computeVerdict(rows, 1000, 'no-schema');
  assert.deepEqual([verdict.pick.codecs, verdict.pick.tied], [['msgpackr', 'cbor-x'], true]);
  assert.match(claim(verdict, 'best-no-schema').text, /^Best without a schema: tied between msgpackr \(540 B = 0\.54× JSON; .*\) and cbor-x \(540 B/);
});

test('fidelity: an exact round trip without remnants beats a smaller codec that leaves them; remnants are counted', () => {
  const equivalent = { status: 'equivalent' as const, differences: [] };
  const rows = [json, row('avsc', { bytes: 320, roundTrip: equivalent, remnants: 3, schema: 'inferred' }), row('msgpackr', { bytes: 530 })];
  const verdict = computeVerdict(rows, 1000, 'fidelity');
  assert.deepEqual(verdict.pick.codecs, ['msgpackr'], 'of the exact ones without remnants (JSON, msgpackr), the smaller');
  assert.equal(claim(verdict, 'remnants').text, 'Leave remnants: avsc (3 remnants, 30 places)');
});

test('without zstd sizes, and with one round, the verdict says so instead of ranking', () => {
  const rows: CodecResult[] = [
    row('json', { bytes: 1000, zstd: null }),
    row('avsc', { bytes: 320, zstd: null, encode: [9, 9, 9], decode: [3, 3, 3] }),
    { ...row('bson', { bytes: 800 }), status: 'errored', error: { stage: 'encode', message: 'boom' } } as unknown as CodecResult,
  ];
  const verdict = computeVerdict(rows, 1000, 'size');
  assert.equal(claim(verdict, 'smallest-zstd').text, 'Smallest after zstd: not measured');
  assert.match(verdict.notes.join('\n'), /One round: the speed-ups have no interval/);
  assert.match(verdict.notes.join('\n'), /Not ranked \(did not complete\): bson/);
});

test('a run over both runtimes names each row with its runtime; a run in one runtime names the codec alone', () => {
  const inBrowser = (result: CompletedResult): CompletedResult => ({ ...result, runtime: 'browser' });
  const node = [{ ...json, runtime: 'node' as const }, { ...row('avsc', { bytes: 320, encode: [9, 8, 10], decode: [3, 2.9, 3.1] }), runtime: 'node' as const }];
  const browser = [inBrowser(json), inBrowser(row('avsc', { bytes: 320, encode: [2, 1.9, 2.1], decode: [1.5, 1.4, 1.6], remnants: 1 }))];
  const both = computeVerdict([...node, ...browser], 1000, 'speed');
  assert.equal(claim(both, 'smallest').text, 'Smallest: tied, avsc (node), avsc (browser), 320 B = 0.32× JSON');
  assert.match(claim(both, 'fastest-encode').text, /^Fastest to encode: avsc \(node\) 9\.0/);
  assert.equal(claim(both, 'remnants').text, 'Leave remnants: avsc (browser) (1 remnant, 10 places)');
  assert.match(both.pick.text, /^For speed: avsc \(node\) \(/);
  assert.deepEqual(claim(both, 'smallest').codecs, ['avsc', 'avsc']);

  const browserOnly = computeVerdict(browser, 1000, 'speed');
  assert.match(claim(browserOnly, 'fastest-encode').text, /^Fastest to encode: avsc 2\.0/);
});
