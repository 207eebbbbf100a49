/**
 * Later rounds open their workers side by side and time each alone (later-round.ts), with real
 * workers: two recording codecs write when they prepare and when they are called.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { compareSample } from '../../src/engine/compare';
import { CancelledError } from '../../src/shared/cancelled';
import { opensAtOnce } from '../../src/engine/later-round';
import { liveWorkerCount } from '../../src/engine/worker-launch';
import { fixture, FAST } from '../support/paths';

interface Recorded {
  id: string;
  what: 'prepare-start' | 'prepare-end' | 'encode' | 'decode';
  later: boolean;
  t: number;
}

const recorders = [fixture('codecs', 'recorded-a.cjs'), fixture('codecs', 'recorded-b.cjs')];

/** Runs with the recording codecs, their log in a fresh file; returns what they wrote. */
async function withCallLog<T>(run: () => Promise<T>): Promise<{ result: T | undefined; error: unknown; calls: Recorded[] }> {
  const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-calls-')), 'calls.jsonl');
  fs.writeFileSync(log, '');
  // Workers copy the environment when they start.
  process.env.PAYLOAD_LAB_CALL_LOG = log;
  try {
    const result = await run();
    return { result, error: undefined, calls: readCalls(log) };
  } catch (error) {
    return { result: undefined, error, calls: readCalls(log) };
  } finally {
    delete process.env.PAYLOAD_LAB_CALL_LOG;
  }
}

const readCalls = (log: string): Recorded[] =>
  fs
    .readFileSync(log, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Recorded)
    .sort((a, b) => a.t - b.t);

/** The runs of consecutive calls by the same codec, in time order. */
function runsOf(calls: readonly Recorded[]): Array<{ id: string; whats: Set<string>; calls: number }> {
  const runs: Array<{ id: string; whats: Set<string>; calls: number }> = [];
  for (const call of calls) {
    const last = runs.at(-1);
    if (last?.id === call.id) {
      last.whats.add(call.what);
      last.calls++;
    } else {
      runs.push({ id: call.id, whats: new Set([call.what]), calls: 1 });
    }
  }
  return runs;
}

test('opens side by side on two cores or more, one at a time on one core or past 16 MB of JSON', () => {
  assert.equal(opensAtOnce(1, 1_000_000), 1);
  assert.equal(opensAtOnce(2, 1_000_000), 2);
  assert.equal(opensAtOnce(16, 1_000_000), 2);
  assert.equal(opensAtOnce(2, 16 * 1024 * 1024), 2);
  assert.equal(opensAtOnce(2, 16 * 1024 * 1024 + 1), 1);
});

test("a later round opens two codecs side by side, then warms up and times each alone: no call of one falls among the other's", async () => {
  const { result, error, calls } = await withCallLog(() =>
    compareSample(
      { path: fixture('mixed-sample.json') },
      {
        ...FAST,
        timeBudgetMs: 40,
        minSamples: 6,
        rounds: 2,
        codecs: ['json'],
        codecModules: recorders,
      },
    ),
  );
  assert.equal(error, undefined);
  assert.deepEqual(
    result!.results.map((row) => [row.codec, row.status === 'completed' ? row.rounds?.length : row.status]),
    [
      ['json', 2],
      ['recorded-a', 2],
      ['recorded-b', 2],
    ],
  );
  const later = calls.filter((call) => call.later);
  const span = (id: string) =>
    [later.find((call) => call.id === id && call.what === 'prepare-start')!.t, later.find((call) => call.id === id && call.what === 'prepare-end')!.t] as const;
  const [aStart, aEnd] = span('recorded-a');
  const [bStart, bEnd] = span('recorded-b');
  if (os.availableParallelism() >= 2) assert.ok(aStart < bEnd && bStart < aEnd, `the two 400 ms prepares overlap: a ${aStart}–${aEnd}, b ${bStart}–${bEnd}`);
  // After the opens (each calls encode and decode once, side by side), each codec's warm-up and
  // timed slices, encode then decode, come as one run of its own calls: the other is idle meanwhile.
  const operations = later.filter((call) => call.what === 'encode' || call.what === 'decode');
  const runs = runsOf(operations);
  const [timedFirst, timedSecond] = runs.slice(-2);
  assert.ok(timedFirst && timedSecond && timedFirst.id !== timedSecond.id, JSON.stringify(runs.map((run) => [run.id, run.calls])));
  for (const run of [timedFirst, timedSecond]) {
    assert.deepEqual([...run.whats].sort(), ['decode', 'encode'], `${run.id}'s warm-up and timed calls, alone`);
    // Every call but the opening's one encode and one decode: the warm-up was alone too.
    const all = operations.filter((call) => call.id === run.id).length;
    assert.ok(
      run.calls >= all - 2,
      `${run.id}: ${run.calls} of its ${all} calls in its own run (${JSON.stringify(runs.map((each) => [each.id, each.calls]))})`,
    );
  }
  assert.equal(liveWorkerCount(), 0);
});

test("cancelled while a later round's group opens: the run rejects as cancelled and every worker it opened has exited", async () => {
  const controller = new AbortController();
  let opening: string | undefined;
  const { error } = await withCallLog(() =>
    compareSample(
      { path: fixture('mixed-sample.json') },
      {
        ...FAST,
        rounds: 2,
        codecs: ['json'],
        codecModules: recorders,
        signal: controller.signal,
        onStage: (codec, stage, progress) => {
          if (progress.round !== 2 || stage !== 'prepare' || !codec.startsWith('recorded-')) return;
          // In its 400 ms prepare, beside the other codec's and JSON's opens.
          opening = codec;
          controller.abort();
        },
      },
    ),
  );
  assert.ok(opening, 'a round-2 codec had begun to open');
  assert.ok(error instanceof CancelledError, String(error));
  assert.equal(liveWorkerCount(), 0);
});

test("a run of JSON alone cancelled during a later round's warm-up rejects as cancelled, with no worker left", async () => {
  const controller = new AbortController();
  const run = compareSample(
    { path: fixture('mixed-sample.json') },
    {
      ...FAST,
      rounds: 2,
      codecs: ['json'],
      signal: controller.signal,
      onStage: (_codec, stage, progress) => {
        if (progress.round === 2 && stage === 'measure') controller.abort();
      },
    },
  );
  await assert.rejects(run, (error: unknown) => error instanceof CancelledError);
  assert.equal(liveWorkerCount(), 0);
});
