/**
 * The verdict as data, from rows made to the point, for each way the bytes travel: sizes after
 * that compression, speed end to end paired round by round, ties where intervals overlap, a
 * lossy codec never picked while another keeps the data, what holds for the whole run said once
 * as a caveat. Codes and figures are asserted; a few tests pin the words (verdict-words.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeVerdict } from '../../src/report/verdict';
import { verdictText } from '../../src/report/verdict-words';
import type { LineFigures, Verdict, VerdictLine } from '../../src/report/verdict-data';
import type { CodecResult, CompletedResult, SchemaOrigin } from '../../src/shared/results';
import type { Transport } from '../../src/shared/transport';
import { timingStats } from '../support/timing';

interface RowFigures {
  bytes: number;
  gzip?: number;
  brotli?: number;
  zstd?: number | null;
  /** Speed-up over JSON (whose calls take 1,000 ns): median and the rounds' range, encode then decode. */
  encode?: [number, number, number];
  decode?: [number, number, number];
  /** Rounds behind the speed-ups (default 3: the lowest, the median and the highest). */
  rounds?: number;
  /** Compression and decompression time per call, ns, the same for gzip, brotli and zstd; absent: not timed (a quick run). */
  compress?: number;
  decompress?: number;
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
  const times = figures.compress === undefined ? undefined : { compressNs: figures.compress, decompressNs: figures.decompress ?? figures.compress };
  return {
    codec,
    label: codec,
    format: codec,
    library: codec,
    libraryVersion: '1',
    schema: figures.schema ?? 'none',
    notes: [],
    status: 'completed',
    bytes: figures.bytes,
    ratio: figures.bytes / 1000,
    compressed: {
      gzip: figures.gzip ?? figures.bytes,
      brotli: figures.brotli ?? figures.bytes,
      zstd: figures.zstd === undefined ? figures.bytes : figures.zstd,
    },
    encode: timingStats(1000 / encode),
    decode: timingStats(1000 / decode),
    speedupVsJson: { encode, decode, encodeInterval: [encodeLow, encodeHigh], decodeInterval: [decodeLow, decodeHigh] },
    rounds: encodes.map((value, index) => ({
      round: index + 1,
      encodeMeanNs: 1000 / value,
      decodeMeanNs: 1000 / decodes[index]!,
      speedupVsJson: { encode: value, decode: decodes[index]! },
      encodeGcShare: null,
      decodeGcShare: null,
      ...(times ? { compression: { gzip: times, brotli: times, zstd: times } } : {}),
    })),
    ...(times
      ? {
          compressionTiming: {
            levels: { gzip: 6, brotli: 4, zstd: 3 },
            zstdImplementation: 'node' as const,
            rounds: count,
            gzip: times,
            brotli: times,
            zstd: times,
          },
        }
      : {}),
    roundTrip: figures.roundTrip ?? { status: 'exact', differences: [] },
    remnants: Array.from({ length: figures.remnants ?? 0 }, (_, i) => ({ path: `$.a${i}`, kind: 'prototype' as const, detail: 'class instance', count: 10 })),
  };
}

const json = row('json', { bytes: 1000, gzip: 300, brotli: 250, zstd: 280, compress: 1000 });
const line = <C extends VerdictLine['code']>(verdict: Verdict, id: string, code: C): LineFigures[C] => {
  const found = verdict.lines.find((entry) => entry.id === id);
  assert.ok(found, `no ${id} line`);
  assert.equal(found.code, code, `${id}: ${JSON.stringify(found.figures)}`);
  return found.figures as LineFigures[C];
};
const chosen = (verdict: Verdict) => {
  assert.equal(verdict.pick.code, 'chosen', JSON.stringify(verdict.pick));
  return verdict.pick.code === 'chosen' ? verdict.pick.figures : assert.fail();
};
const codecs = (entries: readonly { codec: string }[]) => entries.map((entry) => entry.codec);

const sizes = [
  json,
  row('avsc', { bytes: 320, gzip: 200, brotli: 190, zstd: 260, schema: 'inferred', compress: 900 }),
  row('msgpackr', { bytes: 530, gzip: 210, brotli: 140, zstd: 145, compress: 250 }),
];

