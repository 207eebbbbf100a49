/**
 * The panel's rules about runs, without a browser: which run events change what the panel
 * shows, which are stale, and how rows sort. Fed the events of a real engine run.
 */
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { emptyModel, nextSort, type PanelModel, reduce, type SortOrder } from '../../webview/panel/model';
import { sortRows } from '../../webview/panel/sorting';
import { receiveRun, type RunReceivers } from '../../webview/panel/runs';
import { type RecordedRun, recordRealRun, resultOf, type RunEvent as HostEvent, startedWith } from './support/real-run';

let run: RecordedRun;
before(async () => {
  run = await recordRealRun();
});

const replay = (messages: HostEvent[], from: PanelModel = emptyModel()) => messages.reduce(reduce, from);
const codecs = (model: PanelModel) => model.rows.map((row) => (row.kind === 'pending' ? row.codec : row.result.codec));

test('a whole run ends finished with one result row per codec, in the report’s order', () => {
  const model = replay(run.messages(1));
  assert.equal(model.phase, 'finished');
  assert.deepEqual(
    codecs(model),
    run.report.results.map((row) => row.codec),
  );
  assert.ok(model.rows.every((row) => row.kind === 'result'));
  assert.deepEqual(model.sample, run.report.input);
});

test('the same run replayed after ready keeps its rows and ends as it ended', () => {
  const finished = replay(run.messages(1));
  const replayed = replay(run.messages(1), finished);
  assert.deepEqual(replayed.rows, finished.rows);
  const midway = replay([run.messages(1)[0]!], finished);
  assert.ok(
    midway.rows.every((row) => row.kind === 'result'),
    'run-started again does not turn results back into pending rows',
  );
});

test('a run started with a lower id after an extension restart replaces the restored run', () => {
  const restored = replay(run.messages(7));
  const restarted = replay([run.messages(1)[0]!], restored);
  assert.equal(restarted.runId, 1);
  assert.equal(restarted.phase, 'running');
  assert.ok(restarted.rows.every((row) => row.kind === 'pending'));
});

test('results and endings of another run than the current one change nothing', () => {
  const current = replay([run.messages(2)[0]!]);
  for (const message of run.messages(1).slice(1)) assert.equal(reduce(current, message), current, message.phase);
  assert.equal(reduce(current, { kind: 'comparison', runId: 1, phase: 'cancelled', message: 'x' }), current);
});

test('a finished report the page never saw start is shown whole (the host answering ready)', () => {
  const finished = run.messages(3).at(-1)!;
  const model = reduce(emptyModel(), finished);
  assert.equal(model.phase, 'finished');
  assert.equal(model.run?.sampleName, 'mixed-sample.json');
  assert.equal(model.rows.length, run.report.results.length);
});

test('a codec-stage message updates only that codec’s pending row', () => {
  const [started] = run.messages(1);
  const model = reduce(reduce(emptyModel(), started!), { kind: 'comparison', runId: 1, phase: 'progress', progress: { codec: 'avsc', stage: 'encode' } });
  const stages = model.rows.map((row) => (row.kind === 'pending' ? row.stage : 'done'));
  assert.deepEqual(stages, [null, 'encode', null, null, null, null, null, null]);
});

test('a header pressed twice sorts ascending, then descending; another column starts ascending', () => {
  const once = nextSort(null, 'ratio');
  assert.deepEqual(once, { column: 'ratio', direction: 'ascending' });
  assert.deepEqual(nextSort(once, 'ratio'), { column: 'ratio', direction: 'descending' });
  assert.deepEqual(nextSort(nextSort(once, 'ratio'), 'ratio'), { column: 'ratio', direction: 'ascending' });
  assert.deepEqual(nextSort(once, 'bytes'), { column: 'bytes', direction: 'ascending' });
});

test("the first press on a speed-up column puts the fastest first, as a time column's does; the second the slowest", () => {
  const model = replay(run.messages(1));
  for (const [speedup, time] of [
    ['encodeSpeedup', 'encode'],
    ['decodeSpeedup', 'decode'],
  ] as const) {
    const codecs = (sort: SortOrder) =>
      sortRows(model.rows, sort).flatMap((row) => (row.kind === 'result' && row.result.status === 'completed' && row.result.speedupVsJson ? [row.result] : []));
    const fastest = codecs(nextSort(null, speedup));
    const bySpeedup = fastest.map((result) => result.speedupVsJson![time]);
    assert.deepEqual(
      bySpeedup,
      [...bySpeedup].sort((a, b) => b - a),
      `${speedup}: highest speed-up first`,
    );
    assert.equal(nextSort(null, speedup).direction, 'descending');
    assert.deepEqual(nextSort(nextSort(null, speedup), speedup).direction, 'ascending');
    assert.equal(nextSort(null, time).direction, 'ascending', `${time}: the shortest time first`);
  }
});

