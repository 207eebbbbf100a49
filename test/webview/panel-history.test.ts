/**
 * The panel's history of runs in a real Chromium, fed a real comparison and a real size sweep
 * and limit search: each run its own entry, newest first; entries collapse and close from the
 * keyboard; a limit search goes beside the finished sweep; a stopped sweep keeps what arrived
 * and exports it; the entries come back after the page is made again, and the host's replay
 * joins them; a jump list leads to each comparison's sections, Re-run a few Tabs from the top.
 */
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChannelMessage } from '../../src/shared/channel';
import type { RunEventOf } from '../../src/shared/run-events';
import { tuplesSample } from '../support/paths';
import type { PanelPage } from './support/panel-harness';
import { recordSweep, type RecordedSweep } from './support/sweep-messages';
import { assertNoProblems, panelSuite } from './support/suite';

const suite = panelSuite();
let sweep: RecordedSweep | undefined;

before(async () => {
  sweep = await recordSweep(
    tuplesSample,
    ['json', 'avsc'],
    { timeBudgetMs: 20, minSamples: 3, rounds: 1, sizes: [1024, 16 * 1024] },
    { heapMb: 64, capJsonBytes: 2 ** 19 },
  );
});

type Entry = { kind: string; runId: string; phase: string; name: string };

const entries = (panel: PanelPage): Promise<Entry[]> =>
  panel.page.$$eval('.run-history > .run-entry', (sections) =>
    sections.map((section) => ({
      kind: section.getAttribute('data-kind') ?? '',
      runId: section.getAttribute('data-run-id') ?? '',
      phase: section.getAttribute('data-phase') ?? '',
      name: section.querySelector('.entry-title')?.textContent ?? '',
    })),
  );

/** The same run a second time, started later (as the host stamps it). */
const secondComparison = () => suite.run.messages(2).map((event) => (event.phase === 'started' ? { ...event, at: Date.now() } : event));

/** The recorded sweep's limit search alone, as its own run of the sweep kind. */
function limitSearch(runId: number): Array<RunEventOf<'sweep'>> {
  return sweep!.messages.flatMap((event): Array<RunEventOf<'sweep'>> => {
    const stamped = { ...event, runId };
    if (stamped.phase === 'started') return [{ ...stamped, started: { ...stamped.started, sweep: false, limits: true } }];
    if (stamped.phase === 'finished') return [{ ...stamped, report: { ...stamped.report, sizes: [], growth: [] } }];
    if (stamped.phase === 'item' && stamped.item.type !== 'limit') return [];
    if (stamped.phase === 'progress' && stamped.progress.type !== 'limit') return [];
    return [stamped];
  });
}

test('two comparisons are two entries, newest first; only the newest offers Re-run and Inspect', async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(...suite.run.messages(1));
  await panel.deliver(...secondComparison());
  const shown = await entries(panel);
  assert.deepEqual(
    shown.map(({ kind, runId, phase }) => `${kind} ${runId} ${phase}`),
    ['comparison 2 finished', 'comparison 1 finished'],
  );
  for (const entry of shown) assert.match(entry.name, /^Comparison of .+, \d/);
  // Both keep their rows; the older one's actions on the host's current run are not offered.
  assert.equal(await panel.page.locator('.run-entry table.results').count(), 2);
  const visible = (selector: string) =>
    panel.page.locator(selector).evaluateAll((nodes) => nodes.map((node) => (node as unknown as { checkVisibility(): boolean }).checkVisibility()));
  assert.deepEqual(await visible('.run-entry button[data-action="rerun"]'), [true, false]);
  assert.equal((await visible('.run-entry[data-run-id="1"] .inspect-button')).some(Boolean), false);
  assert.equal((await visible('.run-entry[data-run-id="2"] .inspect-button')).every(Boolean), true);
  await assertNoProblems(panel);
});

