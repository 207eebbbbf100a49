/**
 * The size sweep's view in a real Chromium, fed the messages of a real sweep (json, avsc,
 * msgpackr at three sizes, then their limits with a small heap and cap): log–log plots whose
 * points stream in, the table of the same numbers, growth, limits with the heap, Cancel and
 * Export through the typed channel, and no CSP violation.
 */
import { sweepNoteText } from '../../src/shared/sweep-notes';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ChannelMessage } from '../../src/shared/channel';
import { formatJsonSize } from '../../src/shared/sweep-format';
import { repoRoot, tuplesSample } from '../support/paths';
import { PanelHarness, type PanelPage } from './support/panel-harness';
import { recordSweep, type RecordedSweep } from './support/sweep-messages';
import { assertNoProblems } from './support/suite';

const CODECS = ['json', 'avsc', 'msgpackr'];
const OUTPUT = path.join(repoRoot, 'test', 'output');
let harness: PanelHarness | undefined;
let recorded: RecordedSweep | undefined;

before(async () => {
  [harness, recorded] = await Promise.all([
    PanelHarness.start(),
    recordSweep(
      tuplesSample,
      CODECS,
      { timeBudgetMs: 20, minSamples: 3, rounds: 2, sizes: [1024, 16 * 1024, 256 * 1024] },
      { heapMb: 64, capJsonBytes: 2 ** 20 },
    ),
  ]);
});
after(async () => {
  await harness?.close();
});

async function open(t: { after(fn: () => unknown): void }): Promise<PanelPage> {
  assert.ok(harness && recorded);
  const panel = await harness.open();
  t.after(() => panel.close());
  return panel;
}

const plotData = (panel: PanelPage) =>
  panel.page.evaluate(() => {
    const charts = (globalThis as unknown as { document: { querySelector(s: string): { dataset: Record<string, string> } | null } }).document.querySelector(
      '.sweep-charts',
    );
    return { points: charts?.dataset['points'], scales: charts?.dataset['scales'] };
  });

test('the plots are log–log and their points stream in as sizes finish', async (t) => {
  const panel = await open(t);
  const messages = recorded!.messages;
  const firstSizeDone = messages.findIndex((message) => message.phase === 'item' && message.item.type === 'size-done');
  await panel.deliver(...messages.slice(0, firstSizeDone + 1));
  assert.equal(await panel.page.isVisible('.sweep-view'), true);
  assert.equal(await panel.page.isVisible('.empty-state'), false, 'the how-to-start text gives way to the sweep');
  assert.match((await panel.page.textContent('.sweep-status')) ?? '', /^Running: 1 of 3 sizes/);
  // One size so far: a point per codec on each plot, but JSON has no speed-up against itself.
  assert.deepEqual(await plotData(panel), {
    points: 'encode:3 decode:3 speedup-encode:2 speedup-decode:2 ratio-raw:3 ratio-gzip:3 ratio-brotli:3',
    scales: Array(7).fill('logarithmic/logarithmic').join(' '),
  });
  await panel.deliver(...messages.slice(firstSizeDone + 1));
  assert.equal((await plotData(panel)).points, 'encode:9 decode:9 speedup-encode:6 speedup-decode:6 ratio-raw:9 ratio-gzip:9 ratio-brotli:9');
  assert.match((await panel.page.textContent('.sweep-status')) ?? '', /^Finished: 3 of 3 sizes, 3 of 3 limits/);
  assert.equal(await panel.page.isVisible('button[data-action="cancel-sweep"]'), false);
  // The plan's notes are facts, worded in the panel: three sizes within the tuples' own records.
  const notes = await panel.page.$$eval('.sweep-notes li', (items) => items.map((item) => item.textContent));
  assert.deepEqual(notes, recorded!.report.notes.map(sweepNoteText));
  assert.match(notes.join('\n'), /^scaled from the sample's [\d,]+ records at items: every size takes its first records$/);
  await assertNoProblems(panel);
});

test('the table view gives the plotted numbers, growth and limits with the heap', async (t) => {
  const panel = await open(t);
  await panel.deliver(...recorded!.messages);
  await panel.page.click('button[data-action="sweep-table"]');
  assert.equal(await panel.page.isVisible('.sweep-charts'), false);
  const report = recorded!.report;
  const rows = await panel.page.$$eval('table.sweep-table tbody tr', (trs) =>
    trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim())),
  );
  assert.equal(rows.length, report.sizes.length * CODECS.length);
  for (const size of report.sizes) {
    for (const result of size.results) {
      const row = rows.find((cells) => cells[0] === formatJsonSize(size.jsonBytes) && cells[1] === result.codec);
      assert.ok(row, `a row for ${result.codec} at ${size.jsonBytes}`);
      assert.equal(result.status, 'completed');
      if (result.status === 'completed') {
        assert.equal(row[2], result.ratio!.toFixed(3));
        assert.equal(row[3], (result.compressed.gzip / size.jsonBytes).toFixed(3));
      }
    }
  }
  const growth = await panel.page.$$eval('table.sweep-growth-table tbody tr', (trs) => trs.map((tr) => tr.getAttribute('data-codec')));
  assert.deepEqual(growth, CODECS);
  assert.match((await panel.page.textContent('table.sweep-limits-table caption')) ?? '', /a 64 MB heap \(V8 reports \d+ MB\); cap 1\.00 MiB/);
  const limits = await panel.page.$$eval('table.sweep-limits-table tbody tr', (trs) => trs.map((tr) => (tr.textContent ?? '').trim()));
  assert.equal(limits.length, 3);
  for (const text of limits) assert.match(text, /≥ 1\.00 MiB \(cap\)≥ 1\.00 MiB \(cap\)/);
  await assertNoProblems(panel);
});

