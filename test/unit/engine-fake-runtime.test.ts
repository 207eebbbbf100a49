/**
 * The round loop of compare.ts against a fake runtime and clock (support/fake-runtime.ts): order
 * and rotation, pairing with JSON, the stopping rules, the quick limit at its boundary, failures
 * per round, cancellation, codecs the runtime cannot run, and the first round's pipeline. Only
 * the sample is read by a real worker; no codec runs, so every figure is exact.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareSample } from '../../src/engine/compare';
import { CancelledError } from '../../src/shared/cancelled';
import type { CodecResult, CompletedResult, RoundProgress } from '../../src/shared/results';
import { fixture, workerScript } from '../support/paths';
import { fakeRuntime, FakeClock, type FakeCodec } from '../support/fake-runtime';
import { tableFooter } from '../../src/cli/table';
import { rowNotesText } from '../../src/shared/row-facts-text';
import { toCsv, toMarkdown } from '../../src/report/export';

const sample = { path: fixture('mixed-sample.json') };
const base = { workerScript, timeBudgetMs: 20, minSamples: 3 } as const;

const completed = (rows: readonly CodecResult[], codec: string): CompletedResult => {
  const row = rows.find((candidate) => candidate.codec === codec);
  assert.equal(row?.status, 'completed', JSON.stringify(row));
  return row as CompletedResult;
};
const callsOf = (calls: ReadonlyArray<{ codec: string; round: number }>, round: number) =>
  calls.filter((call) => call.round === round).map((call) => call.codec);

const steady = (encodeNs: number, decodeNs = encodeNs): FakeCodec => ({ encodeNs, decodeNs });

test('fake runtime, one job at a time (as in a browser): each later round starts one further on, JSON too; each row streams once a round; speed-ups are JSON’s time over the codec’s', async () => {
  const { runtime, calls } = fakeRuntime({ json: steady(1000, 2000), msgpackr: steady(250, 500), 'cbor-x': steady(500, 4000) });
  const streamed: Array<[number, string]> = [];
  const report = await compareSample(sample, {
    ...base,
    rounds: 3,
    codecs: ['json', 'msgpackr', 'cbor-x'],
    runtime,
    onResult: (row, progress: RoundProgress) => streamed.push([progress.round, row.codec]),
  });
  assert.deepEqual(
    [1, 2, 3].map((round) => callsOf(calls, round)),
    [
      ['json', 'msgpackr', 'cbor-x'],
      ['msgpackr', 'cbor-x', 'json'],
      ['cbor-x', 'json', 'msgpackr'],
    ],
  );
  // Only the first round verifies; later ones time.
  assert.deepEqual(
    calls.map((call) => call.verify),
    [true, true, true, false, false, false, false, false, false],
  );
  for (const round of [1, 2, 3])
    assert.deepEqual(
      streamed
        .filter(([r]) => r === round)
        .map(([, codec]) => codec)
        .sort(),
      ['cbor-x', 'json', 'msgpackr'],
    );
  assert.deepEqual(completed(report.results, 'msgpackr').speedupVsJson, { encode: 4, decode: 4, encodeInterval: [4, 4], decodeInterval: [4, 4] });
  assert.deepEqual(completed(report.results, 'cbor-x').speedupVsJson, { encode: 2, decode: 0.5, encodeInterval: [2, 2], decodeInterval: [0.5, 0.5] });
  assert.deepEqual(completed(report.results, 'json').speedupVsJson, { encode: 1, decode: 1, encodeInterval: [1, 1], decodeInterval: [1, 1] });
  assert.equal(report.settings.rounds, 3);
});

test('fake runtime: each round pairs a codec with JSON of the same round; the row gives the median and an interval holding every round', async () => {
  // JSON steady; the codec 2×, 4×, 3× in turn.
  const { runtime } = fakeRuntime({ json: steady(1200), msgpackr: { encodeNs: [600, 300, 400], decodeNs: 600 } });
  const report = await compareSample(sample, { ...base, rounds: 3, fixedRounds: true, codecs: ['json', 'msgpackr'], runtime });
  const row = completed(report.results, 'msgpackr');
  assert.deepEqual(
    row.rounds?.map((figures) => figures.speedupVsJson?.encode),
    [2, 4, 3],
  );
  assert.equal(row.speedupVsJson?.encode, 3);
  const [low, high] = row.speedupVsJson!.encodeInterval;
  assert.ok(low <= 2 && high >= 4, `${low}–${high}`);
});

test('fake runtime: a codec whose speed-ups settled stops at the third round; one that never settles runs to the most, each saying why; JSON stops when none is left', async () => {
  const { runtime, calls } = fakeRuntime({
    json: steady(1000),
    msgpackr: steady(500),
    // Between 1× and 10× JSON from round to round: its interval never comes within ±25%.
    'cbor-x': { encodeNs: [1000, 100, 1000, 100, 1000, 100], decodeNs: [100, 1000, 100, 1000, 100, 1000] },
  });
  const report = await compareSample(sample, { ...base, rounds: 6, codecs: ['json', 'msgpackr', 'cbor-x'], runtime });
  const count = (codec: string) => calls.filter((call) => call.codec === codec).length;
  assert.equal(count('msgpackr'), 3);
  assert.equal(count('cbor-x'), 6);
  assert.equal(count('json'), 6);
  assert.deepEqual(completed(report.results, 'msgpackr').roundsStopped, { rounds: 3, why: 'settled', widest: 0 });
  const noisy = completed(report.results, 'cbor-x').roundsStopped;
  assert.equal(noisy?.why, 'most-rounds');
  assert.equal(noisy?.rounds, 6);
  assert.ok(noisy.widest !== null && noisy.widest > 0.25, JSON.stringify(noisy));
  assert.deepEqual(completed(report.results, 'json').roundsStopped, { rounds: 6, why: 'baseline', widest: null });
  assert.deepEqual(report.settings.adaptiveRounds, { minRounds: 3, settledWithin: 0.25 });

  // Every codec settled: JSON, with nothing left beside it, stops with them.
  const settled = fakeRuntime({ json: steady(1000), msgpackr: steady(500) });
  await compareSample(sample, { ...base, rounds: 6, codecs: ['json', 'msgpackr'], runtime: settled.runtime });
  assert.deepEqual(
    [1, 2, 3, 4].map((round) => callsOf(settled.calls, round).sort()),
    [['json', 'msgpackr'], ['json', 'msgpackr'], ['json', 'msgpackr'], []],
  );
});

test('fake runtime: a first-round failure is the row and is not run again; a later round that fails or ends its worker is a note, its figures left out', async () => {
  const { runtime, calls } = fakeRuntime({
    json: steady(1000),
    msgpackr: { ...steady(500), fails: { 2: { reported: { stage: 'encode', message: 'refused on purpose' } } } },
    'cbor-x': { ...steady(250), fails: { 3: { fate: { stage: 'memory', message: 'out of memory' } } } },
    bson: { ...steady(100), fails: { 1: { reported: { stage: 'prepare', message: 'no schema' } } } },
  });
  const report = await compareSample(sample, { ...base, rounds: 3, codecs: ['json', 'msgpackr', 'cbor-x', 'bson'], runtime });
  assert.deepEqual(
    calls.filter((call) => call.codec === 'bson').map((call) => call.round),
    [1],
  );
  const bson = report.results.find((row) => row.codec === 'bson');
  assert.equal(bson?.status, 'errored');
  assert.deepEqual(bson.status === 'errored' && bson.error, { stage: 'prepare', message: 'no schema' });

  const msgpackr = completed(report.results, 'msgpackr');
  assert.deepEqual(
    msgpackr.rounds?.map((figures) => figures.round),
    [1, 3],
  );
  assert.deepEqual(msgpackr.roundFailures, [{ code: 'round-failed', round: 2, rounds: 3, error: { stage: 'encode', message: 'refused on purpose' } }]);
  assert.deepEqual(rowNotesText(msgpackr), ['round 2 of 3 failed at encode: refused on purpose; its figures are left out']);
  const cbor = completed(report.results, 'cbor-x');
  assert.deepEqual(
    cbor.rounds?.map((figures) => figures.round),
    [1, 2],
  );
  assert.deepEqual(cbor.roundFailures, [{ code: 'round-failed', round: 3, rounds: 3, error: { stage: 'memory', message: 'out of memory' } }]);
  assert.deepEqual(rowNotesText(cbor), ['round 3 of 3 stopped at memory: out of memory; its figures are left out']);
  // Every renderer words the facts the same way.
  assert.match(tableFooter(report), / {2}msgpackr: round 2 of 3 failed at encode: refused on purpose; its figures are left out/);
  assert.match(toMarkdown(report), /: round 3 of 3 stopped at memory: out of memory; its figures are left out/);
  assert.match(toCsv(report), /round 2 of 3 failed at encode: refused on purpose/);
  // The figures kept are the rounds that ran: 2× and 4× JSON, exactly.
  assert.equal(msgpackr.speedupVsJson?.encode, 2);
  assert.equal(cbor.speedupVsJson?.encode, 4);
});

test('fake clock: a quick run stops after its first round only once that round took longer than the limit, and says by how much', async () => {
  const codecs = { json: steady(1000), msgpackr: steady(500), 'cbor-x': steady(250) };
  const run = async (limitMs: number) => {
    const clock = new FakeClock();
    // Three jobs of 100 ms: the first round takes exactly 300 ms.
    const { runtime, calls } = fakeRuntime(codecs, { clock, jobMs: 100 });
    const final: string[] = [];
    const report = await compareSample(sample, {
      ...base,
      quick: true,
      rounds: 2,
      quickFirstRoundLimitMs: limitMs,
      codecs: ['json', 'msgpackr', 'cbor-x'],
      runtime,
      clock: clock.now,
      onResult: (row, progress) => {
        if (progress.round === progress.rounds) final.push(row.codec);
      },
    });
    return { report, calls, final };
  };
  const over = await run(299);
  assert.equal(over.report.settings.rounds, 1);
  assert.deepEqual(over.report.settings.roundsCutShort, { code: 'quick-first-round-over-limit', firstRoundMs: 300, limitMs: 299 });
  // A fact with its figures; its words come from one place, as every renderer shows them.
  assert.match(tableFooter(over.report), /quick run: the first round took 300 ms \(over 299 ms\), so it was the only one; speed-ups have no range\./);
  assert.equal(over.calls.length, 3);
  // Every row was streamed again as final once the run knew it had one round.
  assert.deepEqual(over.final.sort(), ['cbor-x', 'json', 'msgpackr']);

  const within = await run(300);
  assert.equal(within.report.settings.rounds, 2);
  assert.equal(within.report.settings.roundsCutShort, undefined);
  assert.equal(within.calls.length, 6);
});

test('fake runtime: cancelling in a later round rejects with CancelledError and starts no job after it', async () => {
  const controller = new AbortController();
  const { runtime, calls } = fakeRuntime(
    { json: steady(1000), msgpackr: steady(500), 'cbor-x': steady(250) },
    {
      onJob: (call) => {
        // Round 2's first job (the order has moved on by one).
        if (call.round === 2 && call.codec === 'msgpackr') controller.abort();
      },
    },
  );
  await assert.rejects(
    compareSample(sample, { ...base, rounds: 3, codecs: ['json', 'msgpackr', 'cbor-x'], runtime, signal: controller.signal }),
    CancelledError,
  );
  assert.deepEqual(
    calls.map((call) => `${call.round} ${call.codec}`),
    ['1 json', '1 msgpackr', '1 cbor-x', '2 msgpackr'],
  );

  // A job the runtime reports cancelled ends the run the same way.
  const cancelled = fakeRuntime({ json: steady(1000), msgpackr: { ...steady(500), fails: { 1: { fate: { stage: 'cancelled', message: 'cancelled' } } } } });
  await assert.rejects(compareSample(sample, { ...base, rounds: 2, codecs: ['json', 'msgpackr'], runtime: cancelled.runtime }), CancelledError);
});

test('fake runtime: a codec the runtime cannot run is a skipped row with the reason, never measured; the others are unaffected', async () => {
  const { runtime, calls } = fakeRuntime({ json: steady(1000), msgpackr: steady(500), bser: { ...steady(100), unsupported: 'bser has no browser build' } });
  const report = await compareSample(sample, { ...base, rounds: 2, codecs: ['json', 'msgpackr', 'bser'], runtime });
  assert.equal(
    calls.some((call) => call.codec === 'bser'),
    false,
  );
  const bser = report.results.find((row) => row.codec === 'bser');
  assert.deepEqual(bser?.status === 'skipped' && bser.error, { stage: 'prepare', message: 'bser has no browser build' });
  assert.equal(completed(report.results, 'msgpackr').rounds?.length, 2);
});

test('fake runtime in steps: the first round times each codec alone, in order; the next one opens while the last finishes, never while one times', async () => {
  const { runtime, steps } = fakeRuntime({ json: steady(1000), msgpackr: steady(500), 'cbor-x': steady(250) }, { steps: true });
  const rows: string[] = [];
  const report = await compareSample(sample, { ...base, rounds: 1, codecs: ['json', 'msgpackr', 'cbor-x'], runtime, onResult: (row) => rows.push(row.codec) });
  assert.deepEqual(rows, ['json', 'msgpackr', 'cbor-x']);
  assert.equal(completed(report.results, 'cbor-x').speedupVsJson?.encode, 4);
  const timed = steps.filter((step) => step.startsWith('time ')).map((step) => step.slice(5));
  assert.deepEqual(timed, ['json', 'msgpackr', 'cbor-x']);
  // While any codec times, no other step is in flight.
  const inFlight = new Set<string>();
  for (const step of steps) {
    const ended = step.startsWith('end ');
    const name = ended ? step.slice(4) : step;
    if (name.startsWith('close ')) continue;
    if (ended) inFlight.delete(name);
    else {
      if (name.startsWith('time ')) assert.deepEqual([...inFlight], [], `${name} began beside ${[...inFlight].join(', ')}`);
      else assert.ok(![...inFlight].some((other) => other.startsWith('time ')), `${name} began while a codec timed`);
      inFlight.add(name);
    }
  }
  // And the overlap the pipeline exists for: a codec's open begins before the previous one's finish ends.
  assert.ok(steps.indexOf('open cbor-x') < steps.indexOf('end finish msgpackr'), steps.join(' | '));
});

/** The slices one codec's later round took, in order: `msgpackr encode`, `json encode`… */
const slicesOf = (steps: readonly string[]) => steps.filter((step) => step.startsWith('slice ')).map((step) => step.slice(6));