test('two entries share no element id: each aria-controls and aria-labelledby names an element of its own entry', async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(...suite.run.messages(1));
  await panel.page.locator('.run-entry button[data-details="avsc"]').first().click();
  await panel.deliver(...secondComparison());
  await panel.page.locator('.run-entry[data-run-id="2"] button[data-details="avsc"]').click();
  const found = await panel.page.evaluate(() => {
    // Runs in the page; the tests' tsconfig has no DOM types.
    interface Found {
      id: string;
      getAttribute(name: string): string | null;
      querySelector(selector: string): Found | null;
      querySelectorAll(selector: string): Iterable<Found>;
    }
    const document = (globalThis as unknown as { document: Found }).document;
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
    const strays: string[] = [];
    for (const entry of document.querySelectorAll('.run-entry')) {
      for (const element of entry.querySelectorAll('[aria-controls], [aria-labelledby]')) {
        const named = (element.getAttribute('aria-controls') ?? element.getAttribute('aria-labelledby') ?? '').split(' ');
        for (const id of named) if (!entry.querySelector(`[id="${id}"]`) && entry.id !== id) strays.push(id);
      }
    }
    return { repeated: ids.filter((id, index) => ids.indexOf(id) !== index), strays };
  });
  assert.deepEqual(found, { repeated: [], strays: [] });
  assert.equal(await panel.page.locator('.run-entry .details-row').count(), 2);
  await assertNoProblems(panel);
});

test('an entry collapses and closes from the keyboard, by buttons named after it', async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(...suite.run.messages(1));
  await panel.deliver(...secondComparison());
  const newest = panel.page.locator('.run-entry').first();
  const name = (await newest.locator('.entry-title').textContent())!.replace(/ finished$/, '');
  const toggle = panel.page.getByRole('button', { name: `Collapse ${name}` });
  await toggle.focus();
  await panel.page.keyboard.press('Enter');
  assert.equal(await newest.locator('.entry-toggle').getAttribute('aria-expanded'), 'false');
  assert.equal(await newest.locator('.run-entry-body').isHidden(), true);
  await panel.page.keyboard.press('Enter');
  assert.equal(await newest.locator('.run-entry-body').isVisible(), true);
  await panel.page.getByRole('button', { name: `Close ${name}` }).focus();
  await panel.page.keyboard.press('Enter');
  assert.deepEqual(
    (await entries(panel)).map((entry) => entry.runId),
    ['1'],
  );
  assert.equal(
    await panel.page.evaluate(() => (globalThis as unknown as { document: { activeElement: { className: string } } }).document.activeElement.className),
    'entry-toggle',
    'the focus goes to the next entry',
  );
  // Closing the last shows how to start again.
  await panel.page.keyboard.press('Tab');
  await panel.page.keyboard.press('Enter');
  assert.deepEqual(await entries(panel), []);
  assert.equal(await panel.page.isVisible('.empty-state'), true);
  await assertNoProblems(panel);
});

test('a limit search goes beside the finished sweep, and both stay beside the comparison', async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(...suite.run.messages(1));
  await panel.deliver(...sweep!.messages);
  await panel.deliver(...limitSearch(2));
  const shown = await entries(panel);
  assert.deepEqual(
    shown.map(({ kind, runId, phase }) => `${kind} ${runId} ${phase}`),
    ['sweep 2 finished', 'sweep 1 finished', 'comparison 1 finished'],
  );
  assert.match(shown[0]!.name, /^Payload limits of /);
  assert.match(shown[1]!.name, /^Size sweep and payload limits of /);
  const sweepEntry = panel.page.locator('.run-entry[data-kind="sweep"][data-run-id="1"]');
  assert.match((await sweepEntry.locator('.sweep-status').textContent()) ?? '', /^Finished: 2 of 2 sizes/);
  assert.equal(await sweepEntry.locator('.sweep-charts').isVisible(), true, 'the sweep keeps its plots');
  assert.match((await panel.page.locator('.run-entry[data-run-id="2"] .sweep-status').textContent()) ?? '', /^Finished: 2 of 2 limits/);
  await assertNoProblems(panel);
});