test('Stop cancels the sweep while running; Export asks the host for the sweep through the channel', async (t) => {
  const panel = await open(t);
  await panel.deliver(...recorded!.messages.slice(0, 3));
  await panel.page.click('button[data-action="cancel-sweep"]');
  assert.deepEqual(await panel.calls(), ['ready', 'cancel']);
  const cancel = (await panel.posted())[1];
  assert.deepEqual(cancel?.channel === 'request' && cancel.params, { kind: 'sweep' });
  assert.equal(await panel.page.isDisabled('button[data-action="sweep-export-clipboard"]'), true, 'nothing to export until it finishes');
  await panel.deliver(...recorded!.messages.slice(3));
  await panel.page.selectOption('select.sweep-export-format', 'csv');
  await panel.page.click('button[data-action="sweep-export-clipboard"]');
  const request = (await panel.posted()).at(-1) as Extract<ChannelMessage, { channel: 'request' }>;
  assert.deepEqual(
    { method: request.method, params: request.params },
    { method: 'export-sweep', params: { format: 'csv', destination: 'clipboard', run: { runId: 1, at: null } } },
  );
  await assertNoProblems(panel);
});

test('the plots render in dark and light themes (screenshots in test/output)', async (t) => {
  const panel = await open(t);
  await panel.deliver(...recorded!.messages);
  fs.mkdirSync(OUTPUT, { recursive: true });
  for (const theme of ['dark', 'light'] as const) {
    await panel.applyTheme(theme);
    await panel.deliver();
    const file = path.join(OUTPUT, `sweep-${theme}.png`);
    await panel.page.locator('.sweep-view').screenshot({ path: file });
    assert.ok(fs.statSync(file).size > 10_000, `${file} holds a picture`);
  }
  await assertNoProblems(panel);
});