test('fake sessions, in slices (as in Node): later rounds open JSON with the first codec, rotate the codecs after it, and time each in A B B A turns with JSON; its speed-up is against those JSON slices', async () => {
  const { runtime, calls, steps } = fakeRuntime(
    { json: steady(1000, 2000), msgpackr: steady(250, 500), 'cbor-x': steady(500, 4000) },
    { slices: { opensAtOnce: 2 } },
  );
  const report = await compareSample(sample, { ...base, rounds: 3, fixedRounds: true, codecs: ['json', 'msgpackr', 'cbor-x'], runtime });
  assert.deepEqual(
    [1, 2, 3].map((round) => callsOf(calls, round)),
    [
      ['json', 'msgpackr', 'cbor-x'],
      ['json', 'cbor-x', 'msgpackr'],
      ['json', 'msgpackr', 'cbor-x'],
    ],
  );
  // Round 2's first pairing: 8 slices a side and operation (the budget holds many calls), turns alternating.
  assert.deepEqual(slicesOf(steps).slice(0, 6), ['cbor-x encode', 'json encode', 'json encode', 'cbor-x encode', 'cbor-x encode', 'json encode']);
  assert.equal(slicesOf(steps).filter((slice) => slice === 'cbor-x encode').length / 2, 8);
  const msgpackr = completed(report.results, 'msgpackr');
  assert.deepEqual(
    msgpackr.rounds?.map((figures) => figures.speedupVsJson?.encode),
    [4, 4, 4],
  );
  assert.deepEqual(completed(report.results, 'cbor-x').speedupVsJson, { encode: 2, decode: 0.5, encodeInterval: [2, 2], decodeInterval: [0.5, 0.5] });
  assert.deepEqual(
    completed(report.results, 'json').rounds?.map((figures) => figures.round),
    [1, 2, 3],
  );
  // Compression is timed in later rounds too, so its figures have rounds.
  assert.equal(msgpackr.compressionTiming?.rounds, 2);
});

