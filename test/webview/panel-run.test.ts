/**
 * The panel following a run in a real Chromium, fed the messages of a real engine run: rows
 * appear pending and fill in one at a time, failures say where and why, stale runs are
 * ignored, and nothing the user's data holds is ever parsed as HTML.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { HostToWebview } from '../../src/shared/protocol';
import { assertNoProblems, panelSuite } from './support/suite';

const suite = panelSuite();

const isResult = (message: HostToWebview): message is Extract<HostToWebview, { type: 'codec-result' }> => message.type === 'codec-result';

test('the page says ready on load and shows how to start before any run', async (t) => {
  const panel = await suite.open(t);
  assert.deepEqual(await panel.posted(), [{ type: 'ready' }]);
  const empty = await panel.page.textContent('.empty-state');
  assert.match(empty ?? '', /No comparison yet/);
  assert.match(empty ?? '', /Compare Encodings/);
  assert.equal(await panel.page.isVisible('table.results'), false);
  await assertNoProblems(panel);
});

test('planned rows show as pending, then fill in one at a time as results stream in', async (t) => {
  const panel = await suite.open(t);
  const [started, ...rest] = suite.run.messages(1);
  await panel.deliver(started!);
  const planned = started!.type === 'run-started' ? started!.run.codecs.map((codec) => codec.id) : [];
  assert.deepEqual(await panel.rowCodecs(), planned);
  assert.equal(await panel.page.locator('tr.row-pending').count(), planned.length);
  assert.match(await panel.page.textContent('.run-status') ?? '', /Running… 0 of 8 codecs done/);

  let pending = planned.length;
  for (const message of rest.filter((m) => m.type !== 'run-finished')) {
    await panel.deliver(message);
    if (message.type === 'codec-stage') {
      const activity = await panel.page.textContent(`tr[data-codec="${message.codec}"] .pending-activity`);
      assert.match(activity ?? '', /…$/, `${message.codec} shows its stage (${message.stage})`);
    }
    if (isResult(message)) {
      pending -= 1;
      assert.equal(await panel.page.locator('tr.row-pending').count(), pending, `one fewer pending row after ${message.result.codec}`);
      assert.equal(await panel.page.getAttribute(`tr[data-codec="${message.result.codec}"]`, 'class'), `row-${message.result.status}`);
    }
  }
  await panel.deliver(rest.at(-1)!);
  assert.match(await panel.page.textContent('.run-status') ?? '', /Finished: 8 codecs \(1 errored\)/);
  assert.equal(await panel.page.isHidden('section.charts'), false);
  await assertNoProblems(panel);
});

test('a completed row shows bytes, ratio, medians with margins, speed-ups, round trip and remnant badges', async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(...suite.run.messages(1));
  const avsc = suite.run.report.results.find((row) => row.codec === 'avsc')!;
  assert.equal(avsc.status, 'completed');
  if (avsc.status !== 'completed') return;
  const cells = (await panel.tableRows()).find((row) => row[0] === 'avsc')!;
  assert.equal(cells[1], 'Avro');
  assert.equal(cells[2], `${avsc.bytes.toLocaleString('en-US')} B`);
  assert.equal(cells[3], avsc.ratio!.toFixed(3));
  assert.match(cells[4]!, /^[\d.]+ (ns|µs|ms) ± [\d.]+%$/);
  assert.match(cells[6]!, /^[\d.]+×$/);
  assert.equal(cells[8], avsc.roundTrip.status);
  assert.match(cells[9]!, /^prototype ×\d+/);
  const tooltip = await panel.page.getAttribute('tr[data-codec="avsc"] td.remnants', 'title');
  assert.match(tooltip ?? '', /^\$ \(prototype\): /m, 'the remnant tooltip lists each path and detail');
  const bytesTooltip = await panel.page.getAttribute('tr[data-codec="avsc"] td.num', 'title');
  assert.match(bytesTooltip ?? '', /^gzip [\d,]+ B, brotli [\d,]+ B/);
  await assertNoProblems(panel);
});

test('an errored row shows the stage and the message', async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(...suite.run.messages(1));
  const row = panel.page.locator('tr.row-errored');
  assert.equal(await row.count(), 1);
  assert.equal(await row.getAttribute('data-codec'), 'throws-on-encode');
  assert.equal(await row.locator('.failure-stage').textContent(), 'errored at encode');
  assert.equal(await row.locator('.failure-message').textContent(), 'encoder exploded on purpose');
  await assertNoProblems(panel);
});

test('opening a row’s details from the keyboard shows library, compressed sizes, timing spread, remnants and notes', async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(...suite.run.messages(1));
  const toggle = panel.page.locator('button[data-details="protobufjs"]');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  await toggle.focus();
  await panel.page.keyboard.press('Enter');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
  assert.equal(await toggle.evaluate((button) => button === button.ownerDocument.activeElement), true, 'focus stays on the rebuilt toggle');
  const details = await panel.page.textContent(`#${await toggle.getAttribute('aria-controls')}`);
  assert.match(details ?? '', /protobufjs \d+\.\d+\.\d+/);
  assert.match(details ?? '', /gzip [\d,]+ B \([\d.]+ of JSON\)/);
  assert.match(details ?? '', /p99 [\d.]+ (ns|µs|ms)/);
  assert.match(details ?? '', /\$\.nothing/, 'the lossy difference is listed');
  assert.match(details ?? '', /left out of message Root/, 'the codec’s notes are listed');
  await assertNoProblems(panel);
});

test('messages of an older run are ignored once a newer run has started', async (t) => {
  const panel = await suite.open(t);
  const first = suite.run.messages(1);
  const second = suite.run.messages(2);
  await panel.deliver(second[0]!);
  await panel.deliver(...first.slice(1));
  assert.equal(await panel.page.locator('tr.row-pending').count(), 8, 'no result of run 1 lands in run 2');
  assert.match(await panel.page.textContent('.run-status') ?? '', /Running…/);
  await assertNoProblems(panel);
});

test('a cancelled run says so and keeps the rows that finished', async (t) => {
  const panel = await suite.open(t);
  const messages = suite.run.messages(1);
  const firstThree = messages.filter(isResult).slice(0, 3).map((m) => m.result.codec);
  const upToThird = messages.slice(0, messages.findIndex((m) => isResult(m) && m.result.codec === firstThree[2]) + 1);
  await panel.deliver(...upToThird, { type: 'run-ended', runId: 1, outcome: 'cancelled', message: 'cancelled by the user' });
  assert.match(await panel.page.textContent('.run-status') ?? '', /Cancelled after 3 of 8 codecs: cancelled by the user/);
  assert.deepEqual((await panel.rowCodecs()).slice(0, 3), firstThree);
  assert.equal(await panel.page.locator('tr.row-completed').count(), 3);
  assert.deepEqual(await panel.page.$$eval('tr.row-pending .pending-activity', (cells) => [...new Set(cells.map((c) => c.textContent))]), ['not run']);
  assert.equal(await panel.page.isHidden('button[data-action="cancel"]'), true);
  assert.equal(await panel.page.isEnabled('button[data-action="rerun"]'), true);
  await assertNoProblems(panel);
});

test('Cancel while running, Re-run and Open sample post their messages to the host', async (t) => {
  const panel = await suite.open(t);
  const messages = suite.run.messages(1);
  await panel.deliver(messages[0]!);
  assert.equal(await panel.page.isEnabled('button[data-action="rerun"]'), false, 'no re-run while running');
  await panel.page.click('button[data-action="cancel"]');
  await panel.deliver(...messages.slice(1));
  await panel.page.click('button[data-action="rerun"]');
  await panel.page.click('button[data-action="open-sample"]');
  assert.deepEqual((await panel.posted()).map((m) => ('type' in m ? m.type : m.channel)), ['ready', 'cancel', 'rerun', 'open-sample']);
  await assertNoProblems(panel);
});

test('markup in codec names and messages is shown as text, never parsed', async (t) => {
  const panel = await suite.open(t);
  const [started] = suite.run.messages(1);
  if (started?.type !== 'run-started') throw new Error('the recorded run starts with run-started');
  const hostile = '</script><img src=x onerror="window.__pwned=1"><b>bold</b>';
  await panel.deliver(
    { ...started, run: { ...started.run, sampleName: hostile, codecs: [{ id: 'evil', label: hostile, format: hostile }] } },
    {
      type: 'codec-result', runId: 1,
      result: { codec: 'evil', label: hostile, format: hostile, library: hostile, libraryVersion: '1', schema: 'none', notes: [hostile], status: 'errored', error: { stage: 'encode', message: hostile } },
    },
  );
  assert.equal(await panel.page.textContent('.sample-name'), hostile);
  assert.equal(await panel.page.textContent('tr[data-codec="evil"] .failure-message'), hostile);
  assert.equal(await panel.page.locator('#app img, #app b').count(), 0);
  assert.equal(await panel.page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned), undefined);
  await assertNoProblems(panel);
});