test('the smallest line is for the transport: raw, gzip, brotli and zstd each name their own winner, against JSON raw', () => {
  const expected: Record<Exclude<Transport, 'zstd-dictionary'>, [string, number, number]> = {
    raw: ['avsc', 320, 0.32],
    gzip: ['avsc', 200, 0.2],
    brotli: ['msgpackr', 140, 0.14],
    zstd: ['msgpackr', 145, 0.145],
  };
  for (const [transport, [codec, bytes, ratio]] of Object.entries(expected) as [Transport, [string, number, number]][]) {
    const verdict = computeVerdict(sizes, 'size', { transport });
    assert.equal(verdict.transport, transport);
    const smallest = line(verdict, 'smallest', 'smallest');
    assert.deepEqual(
      smallest.winners.map((entry) => [entry.codec, entry.bytes, entry.ratio]),
      [[codec, bytes, ratio]],
      transport,
    );
    assert.equal(smallest.json?.bytes, { raw: 1000, gzip: 300, brotli: 250, zstd: 280 }[transport as 'raw']);
    assert.deepEqual(codecs(chosen(verdict).entries), [codec], `${transport}: the size pick is the smallest on it`);
  }
});

test('a document has no dictionary: with zstd + dictionary, sizes and the pick say not measured and why', () => {
  const verdict = computeVerdict(sizes, 'size', { transport: 'zstd-dictionary' });
  assert.equal(line(verdict, 'smallest', 'not-measured').why.code, 'dictionary-messages-only');
  assert.deepEqual(verdict.pick, {
    code: 'not-measured',
    figures: { priority: 'size', transport: 'zstd-dictionary', why: { code: 'dictionary-messages-only' } },
  });
  assert.match(verdictText(verdict).pick, /not measured, a dictionary is trained on a stream of messages/);
});

test('the pick names the runner-up without a schema and what the compression alone gives: as data and as one sentence', () => {
  const verdict = computeVerdict(sizes, 'size', { transport: 'gzip' });
  const pick = chosen(verdict);
  assert.deepEqual([codecs(pick.entries), pick.runnerUp?.codec, pick.alone?.codec, pick.alone?.ratio], [['avsc'], 'msgpackr', 'json', 0.3]);
  assert.equal(pick.entries[0]!.needsSchema, true);
  assert.equal(verdictText(verdict).pick, 'Gzip alone: 0.30× JSON; with avsc 0.20× (needs a schema); msgpackr 0.21× (no schema).');
  assert.equal(
    verdictText(computeVerdict(sizes, 'size', { transport: 'raw' })).pick,
    'Sent raw, for size: avsc 0.32× JSON (needs a schema); msgpackr 0.53× (no schema).',
  );
  // Without a schema the pick is msgpackr itself, and no runner-up is named.
  const schemaless = chosen(computeVerdict(sizes, 'no-schema', { transport: 'gzip' }));
  assert.deepEqual([codecs(schemaless.entries), schemaless.runnerUp], [['msgpackr'], null]);
});

test('speed is end to end for the transport: compression time moves the ranking, with figures paired per round', () => {
  // JSON: 1,000 ns to encode, 1,000 ns to compress. avsc encodes 10× faster but its bytes take
  // 900 ns to compress: (1,000 + 1,000) / (100 + 900) = 2×; msgpackr (250 + 250 ns) 4×.
  const rows = [json, row('avsc', { bytes: 320, encode: [10, 9, 11], compress: 900 }), row('msgpackr', { bytes: 530, encode: [4, 3.8, 4.2], compress: 250 })];
  const raw = line(computeVerdict(rows, 'speed', { transport: 'raw' }), 'fastest-encode', 'fastest');
  assert.deepEqual([codecs(raw.tied), raw.tied[0]!.value], [['avsc'], 10]);
  const gzip = line(computeVerdict(rows, 'speed', { transport: 'gzip' }), 'fastest-encode', 'fastest');
  assert.deepEqual(codecs(gzip.tied), ['msgpackr']);
  assert.equal(gzip.tied[0]!.value, 4);
  assert.equal(gzip.next?.codec, 'avsc');
  assert.equal(gzip.next?.value, 2);
  const [low, high] = gzip.tied[0]!.interval;
  // Rounds of 3.8× and 4.2× give 3.90× and 4.10× end to end: the interval holds both.
  assert.ok(low <= 3.897 && high >= 4.097 && low < high, `${low}–${high}`);
  assert.equal(gzip.tied[0]!.rounds, 3);
  assert.equal(chosen(computeVerdict(rows, 'speed', { transport: 'gzip' })).entries[0]!.codec, 'msgpackr');
});