test('fake sessions: a codec whose speed-ups settled is not opened again; one that never settles is, to the most rounds', async () => {
  const { runtime, calls } = fakeRuntime(
    { json: steady(1000), msgpackr: steady(500), 'cbor-x': { encodeNs: [1000, 100, 1000, 100, 1000], decodeNs: 100 } },
    { slices: { opensAtOnce: 2 } },
  );
  const report = await compareSample(sample, { ...base, rounds: 5, codecs: ['json', 'msgpackr', 'cbor-x'], runtime });
  assert.deepEqual(
    [4, 5].map((round) => callsOf(calls, round).sort()),
    [
      ['cbor-x', 'json'],
      ['cbor-x', 'json'],
    ],
  );
  assert.equal(completed(report.results, 'msgpackr').roundsStopped?.why, 'settled');
  assert.equal(completed(report.results, 'cbor-x').roundsStopped?.why, 'most-rounds');
  // Fixed rounds: every codec to the most, and no stop to explain.
  const fixed = fakeRuntime({ json: steady(1000), msgpackr: steady(500) }, { slices: { opensAtOnce: 2 } });
  const all = await compareSample(sample, { ...base, rounds: 5, fixedRounds: true, codecs: ['json', 'msgpackr'], runtime: fixed.runtime });
  assert.equal(completed(all.results, 'msgpackr').rounds?.length, 5);
  assert.equal(completed(all.results, 'msgpackr').roundsStopped, undefined);
});

