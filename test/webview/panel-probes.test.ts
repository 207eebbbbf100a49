/**
 * The probes view in a real Chromium, fed the messages of a real probe run (avsc and msgpackr,
 * a "__proto__" key and crafted length prefixes: avsc really aborts on one): cells as the
 * report says, the limits, details by keyboard, Stop while running, and results that outlive
 * a new comparison run and a reload of the page.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { runProbes } from '../../src/probes/run-probes';
import { describeProbeLimits, PROBE_OUTCOME_WORDS, type ProbeReport, type ProbeResult } from '../../src/shared/probes';
import type { RunEventOf } from '../../src/shared/run-events';
import { repoRoot } from '../support/paths';
import type { PanelPage } from './support/panel-harness';
import { assertNoProblems, panelSuite } from './support/suite';

const suite = panelSuite();

interface RecordedProbes {
  report: ProbeReport;
  /** Started, each result as it came, finished: stamped with this id. */
  messages(probeRunId: number): Array<RunEventOf<'probes'>>;
}

/** One real probe run per file, started at load: it takes a while (a crafted input hangs avsc). */
async function recordProbeRun(): Promise<RecordedProbes> {
  const events: Array<RunEventOf<'probes'>> = [];
  const report = await runProbes({
    childScript: path.join(repoRoot, 'dist', 'probe-process.js'),
    codecs: ['avsc', 'msgpackr'],
    probes: ['proto-key', 'crafted-lengths'],
    timeoutMs: 8_000,
    memoryLimitMb: 128,
    onStart: (plan) => events.push({ kind: 'probes', runId: 0, phase: 'started', started: plan }),
    onResult: (result) => events.push({ kind: 'probes', runId: 0, phase: 'item', item: result }),
  });
  const all: Array<RunEventOf<'probes'>> = [...events, { kind: 'probes', runId: 0, phase: 'finished', report }];
  return { report, messages: (probeRunId) => all.map((message) => ({ ...message, runId: probeRunId })) };
}

const recording = recordProbeRun();

/** A panel showing the recorded comparison run (the toolbar shows with a run). */
async function panelWithRun(t: Parameters<typeof suite.open>[0]): Promise<PanelPage> {
  const panel = await suite.open(t);
  await panel.deliver(...suite.run.messages(1));
  return panel;
}

const cell = (panel: PanelPage, result: Pick<ProbeResult, 'codec' | 'probe'>) =>
  panel.page.locator(`table.probes button[data-codec="${result.codec}"][data-probe="${result.probe}"]`);

/** What a cell says: the outcome's words, + when it had more than one effect. */
const cellText = (result: ProbeResult) =>
  `${PROBE_OUTCOME_WORDS[result.outcome]}${result.effects.filter((effect) => effect !== 'preserved').length > 1 ? '+' : ''}`;

test('Probe libraries calls probe-libraries on the host', async (t) => {
  const panel = await panelWithRun(t);
  await panel.page.click('button[data-action="probe-libraries"]');
  assert.deepEqual(await panel.calls(), ['ready', 'probe-libraries']);
  assert.equal(await panel.page.isHidden('section.probes-section'), true, 'nothing to show before the host answers');
  await assertNoProblems(panel);
});

test('each cell says the outcome the report gives; avsc’s crafted lengths read how its process ended', async (t) => {
  const { report, messages } = await recording;
  const panel = await panelWithRun(t);
  await panel.deliver(...messages(1));
  const headers = await panel.page.$$eval('table.probes thead th', (cells) => cells.map((c) => c.textContent));
  assert.deepEqual(headers, ['Probe', ...report.codecs.map((codec) => codec.codec)]);
  const rows = await panel.page.$$eval('table.probes tbody th[scope="row"]', (cells) => cells.map((c) => c.textContent));
  assert.deepEqual(
    rows,
    report.probes.map((probe) => probe.title),
  );
  assert.equal(report.results.length, 4);
  for (const result of report.results) {
    assert.equal(await cell(panel, result).getAttribute('data-outcome'), result.outcome);
    assert.equal(await cell(panel, result).textContent(), cellText(result));
    assert.equal(await cell(panel, result).getAttribute('title'), result.detail);
  }
  const avsc = report.results.find((result) => result.codec === 'avsc' && result.probe === 'crafted-lengths')!;
  // Out of memory (crashed) or past the limit (timeout): which one depends on the machine's load.
  assert.ok(avsc.outcome === 'crashed' || avsc.outcome === 'timeout', `avsc's process ended on a crafted block count: ${avsc.outcome}`);
  assert.match((await cell(panel, avsc).textContent()) ?? '', new RegExp(`^${avsc.outcome}`));
  assert.match((await panel.page.textContent('.probe-status')) ?? '', /^Probed 2 codecs with 2 probes$/);
  await assertNoProblems(panel);
});

