/**
 * What the user does in the panel, in a real Chromium with a real run's results: sorting (by
 * mouse and keyboard), exporting through a request to the host, switching themes, and coming
 * back after a reload. Screenshots of a full result land in test/output/ for a human to judge.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ChannelMessage } from '../../src/shared/channel';
import type { CompletedResult } from '../../src/shared/results';
import { repoRoot } from '../support/paths';
import type { PanelPage } from './support/panel-harness';
import { assertNoProblems, panelSuite } from './support/suite';
import { THEMES } from './support/themes';
import { withInferredSchemas } from './support/real-run';

const suite = panelSuite();
const OUTPUT = path.join(repoRoot, 'test', 'output');

/** Codecs in the order the run's report gives them, by ratio; rows without one go last. */
function codecsByRatio(direction: 1 | -1): string[] {
  const ratio = (row: (typeof suite.run.report.results)[number]) => (row.status === 'skipped' ? undefined : (row.ratio ?? undefined));
  const measured = suite.run.report.results.filter((row) => ratio(row) !== undefined);
  const unmeasured = suite.run.report.results.filter((row) => ratio(row) === undefined);
  return [...measured.sort((a, b) => direction * (ratio(a)! - ratio(b)!)), ...unmeasured].map((row) => row.codec);
}

async function lastRequest(panel: PanelPage): Promise<Extract<ChannelMessage, { channel: 'request' }>> {
  const request = (await panel.posted()).at(-1);
  assert.ok(request && 'channel' in request && request.channel === 'request', `the last message posted is not a request: ${JSON.stringify(request)}`);
  return request;
}

const exportOutcome = (panel: PanelPage) => panel.page.textContent('.export-outcome');

test('sorting by ratio orders the rows ascending, then descending, unmeasured rows last', async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(...suite.run.messages(1));
  await panel.page.click('button[data-sort="ratio"]');
  assert.equal(await panel.page.getAttribute('th:has(button[data-sort="ratio"])', 'aria-sort'), 'ascending');
  assert.deepEqual(await panel.rowCodecs(), codecsByRatio(1));
  await panel.page.click('button[data-sort="ratio"]');
  assert.equal(await panel.page.getAttribute('th:has(button[data-sort="ratio"])', 'aria-sort'), 'descending');
  assert.deepEqual(await panel.rowCodecs(), codecsByRatio(-1));
  assert.equal(await panel.page.locator('th[aria-sort]').count(), 1, 'only the sorted column carries aria-sort');
  await assertNoProblems(panel);
});

test('sorting by codec works from the keyboard: Tab to the header button, press Enter', async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(...suite.run.messages(1));
  const focusedSort = () =>
    panel.page.evaluate(
      () => (globalThis as unknown as { document: { activeElement: { dataset?: Record<string, string> } | null } }).document.activeElement?.dataset?.['sort'],
    );
  for (let presses = 0; presses < 20 && (await focusedSort()) !== 'codec'; presses++) await panel.page.keyboard.press('Tab');
  assert.equal(await focusedSort(), 'codec', 'the codec header button is reachable with Tab');
  const codecs = suite.run.report.results.map((row) => row.codec);
  await panel.page.keyboard.press('Enter');
  assert.deepEqual(
    await panel.rowCodecs(),
    [...codecs].sort((a, b) => a.localeCompare(b)),
  );
  await panel.page.keyboard.press('Enter');
  assert.deepEqual(
    await panel.rowCodecs(),
    [...codecs].sort((a, b) => b.localeCompare(a)),
  );
  assert.equal(await focusedSort(), 'codec', 'focus stays on the header button');
  await assertNoProblems(panel);
});

test('Copy posts an export request and shows "Copied" when the host answers', async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(...suite.run.messages(1));
  await panel.page.selectOption('select.export-format', 'csv');
  await panel.page.click('button[data-action="export-clipboard"]');
  const request = await lastRequest(panel);
  assert.deepEqual(
    { method: request.method, params: request.params },
    { method: 'export', params: { format: 'csv', destination: 'clipboard', priority: 'size', transport: 'gzip', run: { runId: 1, at: null } } },
  );
  assert.equal(await panel.page.isDisabled('button[data-action="export-clipboard"]'), true, 'one export at a time');
  await panel.deliver({ channel: 'reply', id: request.id, reply: { ok: { outcome: 'copied' } } });
  assert.match((await exportOutcome(panel)) ?? '', /^Copied/);
  assert.equal(await panel.page.isEnabled('button[data-action="export-clipboard"]'), true);
  await assertNoProblems(panel);
});