test('while it runs, the status says which size and stage, then which size each limit search is trying', async (t) => {
  const panel = await open(t);
  const messages = recorded!.messages;
  const stage = messages.findIndex((message) => message.phase === 'progress' && message.progress.type === 'size' && message.progress.sizeIndex === 1);
  await panel.deliver(...messages.slice(0, stage + 1));
  const size = messages[stage]!;
  assert.ok(size.phase === 'progress' && size.progress.type === 'size');
  assert.equal(
    await panel.page.textContent('.sweep-status'),
    `Running: 1 of 3 sizes, 0 of 3 limits… size 2: ${size.progress.codec} ${size.progress.stage}, round ${size.progress.round} of 2`,
  );
  const trying = messages.findIndex(
    (message) => message.phase === 'progress' && message.progress.type === 'limit' && message.progress.tryingJsonBytes !== null,
  );
  await panel.deliver(...messages.slice(stage + 1, trying + 1));
  assert.match((await panel.page.textContent('.sweep-status')) ?? '', /^Running: 3 of 3 sizes, 0 of 3 limits… json trying 1\.00 MiB \(step 1\)$/);
  assert.deepEqual(await limitRows(panel), [['json', '—', '—', 'searching: step 1, trying 1.00 MiB']], 'the codec being searched has its row');
  await assertNoProblems(panel);
});

test('a limit search stopped midway keeps the limits found and what held so far, and says Cancelled once', async (t) => {
  const panel = await open(t);
  const messages = recorded!.messages;
  // Stopped while avsc's search runs: json's limit is found, avsc's first size has held.
  const avscHeld = messages.findIndex(
    (message) =>
      message.phase === 'progress' && message.progress.type === 'limit' && message.progress.codec === 'avsc' && message.progress.tryingJsonBytes === null,
  );
  const held = messages[avscHeld]!;
  assert.ok(held.phase === 'progress' && held.progress.type === 'limit' && held.progress.decodedJsonBytes !== null);
  await panel.deliver(...messages.slice(0, avscHeld + 1), {
    kind: 'sweep',
    runId: 1,
    phase: 'cancelled',
    message: 'the running workers and processes were stopped',
  });
  assert.equal(await panel.page.getAttribute('.sweep-view', 'data-phase'), 'cancelled');
  assert.equal(
    await panel.page.textContent('.sweep-status'),
    'Cancelled: the running workers and processes were stopped (3 of 3 sizes, 1 of 3 limits; avsc stopped at step 1)',
  );
  const bound = `≥ ${formatJsonSize(held.progress.decodedJsonBytes)} (stopped)`;
  assert.deepEqual(await limitRows(panel), [
    ['json', '≥ 1.00 MiB (cap)', '≥ 1.00 MiB (cap)', '—'],
    ['avsc', bound, bound, 'stopped at step 1'],
  ]);
  assert.equal(await panel.page.$$eval('table.sweep-table tbody tr', (rows) => rows.length), 3 * CODECS.length, 'the sizes measured stay');
  assert.equal(await panel.page.isVisible('button[data-action="cancel-sweep"]'), false);
  await assertNoProblems(panel);
});

test('events of an older sweep are ignored once a newer one has started', async (t) => {
  const panel = await open(t);
  const [started, ...rest] = recorded!.messages;
  await panel.deliver({ ...started!, runId: 2 }, ...rest);
  assert.equal(await panel.page.getAttribute('.sweep-view', 'data-run-id'), '2');
  assert.equal(await panel.page.getAttribute('.sweep-view', 'data-phase'), 'running', 'run 1 finishing does not end run 2');
  assert.equal(await panel.page.textContent('.sweep-status'), 'Running: 0 of … sizes, 0 of 3 limits…');
  assert.equal((await plotData(panel)).points, 'encode:0 decode:0 speedup-encode:0 speedup-decode:0 ratio-raw:0 ratio-gzip:0 ratio-brotli:0');
  assert.deepEqual(await limitRows(panel), []);
  await assertNoProblems(panel);
});

function limitRows(panel: PanelPage): Promise<string[][]> {
  return panel.page.$$eval('table.sweep-limits-table tbody tr', (rows) =>
    rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim())),
  );
}
