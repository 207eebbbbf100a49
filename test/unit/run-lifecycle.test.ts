/**
 * The lifecycle every kind of run shares (src/host/run-lifecycle.ts), driven with a real
 * RunSlot, the panel's real replay buffer (src/panel/run-replay.ts) behind a fake panel, and a
 * fake editor that records its log, notifications and Cancel: what a run tells the page, what
 * a page that loads again gets, what the log says once, and who runs when requests overlap.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CancelledError } from '../../src/shared/cancelled';
import { type RunContext, type RunHost, type RunKindSpec, type RunPanel, RunLifecycle } from '../../src/host/run-lifecycle';
import { parseSampleText } from '../../src/input/parse-sample';
import { RunReplay } from '../../src/panel/run-replay';
import type { RunEvent, RunKind } from '../../src/shared/run-events';
import type { SweepStarted } from '../../src/shared/sweep-events';
import type { CodecLimit, SweepReport } from '../../src/shared/sweep';
import { limitsOnlyReport } from '../../src/engine/sweep';
import { stoppedSweep } from '../../src/host/partial-reports';

/** The panel: keeps what it sends for a page that loads again, as ResultsPanel does. */
class FakePanel implements RunPanel {
  private readonly replay = new RunReplay();
  /** What the page on show now has received. */
  page: RunEvent[] = [];
  emitRun(event: RunEvent): void {
    this.replay.record(event);
    this.page.push(event);
  }

  /** VS Code destroyed the hidden page and made a new one, which said ready. */
  recreatePage(): void {
    this.page = this.replay.events();
  }
}

function fakeEditor() {
  const panel = new FakePanel();
  const record = {
    panel,
    log: [] as string[],
    errors: [] as string[],
    busy: [] as string[],
    titles: [] as string[],
    notices: [] as string[],
    cancelButtons: [] as Array<() => void>,
    stored: new Map<string, unknown>(),
  };
  const host: RunHost<FakePanel> = {
    showPanel: () => panel,
    openPanel: () => panel,
    withProgress: (title, work) => {
      record.titles.push(title);
      return work({ report: (message) => record.notices.push(message), onCancel: (listener) => record.cancelButtons.push(listener) });
    },
    log: {
      info: (line) => record.log.push(`info ${line}`),
      warn: (line) => record.log.push(`warn ${line}`),
      error: (line) => record.log.push(`error ${line}`),
    },
    showError: (message) => record.errors.push(message),
    setBusy: (kind: RunKind, busy: boolean) => record.busy.push(`${kind} ${busy}`),
    storage: { get: <T>(key: string) => record.stored.get(key) as T | undefined, update: (key, value) => record.stored.set(key, value) },
  };
  return { host, record };
}

const STARTED: SweepStarted = {
  sampleName: 'orders.json',
  sampleLocation: '/w/orders.json',
  sweep: false,
  limits: true,
  codecs: [{ id: 'json', label: 'JSON' }],
};
const REPORT: SweepReport = limitsOnlyReport('/w/orders.json');

/** A limit search that has tried two sizes and waits, until cancelled, for `finish` (or forever). */
function searching(finish?: Promise<void>) {
  return async (request: string, run: RunContext<'sweep', FakePanel>): Promise<SweepReport> => {
    run.start({ ...STARTED, sampleName: request }, `${request} with json`);
    run.progress({ type: 'limit', codec: 'json', step: 1, tryingJsonBytes: 1024, encodedJsonBytes: null, decodedJsonBytes: null });
    run.progress({ type: 'limit', codec: 'json', step: 1, tryingJsonBytes: null, encodedJsonBytes: 1024, decodedJsonBytes: 1024 });
    run.item({ type: 'planned', sizes: [], notes: [{ code: 'repeat-compression' }] });
    run.progress({ type: 'limit', codec: 'json', step: 2, tryingJsonBytes: 2048, encodedJsonBytes: 1024, decodedJsonBytes: 1024 });
    await new Promise<void>((resolve, reject) => {
      void finish?.then(resolve);
      // Stopping takes a few turns of the event loop, as ending a process does.
      run.signal.addEventListener('abort', () => setImmediate(() => reject(new CancelledError('cancelled'))));
    });
    return REPORT;
  };
}