test('Save… shows where the host saved the file, and nothing when the dialog was cancelled', async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(...suite.run.messages(1));
  // The exported verdict is the one the panel shows: its priority and how the bytes travel.
  await panel.page.selectOption('select.priority-select', 'speed');
  await panel.page.selectOption('select.transport-select', 'brotli');
  await panel.page.click('button[data-action="export-file"]');
  const saved = await lastRequest(panel);
  assert.deepEqual(
    { method: saved.method, params: saved.params },
    { method: 'export', params: { format: 'markdown', destination: 'file', priority: 'speed', transport: 'brotli', run: { runId: 1, at: null } } },
  );
  await panel.deliver({ channel: 'reply', id: saved.id, reply: { ok: { outcome: 'saved', location: '/work/results.md' } } });
  assert.equal(await exportOutcome(panel), 'Saved to /work/results.md');
  await panel.page.click('button[data-action="export-file"]');
  const cancelled = await lastRequest(panel);
  assert.notEqual(cancelled.id, saved.id);
  await panel.deliver({ channel: 'reply', id: cancelled.id, reply: { ok: { outcome: 'cancelled' } } });
  assert.equal(await exportOutcome(panel), '');
  await assertNoProblems(panel);
});

test('a failed export shows the host’s error', async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(...suite.run.messages(1));
  await panel.page.click('button[data-action="export-file"]');
  const request = await lastRequest(panel);
  await panel.deliver({ channel: 'reply', id: request.id, reply: { err: { message: 'EACCES: permission denied' } } });
  assert.equal(await exportOutcome(panel), 'Export failed: EACCES: permission denied');
  assert.equal(await panel.page.getAttribute('.export-outcome', 'class'), 'export-outcome error');
  await assertNoProblems(panel);
});

test('an export the host never answers fails after the request timeout', async (t) => {
  const panel = await suite.open(t, { beforeLoad: (page) => page.clock.install() });
  await panel.deliver(...suite.run.messages(1));
  await panel.page.click('button[data-action="export-clipboard"]');
  await panel.page.clock.fastForward('01:01');
  assert.match((await exportOutcome(panel)) ?? '', /^Export failed: no answer from the extension to 'export' within 60 s$/);
  assert.equal(await panel.page.isEnabled('button[data-action="export-clipboard"]'), true);
  await assertNoProblems(panel);
});

test('export stays disabled until a run has finished', async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(suite.run.messages(1)[0]!);
  assert.equal(await panel.page.isDisabled('button[data-action="export-file"]'), true);
  assert.equal(await panel.page.isDisabled('button[data-action="export-clipboard"]'), true);
  await assertNoProblems(panel);
});

test('a theme change redraws the charts in the new theme’s chart colours', async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(...suite.run.messages(1));
  const drawn = () =>
    panel.page.$eval('section.charts', (section) => ({ with: section.getAttribute('data-drawn-with'), count: Number(section.getAttribute('data-redraws')) }));
  const dark = await drawn();
  assert.equal(dark.with, THEMES.dark.variables['--vscode-charts-foreground']);
  for (const theme of ['light', 'high-contrast', 'high-contrast-light'] as const) {
    const before = await drawn();
    await panel.applyTheme(theme);
    const foreground = THEMES[theme].variables['--vscode-charts-foreground']!;
    await panel.page.waitForFunction(
      (expected) =>
        (globalThis as unknown as { document: { querySelector(s: string): { getAttribute(a: string): string | null } } }).document
          .querySelector('section.charts')
          .getAttribute('data-drawn-with') === expected,
      foreground,
    );
    assert.ok((await drawn()).count > before.count, `redrawn for ${theme}`);
  }
  await assertNoProblems(panel);
});