test('a quick run times no compression: compressed speed lines say not measured and why; raw still ranks', () => {
  const rows = [row('json', { bytes: 1000, gzip: 300 }), row('avsc', { bytes: 320, encode: [9, 8.5, 9.5] })];
  const verdict = computeVerdict(rows, 'speed', { transport: 'gzip', settings: { rounds: 2, quick: true } });
  assert.equal(line(verdict, 'fastest-encode', 'not-measured').why.code, 'quick-run');
  assert.equal(line(verdict, 'fastest-decode', 'not-measured').why.code, 'quick-run');
  assert.equal(verdict.pick.code, 'not-measured');
  assert.deepEqual(
    line(verdict, 'smallest', 'smallest').winners.map((entry) => entry.bytes),
    [300],
    'sizes after gzip are still measured',
  );
  assert.match(verdictText(verdict).lines[1]!.text, /^Fastest to encode with gzip: not measured, a quick run does not time compression/);
  assert.equal(
    line(computeVerdict(rows, 'speed', { transport: 'raw', settings: { rounds: 2, quick: true } }), 'fastest-encode', 'fastest').tied[0]!.codec,
    'avsc',
  );
});

test("what holds for the whole run is one caveat, said once; a line names only rounds that differ from the run's", () => {
  const machineLoad = { measured: true as const, cores: 2, wallMs: 30_000, ownCores: 1, otherCores: 1.6, loadAverage: 4.5, busyShare: 0.9, busy: true };
  const rows = [
    json,
    row('avsc', { bytes: 320, encode: [9, 8, 10], rounds: 2, compress: 500 }),
    row('bson', { bytes: 800, encode: [1.1, 1, 1.2], rounds: 2, compress: 500 }),
    row('cbor-x', { bytes: 540, encode: [3, 2.8, 3.2], rounds: 5, compress: 500 }),
  ];
  const failed = { ...row('v8', { bytes: 600 }), status: 'errored', error: { stage: 'encode', message: 'boom' } } as unknown as CodecResult;
  const verdict = computeVerdict([...rows, failed], 'size', { transport: 'raw', settings: { rounds: 5, machineLoad } });
  assert.deepEqual(
    verdict.caveats.map((caveat) => caveat.code),
    ['rounds', 'machine-busy', 'not-completed'],
  );
  assert.deepEqual(verdict.caveats[0]!.figures, { rounds: 2, mixed: true });
  const text = verdictText(verdict);
  assert.equal(
    text.caveats[0],
    'Speed figures: the median of 2 rounds (rows with other counts say theirs); with 2 rounds an interval is their range, not a prediction.',
  );
  const everything = [text.pick, ...text.lines.map((entry) => entry.text)].join('\n');
  assert.doesNotMatch(everything, /busy|range, not a prediction|rounds each/, 'no line repeats a run-wide caveat');
  assert.match(text.lines.find((entry) => entry.id === 'fastest-encode')!.text, /cbor-x 3\.00× \(2\.80–3\.20×, 5 rounds\)/);
  assert.doesNotMatch(text.lines.find((entry) => entry.id === 'fastest-encode')!.text, /avsc 9\.00× \([^)]*rounds/);
  // An edge that shows the machine's load above the table leaves that caveat out of its words.
  assert.equal(verdictText(verdict, { omit: ['machine-busy'] }).caveats.length, 2);
});