function sweeps(work: RunKindSpec<'sweep', string, FakePanel>['work']): RunKindSpec<'sweep', string, FakePanel> {
  return {
    kind: 'sweep',
    logName: 'sweep',
    title: (request) => `finding payload limits of ${request}`,
    cancelled: 'the running workers and processes were stopped',
    storageKey: 'last-sweep',
    work,
  };
}

const phases = (events: RunEvent[]) => events.map((event) => `${event.kind} ${event.runId} ${event.phase}`);

test('Cancel on the notification stops the run: the page is told once, the log says cancelled once, no error is shown', async () => {
  const { host, record } = fakeEditor();
  const lifecycle = new RunLifecycle(sweeps(searching()), host);
  const running = lifecycle.run('orders.json');
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(lifecycle.busy, true);
  assert.deepEqual(record.titles, ['finding payload limits of orders.json']);
  record.cancelButtons[0]!();
  assert.equal(await running, undefined);
  const ending = record.panel.page.at(-1);
  assert.deepEqual(ending, { kind: 'sweep', runId: 1, phase: 'cancelled', message: 'the running workers and processes were stopped' });
  assert.deepEqual(record.log, ['info sweep 1: orders.json with json', 'info sweep 1: cancelled']);
  assert.deepEqual(record.errors, []);
  assert.deepEqual(record.busy, ['sweep true', 'sweep false']);
  assert.equal(lifecycle.lastReport, undefined, 'a cancelled run leaves no report to export');
});

test('a page re-created mid-run gets the run again: its start, every item, the latest progress; then the finish', async () => {
  const { host, record } = fakeEditor();
  let finish = () => undefined as void;
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const lifecycle = new RunLifecycle(sweeps(searching(finished)), host);
  const running = lifecycle.run('orders.json');
  await new Promise((resolve) => setImmediate(resolve));
  record.panel.recreatePage();
  assert.deepEqual(phases(record.panel.page), ['sweep 1 started', 'sweep 1 item', 'sweep 1 progress']);
  const progress = record.panel.page.at(-1);
  assert.ok(progress?.phase === 'progress' && progress.kind === 'sweep' && progress.progress.type === 'limit');
  assert.deepEqual([progress.progress.step, progress.progress.tryingJsonBytes], [2, 2048], 'the latest progress');

  // A run of another kind meanwhile: each kind is replayed, neither replaces the other.
  const probes = new RunLifecycle<'probes', void, FakePanel>(
    {
      kind: 'probes',
      logName: 'probes',
      title: () => 'probing libraries',
      cancelled: 'the probe processes were stopped',
      work: async () => {
        throw new Error('/x/dist/probe-process.js is missing: build the bundles first (npm run build)');
      },
    },
    host,
  );
  await probes.run();
  finish();
  assert.equal(await running, REPORT);
  record.panel.recreatePage();
  assert.deepEqual(phases(record.panel.page), ['sweep 1 started', 'sweep 1 item', 'sweep 1 progress', 'sweep 1 finished', 'probes 1 failed']);
  assert.equal(lifecycle.lastReport, REPORT);
  assert.equal(record.stored.get('last-sweep'), REPORT, 'kept for Export after a window reload');
});

test('a failure is logged once: a fault as an error with its stack, an input problem as one warning line; each shown once', async () => {
  const { host, record } = fakeEditor();
  const fault = new TypeError('Cannot read properties of undefined');
  let thrown: unknown = fault;
  const lifecycle = new RunLifecycle(
    sweeps(async (request, run) => {
      run.start({ ...STARTED, sampleName: request }, request);
      throw thrown;
    }),
    host,
  );
  assert.equal(await lifecycle.run('orders.json'), undefined);
  const errors = record.log.filter((line) => !line.startsWith('info'));
  assert.equal(errors.length, 1);
  assert.match(errors[0]!, /^error sweep 1: TypeError: Cannot read properties of undefined\n\s+at /);
  assert.deepEqual(record.errors, ['Payload Lab: Cannot read properties of undefined']);
  assert.deepEqual(record.panel.page.at(-1), { kind: 'sweep', runId: 1, phase: 'failed', message: 'Cannot read properties of undefined' });

  try {
    parseSampleText('[{"id": 1,}]', 'json', '/w/broken.json');
  } catch (error) {
    thrown = error;
  }
  assert.ok(thrown !== fault, 'the parser threw');
  await lifecycle.run('broken.json');
  const second = record.log.filter((line) => line.startsWith('warn') || line.startsWith('error sweep 2'));
  assert.equal(second.length, 1);
  assert.match(second[0]!, /^warn sweep 2: input problem: .*broken\.json:1:11/);
  assert.doesNotMatch(second[0]!, /\n/, 'no stack');
  assert.equal(record.errors.length, 2);
  assert.equal(record.panel.page.filter((event) => event.phase === 'failed').length, 2, 'one failed event per run');
});