test('after a reload the table is back from the saved state before any host message', async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(...suite.run.messages(1));
  await panel.page.click('button[data-sort="ratio"]');
  await panel.page.click('button[data-details="avsc"]');
  const before = await panel.tableRows();
  await panel.page.reload();
  assert.deepEqual(await panel.calls(), ['ready'], 'the reloaded page said ready, and nothing was sent to it');
  assert.deepEqual(await panel.tableRows(), before);
  assert.equal(await panel.page.getAttribute('th:has(button[data-sort="ratio"])', 'aria-sort'), 'ascending');
  assert.equal(await panel.page.getAttribute('button[data-details="avsc"]', 'aria-expanded'), 'true');
  assert.match((await panel.page.textContent('.run-status')) ?? '', /^Finished/);
  await assertNoProblems(panel);
});

test('a full result renders in dark, light and high contrast themes (screenshots in test/output)', async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(...suite.run.messages(1));
  await panel.page.click('button[data-details="protobufjs"]');
  await panel.page.mouse.move(0, 0); // no hover highlight in the picture
  fs.mkdirSync(OUTPUT, { recursive: true });
  for (const theme of ['dark', 'light', 'high-contrast'] as const) {
    await panel.applyTheme(theme);
    await panel.deliver(); // let the redraw land
    const file = path.join(OUTPUT, `panel-${theme}.png`);
    await panel.page.screenshot({ path: file, fullPage: true });
    assert.ok(fs.statSync(file).size > 10_000, `${file} holds a picture`);
  }
  await assertNoProblems(panel);
});

/** WCAG contrast of a computed colour over a computed background (a translucent colour blended over it). */
function contrast(colour: string, background: string): number {
  const channels = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
  const [fg, bg] = [channels(colour), channels(background)];
  const alpha = fg[3] ?? 1;
  const shown = [0, 1, 2].map((i) => fg[i]! * alpha + bg[i]! * (1 - alpha));
  const luminance = (rgb: number[]) =>
    rgb
      .map((value) => value / 255)
      .map((value) => (value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4))
      .reduce((sum, value, index) => sum + value * [0.2126, 0.7152, 0.0722][index]!, 0);
  const [light, dark] = [luminance(shown), luminance(bg.slice(0, 3))].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

test('every select (Export format, schema variants) is readable in each theme: contrast at least 4.5:1', async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(...withInferredSchemas(suite.run.messages(1)));
  for (const theme of ['dark', 'light', 'high-contrast', 'high-contrast-light'] as const) {
    await panel.applyTheme(theme);
    const selects = await panel.page.$$eval('select', (elements) =>
      elements.map((select) => {
        const style = (globalThis as unknown as { getComputedStyle(element: unknown): { color: string; backgroundColor: string } }).getComputedStyle(select);
        return { name: select.getAttribute('aria-label'), color: style.color, background: style.backgroundColor };
      }),
    );
    assert.ok(selects.length >= 4, `${theme}: the export and variant selects are shown`);
    for (const select of selects) {
      // A transparent background would show whatever is behind: the theme must paint it.
      assert.doesNotMatch(select.background, /rgba\(.*, 0\)$/, `${theme}: ${select.name}`);
      assert.ok(contrast(select.color, select.background) >= 4.5, `${theme}: ${select.name} ${select.color} on ${select.background}`);
    }
  }
  await assertNoProblems(panel);
});

test("sent raw, the speed chart shows the table's speed-ups (the statistic the verdict ranks), from 0×; the size chart has a zstd series", async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(...suite.run.messages(1));
  // The chart draws the verdict's figures for the transport shown (panel-charts.test.ts); raw, those are the table's.
  await panel.page.selectOption('select.transport-select', 'raw');
  const ticks = ((await panel.page.getAttribute('section.charts', 'data-speedup-ticks')) ?? '').split(' | ');
  assert.ok(ticks.length >= 3, ticks.join(' | '));
  assert.ok(
    ticks.every((tick) => /^\d+(\.\d+)?×$/.test(tick)),
    ticks.join(' | '),
  );
  assert.equal(ticks[0], '0×');
  const bars = ((await panel.page.getAttribute('section.charts', 'data-speedup-bars')) ?? '').split(' | ');
  const completed = suite.run.report.results.filter((row): row is CompletedResult => row.status === 'completed');
  for (const row of completed) {
    assert.ok(bars.includes(`${row.codec} ${row.speedupVsJson?.encode ?? '—'} ${row.speedupVsJson?.decode ?? '—'}`), `${row.codec}: ${bars.join(' | ')}`);
  }
  assert.equal(await panel.page.getAttribute('section.charts', 'data-size-series'), 'encoded | gzip | brotli | zstd');
  await assertNoProblems(panel);
});
