/**
 * The panel's rules about runs, without a browser: which host messages change what the panel
 * shows, which are stale, and how rows sort. Fed the messages of a real engine run.
 */
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { emptyModel, nextSort, type PanelModel, reduce } from '../../webview/model';
import { sortRows } from '../../webview/sorting';
import type { HostToWebview } from '../../src/shared/protocol';
import { type RecordedRun, recordRealRun } from './support/real-run';

type HostEvent = Exclude<HostToWebview, { type: 'reply' }>;

let run: RecordedRun;
before(async () => {
  run = await recordRealRun();
});

const replay = (messages: HostEvent[], from: PanelModel = emptyModel()) => messages.reduce(reduce, from);
const codecs = (model: PanelModel) => model.rows.map((row) => (row.kind === 'pending' ? row.codec : row.result.codec));

test('a whole run ends finished with one result row per codec, in the report’s order', () => {
  const model = replay(run.messages(1));
  assert.equal(model.phase, 'finished');
  assert.deepEqual(codecs(model), run.report.results.map((row) => row.codec));
  assert.ok(model.rows.every((row) => row.kind === 'result'));
  assert.deepEqual(model.sample, run.report.input);
});

test('the same run replayed after ready keeps its rows and ends as it ended', () => {
  const finished = replay(run.messages(1));
  const replayed = replay(run.messages(1), finished);
  assert.deepEqual(replayed.rows, finished.rows);
  const midway = replay([run.messages(1)[0]!], finished);
  assert.ok(midway.rows.every((row) => row.kind === 'result'), 'run-started again does not turn results back into pending rows');
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
  for (const message of run.messages(1).slice(1)) assert.equal(reduce(current, message), current, message.type);
  assert.equal(reduce(current, { type: 'run-ended', runId: 1, outcome: 'cancelled', message: 'x' }), current);
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
  const model = reduce(reduce(emptyModel(), started!), { type: 'codec-stage', runId: 1, codec: 'avsc', stage: 'encode' });
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

test('rows without a value stay below measured rows in both directions', () => {
  const model = replay(run.messages(1));
  for (const direction of ['ascending', 'descending'] as const) {
    for (const column of ['encode', 'remnants', 'roundTrip'] as const) {
      const last = sortRows(model.rows, { column, direction }).at(-1);
      assert.ok(last?.kind === 'result' && last.result.status === 'errored', `${column} ${direction}`);
    }
  }
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
