/**
 * The first round's pipeline: timing runs alone, the untimed steps of two codecs overlap, rows
 * keep the round's order; with steps that take real time, and with real workers and libraries.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { runPipeline, type PipelineSteps } from '../../src/engine/first-round-pipeline';
import { compareSample } from '../../src/engine/compare';
import { liveWorkerCount } from '../../src/engine/worker-launch';
import { FAST, tuplesSample } from '../support/paths';

type Step = 'open' | 'time' | 'finish' | 'abandon';

interface Span {
  item: string;
  step: Step;
  start: number;
  end: number;
}

/** Steps that each take `ms` of real time and record when they ran. */
function recordingSteps(
  ms: Record<Exclude<Step, 'abandon'>, number>,
  fail?: { item: string; step: Step },
): { steps: PipelineSteps<string, string>; spans: Span[]; running: () => number } {
  const spans: Span[] = [];
  let inFlight = 0;
  const run = async (item: string, step: Step, duration: number) => {
    const span: Span = { item, step, start: performance.now(), end: Number.NaN };
    inFlight++;
    try {
      await sleep(duration);
      if (fail && fail.item === item && fail.step === step) throw new Error(`${step} of ${item} failed`);
    } finally {
      span.end = performance.now();
      spans.push(span);
      inFlight--;
    }
  };
  return {
    spans,
    running: () => inFlight,
    steps: {
      open: async (item) => {
        await run(item, 'open', ms.open);
        return item;
      },
      time: (item) => run(item, 'time', ms.time),
      finish: (item) => run(item, 'finish', ms.finish),
      abandon: (item) => run(item, 'abandon', 0),
    },
  };
}

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

test('the pipeline times each item alone, in order, and opens the next item while the previous one finishes', async () => {
  const items = ['json', 'avsc', 'msgpackr', 'v8'];
  const { steps, spans } = recordingSteps({ open: 40, time: 20, finish: 40 });
  await runPipeline(items, steps);

  const timings = spans.filter((span) => span.step === 'time');
  assert.deepEqual(
    timings.map((span) => span.item),
    items,
    'timed in the given order',
  );
  assert.deepEqual(
    spans.filter((span) => span.step === 'finish').map((span) => span.item),
    items,
    'finished in the given order',
  );
  for (const timing of timings) {
    const beside = spans.filter((span) => span !== timing && overlaps(span, timing));
    assert.deepEqual(beside, [], `nothing runs while ${timing.item} is timed`);
  }
  for (let index = 1; index < items.length; index++) {
    const open = spans.find((span) => span.step === 'open' && span.item === items[index])!;
    const finish = spans.find((span) => span.step === 'finish' && span.item === items[index - 1])!;
    assert.ok(overlaps(open, finish), `${items[index]} opens while ${items[index - 1]} finishes`);
  }
});

test('the first item can arrive already opening (the host opens it while it reads the sample)', async () => {
  const { steps, spans } = recordingSteps({ open: 5, time: 5, finish: 5 });
  const opened: string[] = [];
  await runPipeline(['json', 'v8'], { ...steps, open: (item) => (opened.push(item), steps.open(item)) }, Promise.resolve('json'));
  assert.deepEqual(opened, ['v8'], 'the first item is not opened twice');
  assert.deepEqual(
    spans.filter((span) => span.step === 'time').map((span) => span.item),
    ['json', 'v8'],
  );
});

test('a step that throws ends the pipeline once every step in flight has settled, and opened items are abandoned', async () => {
  const { steps, spans, running } = recordingSteps({ open: 30, time: 10, finish: 30 }, { item: 'b', step: 'time' });
  await assert.rejects(runPipeline(['a', 'b', 'c'], steps), /time of b failed/);
  assert.equal(running(), 0, 'no step is left running');
  assert.deepEqual(
    spans.filter((span) => span.step === 'finish').map((span) => span.item),
    ['a'],
    'a finished; b was never finished',
  );
  assert.deepEqual(
    spans.filter((span) => span.step === 'abandon').map((span) => span.item),
    ['b'],
    'b, opened, was abandoned',
  );
  assert.ok(!spans.some((span) => span.item === 'c'), 'c was never opened');
});

test('with real workers, each codec opens after the previous one timed and times after the previous row arrived', async () => {
  const events: string[] = [];
  const report = await compareSample(
    { path: tuplesSample },
    {
      ...FAST,
      codecs: ['json', 'msgpackr', 'cbor-x', 'v8'],
      onStage: (codec, stage) => {
        if (stage === 'input' || stage === 'measure') events.push(`${stage} ${codec}`);
      },
      onResult: (row) => events.push(`row ${row.codec}`),
    },
  );
  assert.deepEqual(
    report.results.map((row) => row.status),
    ['completed', 'completed', 'completed', 'completed'],
  );
  const at = (event: string) => {
    const index = events.indexOf(event);
    assert.ok(index >= 0, `${event} in ${events.join(', ')}`);
    return index;
  };
  const codecs = ['json', 'msgpackr', 'cbor-x', 'v8'];
  assert.deepEqual(
    events.filter((event) => event.startsWith('row ')),
    codecs.map((codec) => `row ${codec}`),
    'rows arrive in the round order',
  );
  for (let index = 1; index < codecs.length; index++) {
    const [previous, codec] = [codecs[index - 1]!, codecs[index]!];
    assert.ok(at(`input ${codec}`) > at(`measure ${previous}`), `${codec} opens after ${previous} started timing: ${events.join(', ')}`);
    assert.ok(at(`measure ${codec}`) > at(`row ${previous}`), `${codec} times after ${previous} finished: ${events.join(', ')}`);
  }
  assert.equal(liveWorkerCount(), 0, 'every worker of the run has exited');
});