test('fake sessions: a codec refused at its later open, or whose worker ends mid-slice, keeps its other rounds and a note for that one', async () => {
  const { runtime } = fakeRuntime(
    {
      json: steady(1000),
      msgpackr: { ...steady(500), fails: { 2: { reported: { stage: 'prepare', message: 'later round refused on purpose' } } } },
      'cbor-x': { ...steady(250), fails: { 3: { fate: { stage: 'crash', message: 'the worker exited' } } } },
    },
    { slices: { opensAtOnce: 2 } },
  );
  const report = await compareSample(sample, { ...base, rounds: 3, fixedRounds: true, codecs: ['json', 'msgpackr', 'cbor-x'], runtime });
  const msgpackr = completed(report.results, 'msgpackr');
  assert.deepEqual(
    msgpackr.rounds?.map((figures) => figures.round),
    [1, 3],
  );
  assert.deepEqual(msgpackr.roundFailures, [
    { code: 'round-failed', round: 2, rounds: 3, error: { stage: 'prepare', message: 'later round refused on purpose' } },
  ]);
  assert.deepEqual(rowNotesText(msgpackr), ['round 2 of 3 failed at prepare: later round refused on purpose; its figures are left out']);
  const cbor = completed(report.results, 'cbor-x');
  assert.deepEqual(
    cbor.rounds?.map((figures) => figures.round),
    [1, 2],
  );
  assert.deepEqual(cbor.roundFailures, [{ code: 'round-failed', round: 3, rounds: 3, error: { stage: 'crash', message: 'the worker exited' } }]);
  assert.deepEqual(rowNotesText(cbor), ['round 3 of 3 stopped at crash: the worker exited; its figures are left out']);
  assert.deepEqual(
    completed(report.results, 'json').rounds?.map((figures) => figures.round),
    [1, 2, 3],
  );
});

