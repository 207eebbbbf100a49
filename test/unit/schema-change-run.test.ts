/**
 * Check Schema Change as a kind of run (src/host/schema-change-run.ts) on the host's real
 * RunLifecycle, with the evolution engine in a real codec worker (dist/codec-worker.js): what
 * the panel is told and in which order, the values a changed field is read as (checked against
 * the wire format's own arithmetic), the user's sample read in the worker, a version that does
 * not load named with its version and line, and a cancel that stops the worker.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { liveWorkerCount } from '../../src/engine/worker-launch';
import { describeProblem, locateProblems } from '../../src/host/schema-change-run';
import type { EvolutionCell } from '../../src/shared/evolution';
import { itemsWithBrokenNewVersion, itemsXToSint32, itemsXToSint32Request, recordingHost } from '../support/schema-change-runs';
import { tuplesSample, workerScript } from '../support/paths';

const cellsOf = (messages: Awaited<ReturnType<typeof itemsXToSint32>>['messages']): EvolutionCell[] =>
  messages.flatMap((message) => (message.phase === 'item' && message.item.type === 'cell' ? [message.item.cell] : []));

test('a run tells the panel its versions, its records read, each cell as it is done, then the report', async () => {
  const { report, messages, errors } = await itemsXToSint32();
  assert.deepEqual(errors, []);
  assert.ok(report);
  const phases = messages.map((message) => message.phase);
  assert.equal(phases[0], 'started');
  assert.equal(phases.at(-1), 'finished');
  const started = messages[0]!.phase === 'started' ? messages[0]!.started : undefined;
  assert.deepEqual(
    started?.versions.map((version) => [version.label, version.origin.kind]),
    [
      ['old', 'git'],
      ['new', 'working'],
    ],
  );
  assert.equal(started?.sampleName, '20 records generated from each version (seed 1)');
  // Records read only grow, up to their total; each cell arrives once, as the report has it. A
  // slow machine adds reports within a cell (the worker yields on time), so at least one per cell.
  const progress = messages.flatMap((message) => (message.phase === 'progress' ? [message.progress] : []));
  assert.ok(progress.length >= 4, `${progress.length} progress reports`);
  assert.deepEqual(
    progress.map((each) => each.done),
    [...progress.map((each) => each.done)].sort((a, b) => a - b),
  );
  assert.equal(progress.at(-1)!.done, progress.at(-1)!.total);
  assert.deepEqual(
    cellsOf(messages).map((cell) => [cell.writer, cell.reader, cell.verdict]),
    [
      [0, 0, 'equal'],
      [0, 1, 'reinterpreted'],
      [1, 0, 'reinterpreted'],
      [1, 1, 'equal'],
    ],
  );
  assert.deepEqual(cellsOf(messages), report.cells);
  assert.equal(report.pairs[0]!.mode, 'NONE');
});

test("x changed from int32 to sint32: the values each reader gives back are the wire format's zigzag arithmetic on the same varint", async () => {
  const { report } = await itemsXToSint32();
  const [, oldDataNewReader, newDataOldReader] = report!.cells;
  const [asZigzag] = oldDataNewReader!.readings[0]!.reinterpreted;
  assert.equal(asZigzag!.path, '$.items[*].x');
  assert.ok(asZigzag!.examples.length > 0);
  for (const { written, read } of asZigzag!.examples) {
    // An int32 written as a plain varint (a negative one sign-extended to 64 bits), read as zigzag (sint32).
    const n = written as number;
    assert.equal(read, (n >>> 1) ^ -(n & 1));
  }
  const [asPlain] = newDataOldReader!.readings[0]!.reinterpreted;
  for (const { written, read } of asPlain!.examples) {
    // A sint32 written zigzag, read as a plain int32: n ≥ 0 comes back 2n, n < 0 as -2n - 1.
    const n = written as number;
    assert.equal(read, n >= 0 ? 2 * n : -2 * n - 1);
  }
});

test("the user's sample is read in the worker and written by each version it fits", async () => {
  const { runs, errors } = recordingHost();
  const report = await runs.run({
    ...itemsXToSint32Request({ kind: 'sample', name: 'tuples.json', bytes: { path: tuplesSample, kind: 'json' } }),
    workerScript,
  });
  assert.deepEqual(errors, []);
  assert.deepEqual(
    report!.sample.perWriter.map((writer) => writer.source),
    ['sample', 'sample'],
  );
  // The sample's x are small and positive: read as zigzag, 1 comes back -1 (and 2 as 1, 3 as -2).
  const example = report!.cells[1]!.readings[0]!.reinterpreted[0]!.examples[0]!;
  assert.deepEqual([example.path, example.written, example.read], ['$.items[0].x', 1, -1]);
});

test('a version that does not load: the panel gets the problem with its version and line, then the run fails naming both', async () => {
  const { report, messages, errors } = await itemsWithBrokenNewVersion();
  assert.equal(report, undefined);
  assert.deepEqual(
    messages.map((message) => message.phase),
    ['started', 'item', 'failed'],
  );
  const item = messages[1]!.phase === 'item' ? messages[1]!.item : undefined;
  assert.equal(item?.type, 'problems');
  const [problem] = item?.type === 'problems' ? item.problems : [];
  assert.deepEqual(
    { ...problem, path: undefined },
    { version: 'new', versionIndex: 1, opens: true, line: 6, column: 14, message: "illegal id ';'", path: undefined },
  );
  assert.match(errors[0] ?? '', /schemas\/Items\.proto:6:14: illegal id ';' \(the new version: the editor, with unsaved edits\)$/);
});

test('locateProblems: a problem in a file a version imports names its version but does not open it at the line', () => {
  const request = itemsXToSint32Request();
  const located = locateProblems(
    [
      { version: 'old', path: '/w/common.proto', line: 3, column: 1, message: 'illegal token' },
      { path: request.versions[1]!.input.path, line: 1, column: 1, message: 'no message type in common' },
    ],
    request.versions,
  );
  assert.deepEqual(
    located.map((problem) => [problem.versionIndex, problem.opens]),
    [
      [0, false],
      [undefined, false],
    ],
  );
  assert.equal(describeProblem(located[0]!, request.versions), 'illegal token (the old version: HEAD (a1b2c3d))');
});

test('Stop during the reading: the run ends cancelled and its worker is gone', async () => {
  const { runs, messages } = recordingHost();
  const running = runs.run({ ...itemsXToSint32Request({ kind: 'generated', count: 20_000, seed: 3 }), workerScript });
  // Cancel once the first cell is read: three cells are still to come.
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      if (messages.some((message) => message.phase === 'item')) {
        clearInterval(timer);
        resolve();
      }
    }, 5);
  });
  runs.cancel();
  assert.equal(await running, undefined);
  assert.deepEqual(messages.at(-1), { kind: 'schemaChange', runId: 1, phase: 'cancelled', message: 'the worker reading the records was stopped' });
  assert.ok(messages.filter((message) => message.phase === 'item').length < 4);
  assert.equal(liveWorkerCount(), 0);
});