test('rows without a value stay below measured rows in both directions', () => {
  const model = replay(run.messages(1));
  for (const direction of ['ascending', 'descending'] as const) {
    for (const column of ['encode', 'remnants', 'roundTrip'] as const) {
      const last = sortRows(model.rows, { column, direction }).at(-1);
      assert.ok(last?.kind === 'result' && last.result.status === 'errored', `${column} ${direction}`);
    }
  }
});

test("a variant run after an interrupted one keeps every re-run codec's previous figures, reported or not", () => {
  const rerun = ['json', 'avsc', 'protobufjs'];
  const variantRun = (runId: number): HostEvent[] => {
    const [started, ...rest] = run.messages(runId);
    if (started?.phase !== 'started') throw new Error('a recorded run starts with its started event');
    const planned = started.started.codecs.filter((codec) => rerun.includes(codec.id));
    return [startedWith(started, { codecs: planned, rerunCodecs: rerun }), ...rest.filter((message) => rerun.includes(resultOf(message)?.codec ?? ''))];
  };
  const finished = replay(run.messages(1));
  // Cancelled after JSON's and avsc's first-round rows: protobufjs's row is still pending.
  const interrupted = variantRun(2).slice(0, 3);
  assert.deepEqual(
    interrupted.slice(1).map((message) => resultOf(message)?.codec),
    ['json', 'avsc'],
  );
  const cancelled = replay([...interrupted, { kind: 'comparison', runId: 2, phase: 'cancelled', message: 'cancelled' }], finished);
  const again = replay(variantRun(3), cancelled);
  assert.deepEqual(again.previous?.map((result) => result.codec).sort(), [...rerun].sort());
  const protobufjs = run.report.results.find((result) => result.codec === 'protobufjs');
  assert.equal(
    again.previous?.find((result) => result.codec === 'protobufjs'),
    protobufjs,
    'the figures run 2 was compared against',
  );
  assert.equal(again.previousKind, 'variant');
});

test('a variant run that supersedes one still starting (two selects changed quickly) compares every row with the last finished figures', () => {
  const variantStart = (runId: number, rerun: string[]): HostEvent => {
    const [started] = run.messages(runId);
    if (started?.phase !== 'started') throw new Error('a recorded run starts with its started event');
    return startedWith(started, { codecs: started.started.codecs.filter((codec) => rerun.includes(codec.id)), rerunCodecs: rerun });
  };
  const finished = replay(run.messages(1));
  // Integers changed (protobufjs), then doubles (avsc and protobufjs) before run 2 reported anything.
  const model = replay([variantStart(2, ['json', 'protobufjs']), variantStart(3, ['json', 'avsc', 'protobufjs'])], finished);
  const firstRun = (codec: string) => run.report.results.find((result) => result.codec === codec);
  for (const codec of ['json', 'avsc', 'protobufjs'])
    assert.equal(
      model.previous?.find((result) => result.codec === codec),
      firstRun(codec),
      codec,
    );
});

test('round trips sort exact, equivalent, nulls added, lossy', () => {
  const model = replay(run.messages(1));
  const statuses = ['lossy', 'nulls-added', 'equivalent', 'exact'] as const;
  const completed = model.rows.filter((row) => row.kind === 'result' && row.result.status === 'completed').slice(0, statuses.length);
  assert.equal(completed.length, statuses.length);
  const rows = completed.map((row, index) => {
    if (row.kind !== 'result' || row.result.status !== 'completed') throw new Error('not a completed row');
    return { ...row, result: { ...row.result, roundTrip: { status: statuses[index]!, differences: [] } } };
  });
  const sorted = sortRows(rows, { column: 'roundTrip', direction: 'ascending' });
  assert.deepEqual(
    sorted.map((row) => (row.kind === 'result' && row.result.status === 'completed' ? row.result.roundTrip.status : null)),
    ['exact', 'equivalent', 'nulls-added', 'lossy'],
  );
});

test('each run event goes to its own kind’s receiver; a page without a receiver for every kind does not compile', () => {
  const seen: string[] = [];
  const note = (event: { kind: string; runId: number; phase: string }) => void seen.push(`${event.kind} ${event.runId} ${event.phase}`);
  // @ts-expect-error the schema change has no view: `RunReceivers` is typed over every kind of run
  const incomplete: RunReceivers = { comparison: note, probes: note, sweep: note };
  assert.equal(Object.keys(incomplete).length, 3);
  const receivers: RunReceivers = { comparison: note, probes: note, sweep: note, schemaChange: note };
  receiveRun(receivers, { kind: 'sweep', runId: 3, phase: 'cancelled', message: 'the running workers and processes were stopped' });
  receiveRun(receivers, run.messages(4)[0]!);
  assert.deepEqual(seen, ['sweep 3 cancelled', 'comparison 4 started']);
});