test('fake sessions: when JSON’s worker ends in a later round, JSON’s row says so and every codec of that round is still timed, alone', async () => {
  const { runtime } = fakeRuntime(
    { json: { ...steady(1000), fails: { 2: { fate: { stage: 'memory', message: 'out of memory' } } } }, msgpackr: steady(500), 'cbor-x': steady(250) },
    { slices: { opensAtOnce: 2 } },
  );
  const report = await compareSample(sample, { ...base, rounds: 3, fixedRounds: true, codecs: ['json', 'msgpackr', 'cbor-x'], runtime });
  const json = completed(report.results, 'json');
  assert.deepEqual(json.roundFailures, [{ code: 'round-failed', round: 2, rounds: 3, error: { stage: 'memory', message: 'out of memory' } }]);
  assert.deepEqual(rowNotesText(json), ['round 2 of 3 stopped at memory: out of memory; its figures are left out']);
  for (const codec of ['msgpackr', 'cbor-x']) {
    const row = completed(report.results, codec);
    assert.deepEqual(
      row.rounds?.map((figures) => figures.round),
      [1, 2, 3],
      codec,
    );
    // Round 2 had no JSON beside it: no speed-up that round, the others keep theirs.
    assert.deepEqual(
      row.rounds?.map((figures) => figures.speedupVsJson !== null),
      [true, false, true],
      codec,
    );
  }
});
