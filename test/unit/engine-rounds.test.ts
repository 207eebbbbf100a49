/** Rounds with real workers and libraries: order, per-round pairing, streaming, cost figures. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { compareSample } from '../../src/engine/compare';
import { loadCodec } from '../../src/codecs/load-codec';
import type { CodecResult, CompletedResult, RoundProgress } from '../../src/shared/results';
import { fixture, FAST, tuplesSample } from '../support/paths';
import { noteText } from '../../src/shared/row-facts-text';

const completed = (rows: readonly CodecResult[], codec: string): CompletedResult => {
  const row = rows.find((candidate) => candidate.codec === codec);
  assert.equal(row?.status, 'completed', JSON.stringify(row));
  return row as CompletedResult;
};

test('three rounds: the first runs in order, later ones time JSON beside each codec and rotate the codecs; every row streams once per round', async () => {
  const started: Array<[round: number, codec: string]> = [];
  const streamed: Array<[round: number, codec: string]> = [];
  const report = await compareSample(
    { path: fixture('mixed-sample.json') },
    {
      ...FAST,
      rounds: 3,
      codecs: ['json', 'msgpackr', 'v8'],
      onStage: (codec, stage, progress: RoundProgress) => {
        // Timing order: later rounds open workers side by side, but warm up (stage "measure") and time one at a time.
        if (stage === 'measure') started.push([progress.round, codec]);
      },
      onResult: (row, progress) => streamed.push([progress.round, row.codec]),
    },
  );
  const order = (round: number) => started.filter(([r]) => r === round).map(([, codec]) => codec);
  assert.deepEqual(
    [order(1), order(2), order(3)],
    [
      ['json', 'msgpackr', 'v8'],
      ['json', 'v8', 'msgpackr'],
      ['json', 'msgpackr', 'v8'],
    ],
  );
  for (const round of [1, 2, 3]) {
    assert.deepEqual(
      streamed
        .filter(([r]) => r === round)
        .map(([, codec]) => codec)
        .sort(),
      ['json', 'msgpackr', 'v8'],
      `round ${round}`,
    );
  }
  assert.equal(report.settings.rounds, 3);
  const row = completed(report.results, 'msgpackr');
  const json = completed(report.results, 'json');
  assert.deepEqual(
    row.rounds?.map((figures) => figures.round),
    [1, 2, 3],
  );
  // The first round pairs the codec with JSON's own window of that round; later rounds with
  // JSON's slices taken in turn with the codec's, a subset of JSON's round.
  const first = row.rounds![0]!;
  // Speed-ups are kept to three decimals: allow that rounding, which is large for a tiny one.
  const expected = json.rounds![0]!.encodeMeanNs / first.encodeMeanNs;
  assert.ok(Math.abs(first.speedupVsJson!.encode - expected) <= Math.max(0.0005, 0.005 * expected), `${first.speedupVsJson!.encode} vs ${expected}`);
  for (const figures of row.rounds!) assert.ok(figures.speedupVsJson!.encode > 0 && Number.isFinite(figures.speedupVsJson!.encode), JSON.stringify(figures));
  const encodes = row.rounds!.map((figures) => figures.speedupVsJson!.encode).sort((a, b) => a - b);
  assert.equal(row.speedupVsJson?.encode, encodes[1]);
  const [low, high] = row.speedupVsJson!.encodeInterval;
  assert.ok(low <= encodes[0]! && high >= encodes[2]!, 'the interval holds every round');
  assert.deepEqual(json.speedupVsJson, { encode: 1, decode: 1, encodeInterval: [1, 1], decodeInterval: [1, 1] });
  // GC share and allocation come from the first round's profiling windows; later rounds only
  // time (without the profiler), and say so with null rather than a zero.
  assert.deepEqual(
    row.rounds!.map((figures) => figures.decodeGcShare === null),
    [false, true, true],
  );
  assert.equal(row.decode.gcShare, row.rounds![0]!.decodeGcShare);
});

test('a codec that fails in its first round is not run again, and its row keeps the reason', async () => {
  const rounds: number[] = [];
  const report = await compareSample(
    { path: fixture('mixed-sample.json') },
    {
      ...FAST,
      rounds: 2,
      codecs: ['json'],
      codecModules: [fixture('codecs', 'throws-on-encode.cjs')],
      onStage: (codec, stage, progress) => {
        if (codec === 'throws-on-encode' && stage === 'input') rounds.push(progress.round);
      },
    },
  );
  assert.deepEqual(rounds, [1]);
  const row = report.results.find((candidate) => candidate.codec === 'throws-on-encode');
  assert.equal(row?.status, 'errored');
});

test('the profiling window counts what each call allocates: JSON encode allocates at least the text it writes', async () => {
  const report = await compareSample(
    { path: tuplesSample, bytes: fs.readFileSync(tuplesSample) },
    { ...FAST, timeBudgetMs: 400, minSamples: 40, codecs: ['json'] },
  );
  const json = completed(report.results, 'json');
  assert.ok(json.encode.bytesAllocatedPerCall !== null && json.decode.bytesAllocatedPerCall !== null && json.decode.gcShare !== null);
  // JSON.stringify builds the text on the heap (one byte per character here, more while its
  // builder grows). Buffer.from's copy is ArrayBuffer memory, which V8 may release after a
  // collection's epilogue, so the window sees only part of it: the text is the bound that holds.
  assert.ok(json.encode.bytesAllocatedPerCall >= 1.2 * report.input.jsonBytes, `${json.encode.bytesAllocatedPerCall} B per call`);
  // JSON.parse builds 19,784 objects of three numbers: far more than no allocation.
  assert.ok(json.decode.bytesAllocatedPerCall >= report.input.jsonBytes / 2, `${json.decode.bytesAllocatedPerCall} B per call`);
  // A share of the window, measured: none at all is a real reading (V8 may pretenure what
  // JSON.parse builds once earlier calls' objects survived, so no scavenge falls in the window).
  assert.ok(json.decode.gcShare >= 0 && json.decode.gcShare < 1, `GC share ${json.decode.gcShare}`);
});

test('a later round reuses the first round’s inferred schema, passed as plain data, instead of inferring again', async () => {
  const sample = JSON.parse(fs.readFileSync(fixture('mixed-sample.json'), 'utf8')) as unknown;
  for (const codec of ['avsc', 'protobufjs']) {
    const { module } = await loadCodec({ builtin: codec });
    const first = module.prepare(sample, {});
    assert.ok(first.inferred, `${codec} hands its inference on`);
    // What crosses the worker boundary is a structured clone; a marked note shows it was used.
    const handedOn = { ...(structuredClone(first.inferred) as { notes: string[] }), notes: ['from round 1'] };
    const later = module.prepare(sample, { inferred: handedOn });
    assert.deepEqual(
      later.notes.map(noteText).filter((note) => note === 'from round 1'),
      ['from round 1'],
      codec,
    );
    assert.equal(later.schemaText, first.schemaText, codec);
    // Each prepare builds its own classes: compare what the decoded values hold.
    assert.equal(JSON.stringify(later.decode(later.encode(later.input))), JSON.stringify(first.decode(first.encode(first.input))), codec);
  }
});

test('later rounds time in slices beside JSON; a codec that fails there keeps its first round and a note per round', async () => {
  const report = await compareSample(
    { path: fixture('mixed-sample.json') },
    {
      ...FAST,
      rounds: 3,
      codecs: ['json', 'msgpackr'],
      codecModules: [fixture('codecs', 'fails-in-later-rounds.cjs')],
    },
  );
  const failing = completed(report.results, 'fails-in-later-rounds');
  assert.deepEqual(
    failing.rounds?.map((figures) => figures.round),
    [1],
  );
  // Facts, one per round, with the real worker's refusal; the words come from one table.
  assert.deepEqual(
    failing.roundFailures?.map((failure) => [failure.code, failure.round, failure.rounds, failure.error.stage]),
    [
      ['round-failed', 2, 3, 'prepare'],
      ['round-failed', 3, 3, 'prepare'],
    ],
  );
  assert.ok(
    failing.roundFailures!.every((failure) => failure.error.message.includes('later round refused on purpose')),
    JSON.stringify(failing.roundFailures),
  );
  assert.equal(failing.notes.map(noteText).filter((note) => note.includes('later round refused on purpose')).length, 0, 'not also a note');
  // The others were unaffected: three rounds each, every later one paired with JSON.
  const msgpackr = completed(report.results, 'msgpackr');
  assert.deepEqual(
    msgpackr.rounds?.map((figures) => figures.speedupVsJson !== null),
    [true, true, true],
  );
  assert.deepEqual(
    completed(report.results, 'json').rounds?.map((figures) => figures.round),
    [1, 2, 3],
  );
});
