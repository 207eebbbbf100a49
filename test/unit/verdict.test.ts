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
  /** Rounds behind the speed-ups (default 3: the lowest, the median and the highest). */
  rounds?: number;
  schema?: SchemaOrigin;
  roundTrip?: CompletedResult['roundTrip'];
  remnants?: number;
}

/** `rounds` values whose lowest, median and highest are the figure's. */
function roundValues([median, low, high]: [number, number, number], rounds: number): number[] {
  if (rounds === 1) return [median];
  if (rounds === 2) return [low, high];
  return [low, ...Array.from({ length: rounds - 2 }, () => median), high];
}

function row(codec: string, figures: RowFigures): CompletedResult {
  const encodeFigure = figures.encode ?? [1, 1, 1];
  const decodeFigure = figures.decode ?? [1, 1, 1];
  const [encode, encodeLow, encodeHigh] = encodeFigure;
  const [decode, decodeLow, decodeHigh] = decodeFigure;
  const count = figures.rounds ?? 3;
  const encodes = roundValues(encodeFigure, count);
  const decodes = roundValues(decodeFigure, count);
  return {
    codec, label: codec, format: codec, library: codec, libraryVersion: '1', schema: figures.schema ?? 'none', notes: [],
    status: 'completed', bytes: figures.bytes, ratio: figures.bytes / 1000,
    compressed: { gzip: figures.gzip ?? figures.bytes, brotli: figures.brotli ?? figures.bytes, zstd: figures.zstd === undefined ? figures.bytes : figures.zstd },
    encode: timingStats(1000 / encode), decode: timingStats(1000 / decode),
    speedupVsJson: { encode, decode, encodeInterval: [encodeLow, encodeHigh], decodeInterval: [decodeLow, decodeHigh] },
    rounds: encodes.map((value, index) => ({
      round: index + 1, encodeMeanNs: 1000 / value, decodeMeanNs: 1000 / decodes[index]!,
      speedupVsJson: { encode: value, decode: decodes[index]! }, encodeGcShare: null, decodeGcShare: null,
    })),
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
  assert.equal(encode.text, "Fastest to encode: tied (intervals overlap avsc's), avsc 9.00× (8.00–10.0×), msgpackr 7.50× (6.50–8.20×) JSON's speed; next bson 1.10× (1.00–1.20×); 3 rounds each");
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
  const node = [{ ...json, runtime: 'node' as const }, { ...row('avsc', { bytes: 320, encode: [9, 8, 10], decode: [3, 2.9, 3.1], rounds: 9 }), runtime: 'node' as const }];
  const browser = [inBrowser(json), inBrowser(row('avsc', { bytes: 320, encode: [2, 1.9, 2.1], decode: [1.5, 1.4, 1.6], remnants: 1, rounds: 9 }))];
  const both = computeVerdict([...node, ...browser], 1000, 'speed');
  assert.equal(claim(both, 'smallest').text, 'Smallest: tied, avsc (node), avsc (browser), 320 B = 0.32× JSON');
  assert.match(claim(both, 'fastest-encode').text, /^Fastest to encode: avsc \(node\) 9\.0/);
  assert.equal(claim(both, 'remnants').text, 'Leave remnants: avsc (browser) (1 remnant, 10 places)');
  assert.match(both.pick.text, /^For speed: avsc \(node\) \(/);
  assert.deepEqual(claim(both, 'smallest').codecs, ['avsc', 'avsc']);

  const browserOnly = computeVerdict(browser, 1000, 'speed');
  assert.match(claim(browserOnly, 'fastest-encode').text, /^Fastest to encode: avsc 2\.0/);
});

const speedClaims = (verdict: Verdict) => verdict.claims.filter((entry) => entry.id.startsWith('fastest-'));

test('a tie lists every codec whose interval overlaps the leader\'s, and names the best one left out with its figure', () => {
  // The case from issue 28: msgpackr's median is above protobufjs's, but only protobufjs's (wide) interval reaches cbor-x's.
  const rows = [
    json,
    row('cbor-x', { bytes: 540, encode: [4.2, 4.0, 4.5] }),
    row('msgpackr', { bytes: 540, encode: [3.7, 3.6, 3.9] }),
    row('protobufjs', { bytes: 420, encode: [3.43, 2.0, 5.0] }),
  ];
  const encode = claim(computeVerdict(rows, 1000, 'speed'), 'fastest-encode');
  assert.deepEqual(encode.codecs, ['cbor-x', 'protobufjs']);
  assert.equal(encode.text, "Fastest to encode: tied (intervals overlap cbor-x's), cbor-x 4.20× (4.00–4.50×), protobufjs 3.43× (2.00–5.00×) JSON's speed; next msgpackr 3.70× (3.60–3.90×); 3 rounds each");
});

test('over many made-up rows, the tie is exactly the rows whose intervals overlap the leader\'s, and a ranked leader stands clear of every other', () => {
  let seed = 7;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  for (let trial = 0; trial < 200; trial++) {
    const rows = [json, ...Array.from({ length: 2 + Math.floor(random() * 6) }, (_, index) => {
      const median = 0.5 + random() * 6;
      return row(`c${index}`, { bytes: 100 + index, decode: [median, median / (1 + random()), median * (1 + random())] });
    })];
    const decode = claim(computeVerdict(rows, 1000, 'speed'), 'fastest-decode');
    const figure = (codec: string) => rows.find((candidate) => candidate.codec === codec)!.speedupVsJson!;
    const leader = rows.reduce((best, candidate) => (candidate.speedupVsJson!.decode > best.speedupVsJson!.decode ? candidate : best));
    const [low, high] = leader.speedupVsJson!.decodeInterval;
    const overlapping = rows.filter((candidate) => candidate.speedupVsJson!.decodeInterval[0] <= high && low <= candidate.speedupVsJson!.decodeInterval[1]).map((candidate) => candidate.codec);
    assert.deepEqual(decode.codecs, overlapping, decode.text);
    assert.equal(decode.tied, overlapping.length > 1);
    if (overlapping.length >= 4) {
      const outside = rows.filter((candidate) => !overlapping.includes(candidate.codec));
      assert.match(decode.text, new RegExp(`^Fastest to decode: not ranked, the intervals of ${outside.length === 0 ? 'all ' : ''}${overlapping.length}${outside.length === 0 ? '' : ` of ${rows.length}`} overlap`));
      // The few rows the figures do rank below the rest are named, each with its figure.
      for (const row of outside) assert.ok(decode.text.includes(`${row.codec} ${figure(row.codec).decode.toFixed(figure(row.codec).decode < 10 ? 2 : 1)}×`), decode.text);
      continue;
    }
    for (const codec of overlapping) assert.ok(decode.text.includes(`${codec} ${figure(codec).decode.toFixed(figure(codec).decode < 10 ? 2 : 1)}×`), `${codec} is named with its figure: ${decode.text}`);
  }
});

test('when every interval overlaps the leader\'s, the line says nothing is ranked instead of listing a tie of all', () => {
  const rows = [json, row('avsc', { bytes: 320, decode: [1.3, 0.4, 4.2] }), row('bson', { bytes: 800, decode: [1.2, 0.9, 1.4] }), row('v8', { bytes: 600, decode: [0.9, 0.5, 1.1] })];
  const decode = claim(computeVerdict(rows, 1000, 'speed'), 'fastest-decode');
  assert.match(decode.text, /^Fastest to decode: not ranked, the intervals of all 4 overlap \(highest median: avsc 1\.30× \(0\.40–4\.20×\)\); 3 rounds each$/);
  assert.equal(decode.tied, true);
});

test('each speed line says how many rounds it rests on: the same count, or each row\'s', () => {
  const rows = [json, row('avsc', { bytes: 320, encode: [9, 8.5, 9.5], rounds: 3 }), row('bson', { bytes: 800, encode: [1.1, 1, 1.2], rounds: 6 })];
  const verdict = computeVerdict(rows, 1000, 'size');
  assert.match(claim(verdict, 'fastest-encode').text, /; rounds: avsc 3, bson 6$/);
  assert.match(claim(verdict, 'fastest-decode').text, /; rounds: json 3, avsc 3, bson 6$/);
  assert.match(verdict.pick.text, /^For size: avsc \(320 B = 0\.32× JSON; encode 9\.00× \(8\.50–9\.50×\), decode 1\.00× JSON's speed; exact round trip\): the fewest bytes among codecs that keep the data; speed-ups: 3 rounds$/);
});

test('one round: every speed line says so on the line; two rounds: that the interval is their range', () => {
  const one = [row('json', { bytes: 1000, rounds: 1 }), row('bson', { bytes: 800, encode: [5.63, 5.63, 5.63], decode: [5.63, 5.63, 5.63], rounds: 1 }), row('avsc', { bytes: 320, encode: [3, 3, 3], decode: [3, 3, 3], rounds: 1 })];
  const verdict = computeVerdict(one, 1000, 'speed');
  for (const line of speedClaims(verdict)) assert.match(line.text, /1 round each; from 1 round there is no interval, so no tie can be seen/, line.text);
  assert.match(claim(verdict, 'fastest-decode').text, /^Fastest to decode: bson 5\.63× JSON's speed, ahead of avsc 3\.00×; /);
  assert.match(verdict.pick.text, /from 1 round there is no interval/);
  const two = [row('json', { bytes: 1000, rounds: 2 }), row('avsc', { bytes: 320, encode: [3, 2.5, 3.5], rounds: 2 })];
  for (const line of speedClaims(computeVerdict(two, 1000, 'size'))) assert.match(line.text, /2 rounds each; with 2 rounds an interval is their range, not a prediction$/);
});

test('a lossy row is marked on every line that names it, with its runtime where there are two', () => {
  const lossy = { status: 'lossy' as const, differences: [{ path: '$.y', kind: 'precision' as const, detail: 'float32' }] };
  const rows = [json, row('avsc-forvalue', { bytes: 170, encode: [10.6, 10, 11], roundTrip: lossy, schema: 'inferred' }), row('msgpackr', { bytes: 540, encode: [3.7, 3.5, 3.9] })];
  const verdict = computeVerdict(rows, 1000, 'size');
  const naming = [verdict.pick, ...verdict.claims].filter((entry) => entry.text.includes('avsc-forvalue'));
  assert.deepEqual(naming.map((entry) => entry.id), ['smallest', 'smallest-gzip', 'smallest-brotli', 'smallest-zstd', 'fastest-encode', 'fastest-decode', 'not-exact']);
  for (const entry of naming) assert.match(entry.text, /avsc-forvalue \((lossy\)|lossy, )/, entry.text);
  assert.equal(claim(verdict, 'smallest').text, 'Smallest: avsc-forvalue (lossy), 170 B = 0.17× JSON');
  assert.match(claim(verdict, 'fastest-encode').text, /^Fastest to encode: avsc-forvalue \(lossy\) 10\.6× \(10\.0–11\.0×\) JSON's speed/);
  // Every row lossy: the pick names one, marked.
  const allLossy = computeVerdict([{ ...json, roundTrip: lossy }, rows[1]!], 1000, 'size');
  assert.match(allLossy.pick.text, /^For size: avsc-forvalue \(lossy\) \(/);
  const both = computeVerdict([{ ...rows[1]!, runtime: 'node' }, { ...rows[1]!, runtime: 'browser' }], 1000, 'size');
  assert.match(claim(both, 'smallest').text, /avsc-forvalue \(node, lossy\), avsc-forvalue \(browser, lossy\)/);
});

test('the pick states encode and decode; only the speed pick adds their combination, and says what it is', () => {
  const rows = [json, row('avsc', { bytes: 320, encode: [9, 8.5, 9.5], decode: [4, 3.8, 4.2], rounds: 5 })];
  const size = computeVerdict(rows, 1000, 'size').pick.text;
  assert.match(size, /encode 9\.00× \(8\.50–9\.50×\), decode 4\.00× \(3\.80–4\.20×\) JSON's speed; exact round trip\): .*; speed-ups: 5 rounds$/);
  assert.doesNotMatch(size, /together/);
  const speed = computeVerdict(rows, 1000, 'speed').pick.text;
  // √(9 × 4) = 6 in the median round.
  assert.match(speed, /together 6\.00× \([\d.]+–[\d.]+×\) JSON's speed; exact round trip\): the fastest encode and decode together \(together: √\(encode × decode\) in each round, the median over rounds/);
});

test('on a busy machine every speed line says its figures are unreliable; the size lines do not', () => {
  const rows = [json, row('avsc', { bytes: 320, encode: [9, 8, 10] })];
  const machineLoad = { measured: true as const, cores: 2, wallMs: 30_000, ownCores: 1, otherCores: 1.6, loadAverage: 4.5, busyShare: 0.9, busy: true };
  const verdict = computeVerdict(rows, 1000, 'speed', { settings: { rounds: 3, machineLoad } });
  for (const line of speedClaims(verdict)) assert.match(line.text, /; the machine was busy: unreliable$/);
  assert.match(verdict.pick.text, /the machine was busy: unreliable/);
  assert.doesNotMatch(claim(verdict, 'smallest').text, /busy/);
  const quiet = computeVerdict(rows, 1000, 'speed', { settings: { rounds: 3, machineLoad: { ...machineLoad, busy: false, busyShare: 0 } } });
  for (const line of speedClaims(quiet)) assert.doesNotMatch(line.text, /busy/);
});

test('a pick among four or more codecs that cannot be told apart says so, names them, and describes the highest median only', () => {
  const wide = (median: number): [number, number, number] => [median, median / 3, median * 3];
  const rows = [json, row('avsc', { bytes: 320, encode: wide(8), decode: wide(4) }), row('msgpackr', { bytes: 540, encode: wide(3), decode: wide(2) }), row('cbor-x', { bytes: 540, encode: wide(2.5), decode: wide(1.8) }), row('bson', { bytes: 800, encode: wide(0.8), decode: wide(1.1) })];
  const pick = computeVerdict(rows, 1000, 'speed').pick;
  assert.equal(pick.tied, true);
  assert.match(pick.text, /^For speed: no single pick, \d codecs cannot be told apart \((json, )?avsc, msgpackr, cbor-x, bson\); the highest median: avsc \(320 B/);
  assert.equal((pick.text.match(/round trip\)/g) ?? []).length, 1, 'one row described');
});