test('a stopped sweep keeps the sizes that arrived, and exports them with its run named', async (t) => {
  const panel = await suite.open(t);
  const messages = sweep!.messages;
  const firstSize = messages.findIndex((event) => event.phase === 'item' && event.item.type === 'size-done');
  await panel.deliver(...messages.slice(0, firstSize + 1), {
    kind: 'sweep',
    runId: 1,
    phase: 'cancelled',
    message: 'the running workers and processes were stopped',
  });
  assert.match((await panel.page.textContent('.sweep-status')) ?? '', /^Cancelled: .*1 of 2 sizes/);
  assert.equal(await panel.page.locator('table.sweep-table tbody tr').count(), 2, 'both codecs at the first size, in the table view');
  assert.equal(await panel.page.isDisabled('button[data-action="sweep-export-clipboard"]'), false, 'partial results can be exported');
  await panel.page.click('button[data-action="sweep-export-clipboard"]');
  const request = (await panel.posted()).at(-1) as Extract<ChannelMessage, { channel: 'request' }>;
  assert.deepEqual(
    { method: request.method, params: request.params },
    { method: 'export-sweep', params: { format: 'csv', destination: 'clipboard', run: { runId: 1, at: null } } },
  );
  await assertNoProblems(panel);
});

test('the entries come back when the page is made again; the host replaying its current run joins its entry', async (t) => {
  const panel = await suite.open(t);
  const second = secondComparison();
  await panel.deliver(...suite.run.messages(1));
  await panel.deliver(...sweep!.messages);
  await panel.deliver(...second);
  const before = await entries(panel);
  await panel.page.reload();
  assert.deepEqual(await entries(panel), before, 'back from the saved state before any host message');
  // The host replays each kind's current run after ready: the same runs, no new entries.
  await panel.deliver(...sweep!.messages, ...second);
  assert.deepEqual(await entries(panel), before);
  await assertNoProblems(panel);
});

test('each comparison has a jump list to its sections; Re-run is a few Tabs from the top', async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(...sweep!.messages);
  await panel.deliver(...suite.run.messages(1));
  const jumps = panel.page.locator('.run-entry[data-kind="comparison"] nav.entry-jumps');
  assert.match((await jumps.getAttribute('aria-label')) ?? '', /^Sections of Comparison of /);
  assert.deepEqual(await jumps.locator('a').allTextContents(), ['Actions', 'Verdict', 'Table', 'Charts']);
  for (const [name, role] of [
    ['Verdict', 'region'],
    ['Table', 'region'],
    ['Charts', 'region'],
    ['Actions', 'region'],
  ] as const) {
    await jumps.getByRole('link', { name }).focus();
    await panel.page.keyboard.press('Enter');
    const focused = await panel.page.evaluate(() => {
      const active = (globalThis as unknown as { document: { activeElement: { getAttribute(a: string): string | null; tagName: string } } }).document
        .activeElement;
      return { role: active.getAttribute('role') ?? (active.tagName === 'SECTION' ? 'region' : active.tagName) };
    });
    assert.equal(focused.role, role, `${name} takes the focus`);
  }
  // From the top of the page: the newest entry's toggle, close, the jump list, then its actions.
  await panel.page.evaluate(() => (globalThis as unknown as { document: { activeElement: { blur(): void } } }).document.activeElement.blur());
  let presses = 0;
  for (; presses < 20; presses++) {
    const action = await panel.page.evaluate(() =>
      (globalThis as unknown as { document: { activeElement: { getAttribute(a: string): string | null } } }).document.activeElement.getAttribute('data-action'),
    );
    if (action === 'rerun') break;
    await panel.page.keyboard.press('Tab');
  }
  assert.ok(presses <= 8, `Re-run took ${presses} Tab presses`);
  await assertNoProblems(panel);
});