test('a run overtaken by newer requests says it was cancelled; of the requests made while it stopped, only the last runs', async () => {
  const { host, record } = fakeEditor();
  const lifecycle = new RunLifecycle(sweeps(searching()), host);
  const first = lifecycle.run('first.json');
  await new Promise((resolve) => setImmediate(resolve));
  const second = lifecycle.run('second.json');
  const third = lifecycle.run('third.json');
  assert.equal(await first, undefined);
  assert.equal(await second, undefined, 'overtaken before it started');
  await new Promise((resolve) => setImmediate(resolve));
  const started = record.panel.page.flatMap((event) =>
    event.phase === 'started' && event.kind === 'sweep' ? [`${event.runId} ${event.started.sampleName}`] : [],
  );
  assert.deepEqual(started, ['1 first.json', '2 third.json'], 'the next id goes to the last request');
  assert.deepEqual(
    phases(record.panel.page).filter((phase) => !phase.endsWith('progress') && !phase.endsWith('item')),
    ['sweep 1 started', 'sweep 1 cancelled', 'sweep 2 started'],
    'never two at once',
  );
  assert.deepEqual(record.titles, ['finding payload limits of first.json', 'finding payload limits of third.json']);
  lifecycle.cancel();
  assert.equal(await third, undefined);
  assert.deepEqual(record.busy.at(-1), 'sweep false');
  assert.ok(!record.busy.slice(0, -1).includes('sweep false'), 'Cancel Run stays enabled while the next run waits');
});

test('a stopped run keeps what it found for Export of its entry, never as the last report Re-run compares with', async () => {
  const { host, record } = fakeEditor();
  const spec = { ...sweeps(searching()), partialReport: stoppedSweep };
  const lifecycle = new RunLifecycle(spec, host);
  const running = lifecycle.run('orders.json');
  await new Promise((resolve) => setImmediate(resolve));
  record.cancelButtons[0]!();
  assert.equal(await running, undefined);
  const started = record.panel.page[0];
  assert.ok(started?.phase === 'started' && typeof started.at === 'number', 'the start says when');
  // The search tried sizes but found no limit and measured no size: nothing to export.
  assert.equal(lifecycle.reportOf({ runId: 1, at: started.at }), undefined);
  assert.equal(lifecycle.lastReport, undefined);
});

test('each run of the history is exported by its id and start: a finished one, and a stopped one with the limits it found', async () => {
  const { host, record } = fakeEditor();
  let call = 0;
  const limit: CodecLimit = { codec: 'json', label: 'JSON', encodeMaxJsonBytes: 1024, decodeMaxJsonBytes: 1024, failure: null, capped: false, trials: 3 };
  const spec = sweeps(async (request, run) => {
    call += 1;
    run.start({ ...STARTED, sampleName: request }, request);
    if (call === 1) return REPORT;
    run.item({ type: 'limit', limit, settings: { heapMb: 64, observedHeapLimitMb: null, capJsonBytes: 2048, timeoutMs: 0 } });
    throw new CancelledError('cancelled');
  });
  const lifecycle = new RunLifecycle({ ...spec, partialReport: stoppedSweep }, host);
  assert.equal(await lifecycle.run('a.json'), REPORT);
  assert.equal(await lifecycle.run('b.json'), undefined);
  const [first, second] = record.panel.page
    .filter((event) => event.phase === 'started')
    .map((event) => ({ runId: event.runId, at: event.phase === 'started' ? (event.at ?? null) : null }));
  assert.equal(lifecycle.reportOf(first), REPORT);
  const stopped = lifecycle.reportOf(second);
  assert.deepEqual(stopped?.limits, [limit]);
  assert.equal(stopped?.limitSettings?.heapMb, 64);
  assert.equal(lifecycle.reportOf({ runId: 2, at: 1 }), undefined, 'a run of an earlier host with the same id is not this one');
  assert.equal(lifecycle.lastReport, REPORT, 'Re-run still compares with the finished run');
});