test('overlapping intervals are tied, and from four rows nothing is ranked', () => {
  const tiedRows = [
    json,
    row('avsc', { bytes: 320, encode: [9, 8, 10] }),
    row('msgpackr', { bytes: 530, encode: [7.5, 6.5, 8.2] }),
    row('bson', { bytes: 800, encode: [1.1, 1, 1.2] }),
  ];
  const encode = line(computeVerdict(tiedRows, 'speed', { transport: 'raw' }), 'fastest-encode', 'fastest');
  assert.deepEqual([codecs(encode.tied), encode.next?.codec, encode.all], [['avsc', 'msgpackr'], 'bson', false]);
  assert.equal(
    verdictText(computeVerdict(tiedRows, 'speed', { transport: 'raw' })).lines[1]!.text,
    "Fastest to encode: tied (intervals overlap), avsc 9.00× (8.00–10.0×), msgpackr 7.50× (6.50–8.20×) JSON's speed; next bson 1.10× (1.00–1.20×)",
  );
  const wide = [
    json,
    row('avsc', { bytes: 320, decode: [1.3, 0.4, 4.2] }),
    row('bson', { bytes: 800, decode: [1.2, 0.9, 1.4] }),
    row('v8', { bytes: 600, decode: [0.9, 0.5, 1.1] }),
  ];
  const decode = line(computeVerdict(wide, 'speed', { transport: 'raw' }), 'fastest-decode', 'fastest');
  assert.equal(decode.all, true);
  assert.equal(decode.tied.length, 4);
});

test('a lossy codec is marked wherever it is named and not picked while another keeps the data', () => {
  const lossy = { status: 'lossy' as const, differences: [{ path: '$.y', kind: 'precision' as const, detail: 'float32' }] };
  const rows = [
    json,
    row('avsc', { bytes: 200, gzip: 150, roundTrip: lossy, schema: 'inferred' }),
    row('protobufjs', { bytes: 300, gzip: 180, schema: 'inferred' }),
  ];
  const verdict = computeVerdict(rows, 'size', { transport: 'gzip' });
  const smallest = line(verdict, 'smallest', 'smallest');
  assert.deepEqual([smallest.winners[0]!.codec, smallest.winners[0]!.lossy], ['avsc', true]);
  assert.deepEqual(codecs(chosen(verdict).entries), ['protobufjs']);
  assert.match(verdictText(verdict).lines[0]!.text, /^Smallest with gzip: avsc \(lossy\), 150 B = 0\.15× JSON \(JSON with gzip: 0\.30×\)$/);
  assert.deepEqual(
    line(verdict, 'not-exact', 'round-trips').rows.map((entry) => [entry.entry.codec, entry.status, entry.differences]),
    [['avsc', 'lossy', 1]],
  );
});

test('fidelity picks an exact round trip without remnants, then the fewest bytes on the transport', () => {
  const equivalent = { status: 'equivalent' as const, differences: [] };
  const rows = [
    json,
    row('avsc', { bytes: 320, gzip: 100, roundTrip: equivalent, remnants: 3, schema: 'inferred' }),
    row('msgpackr', { bytes: 530, gzip: 250 }),
  ];
  const verdict = computeVerdict(rows, 'fidelity', { transport: 'gzip' });
  assert.deepEqual(codecs(chosen(verdict).entries), ['msgpackr']);
  assert.deepEqual(
    line(verdict, 'remnants', 'remnants').rows.map((entry) => [entry.entry.codec, entry.remnants, entry.places]),
    [['avsc', 3, 30]],
  );
  assert.equal(verdictText(verdict).pick, 'With gzip, for fidelity: msgpackr 0.25× JSON (no schema); gzip alone: 0.30× JSON.');
});

test('when compression alone beats every codec, JSON itself is the pick and the sentence says so', () => {
  const rows = [json, row('msgpackr', { bytes: 530, gzip: 400 })];
  const verdict = computeVerdict(rows, 'size', { transport: 'gzip' });
  assert.deepEqual(codecs(chosen(verdict).entries), ['json']);
  assert.equal(verdictText(verdict).pick, 'Gzip alone: 0.30× JSON; for size JSON itself is the pick: no codec does better with gzip.');
});