test('the limits line states the heap limit, whether it held, and the time per input', async (t) => {
  const { report, messages } = await recording;
  const panel = await panelWithRun(t);
  const all = messages(1);
  await panel.deliver(all[0]!);
  assert.equal(
    await panel.page.textContent('.probe-limits'),
    `Each codec runs in a child process: ${describeProbeLimits(all[0]!.phase === 'started' ? all[0]!.started.limits : report.limits)}.`,
  );
  await panel.deliver(...all.slice(1));
  assert.equal(report.limits.heapLimitHeld, true, 'under Node the limit holds');
  assert.equal(await panel.page.textContent('.probe-limits'), `Each codec runs in a child process: ${describeProbeLimits(report.limits)}.`);
  assert.match((await panel.page.textContent('.probe-limits')) ?? '', /heap limit 128 MB \(held: V8 reports \d+ MB/);
  await assertNoProblems(panel);
});

test('a cell’s detail is reachable by keyboard: Tab to the cell, Enter shows it below the table', async (t) => {
  const { report, messages } = await recording;
  const panel = await panelWithRun(t);
  await panel.deliver(...messages(1));
  const avsc = report.results.find((result) => result.codec === 'avsc' && result.probe === 'crafted-lengths')!;
  const target = cell(panel, avsc);
  const focusedCell = () =>
    panel.page.evaluate(() => {
      // Runs in the page; the test's tsconfig has no DOM types.
      const active = (globalThis as unknown as { document: { activeElement: { dataset: Record<string, string | undefined> } | null } }).document.activeElement;
      return active?.dataset['probe'] ? `${active.dataset['codec']} ${active.dataset['probe']}` : null;
    });
  await panel.page.focus('button[data-action="probe-libraries"]');
  for (let presses = 0; presses < 40 && (await focusedCell()) !== 'avsc crafted-lengths'; presses++) await panel.page.keyboard.press('Tab');
  assert.equal(await focusedCell(), 'avsc crafted-lengths', 'the cell is reachable with Tab');
  await panel.page.keyboard.press('Enter');
  const detail = (await panel.page.textContent('.probe-detail')) ?? '';
  assert.ok(detail.includes(avsc.detail), 'the detail is shown');
  for (const entry of avsc.cases ?? []) assert.ok(detail.includes(entry.label), `the case "${entry.label}" is listed`);
  assert.equal(await target.getAttribute('aria-controls'), await panel.page.getAttribute('.probe-detail', 'id'), 'the cell names the detail it shows');
  assert.equal(await target.getAttribute('aria-pressed'), 'true');
  assert.equal(await focusedCell(), 'avsc crafted-lengths', 'focus stays on the cell');
  await assertNoProblems(panel);
});

test('while probing: a probing status, pending cells, and Stop probing cancels the probes', async (t) => {
  const { messages } = await recording;
  const panel = await panelWithRun(t);
  const [started, first] = messages(1);
  await panel.deliver(started!, first!);
  assert.match((await panel.page.textContent('.probe-status')) ?? '', /^Probing… 1 of 4 done$/);
  assert.equal(await panel.page.locator('table.probes button[data-outcome]').count(), 1);
  assert.equal(await panel.page.locator('table.probes td.probe-pending').count(), 3);
  // The section is below the results (taller than the page): brought into view as the run starts.
  const heading = await panel.page.$eval('.probes-section .section-title', (title) => {
    const page = globalThis as unknown as { scrollY: number; innerHeight: number };
    return { top: title.getBoundingClientRect().top, scrolled: page.scrollY, height: page.innerHeight };
  });
  assert.ok(heading.scrolled > 0 && heading.top >= 0 && heading.top < heading.height, JSON.stringify(heading));
  assert.equal(await panel.page.isVisible('button[data-action="cancel-probes"]'), true);
  await panel.page.click('button[data-action="cancel-probes"]');
  assert.deepEqual(await panel.calls(), ['ready', 'cancel']);
  const cancel = (await panel.posted())[1];
  assert.deepEqual(cancel?.channel === 'request' && cancel.params, { kind: 'probes' });
  await panel.deliver({ kind: 'probes', runId: 1, phase: 'cancelled', message: 'the probe processes were stopped' });
  assert.match((await panel.page.textContent('.probe-status')) ?? '', /^Probing stopped after 1 result: the probe processes were stopped$/);
  assert.equal(await panel.page.isHidden('button[data-action="cancel-probes"]'), true);
  await assertNoProblems(panel);
});

test('results of an older probe run are ignored once a newer one has started', async (t) => {
  const { messages } = await recording;
  const panel = await panelWithRun(t);
  await panel.deliver(messages(2)[0]!, ...messages(1).slice(1));
  assert.equal(await panel.page.locator('table.probes button[data-outcome]').count(), 0);
  assert.match((await panel.page.textContent('.probe-status')) ?? '', /^Probing… 0 of 4 done$/);
  await assertNoProblems(panel);
});

test('a probe run that fails says why, in the view', async (t) => {
  const panel = await panelWithRun(t);
  await panel.deliver({ kind: 'probes', runId: 1, phase: 'failed', message: '/x/dist/probe-process.js is missing: build the bundles first (npm run build)' });
  assert.equal(
    await panel.page.textContent('.probe-status'),
    'The probe run failed: /x/dist/probe-process.js is missing: build the bundles first (npm run build)',
  );
  assert.equal(await panel.page.locator('table.probes tbody tr').count(), 0);
  await assertNoProblems(panel);
});

test('probe results outlive a new comparison run, a replay after ready, and a reload of the page', async (t) => {
  const { report, messages } = await recording;
  const panel = await panelWithRun(t);
  await panel.deliver(...messages(3));
  const outcomes = () =>
    panel.page.$$eval('table.probes button[data-outcome]', (cells) => cells.map((c) => `${c.dataset['codec']} ${c.dataset['probe']} ${c.dataset['outcome']}`));
  const expected = report.probes.flatMap((probe) =>
    report.codecs.map((codec) => `${codec.codec} ${probe.id} ${report.results.find((r) => r.codec === codec.codec && r.probe === probe.id)!.outcome}`),
  );
  assert.deepEqual(await outcomes(), expected);
  await panel.deliver(suite.run.messages(2)[0]!);
  assert.deepEqual(await outcomes(), expected, 'a new comparison run keeps them');
  await panel.deliver(messages(3)[0]!);
  assert.deepEqual(await outcomes(), expected, 'the same probe run announced again keeps what arrived');
  await panel.page.reload();
  await panel.page.waitForFunction("document.body.className !== ''");
  assert.deepEqual(await outcomes(), expected, 'the page’s saved state brings them back');
  await assertNoProblems(panel);
});

test('the badges take their colours from the theme and never rely on colour alone', async (t) => {
  const { report, messages } = await recording;
  const panel = await panelWithRun(t);
  await panel.deliver(...messages(1));
  for (const theme of ['light', 'high-contrast', 'high-contrast-light', 'dark'] as const) {
    await panel.applyTheme(theme);
    const borders = await panel.page.evaluate<string[]>(
      "[...document.querySelectorAll('table.probes button[data-outcome]')].map((cell) => getComputedStyle(cell).borderTopColor)",
    );
    assert.ok(
      borders.every((colour) => colour !== 'rgba(0, 0, 0, 0)'),
      `${theme}: every badge has a visible border`,
    );
  }
  for (const result of report.results) assert.ok((await cell(panel, result).textContent())!.length > 0);
  await assertNoProblems(panel);
});
