/**
 * The remnant matrix below the results table, in a real Chromium fed a real engine run: each
 * cell says what the analysis' `remnantMatrixRow` counts for that codec and kind, the kinds
 * explain themselves, and the matrix fills in while results stream.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { remnantMatrixRow } from '../../src/analysis/matrix';
import { REMNANT_KIND_INFO, REMNANT_KINDS } from '../../src/shared/remnant-kinds';
import type { CodecResult } from '../../src/shared/results';
import type { PanelPage } from './support/panel-harness';
import { assertNoProblems, panelSuite } from './support/suite';
import { resultOf } from './support/real-run';

const suite = panelSuite();

/** What each cell should say: the count (+ when partial), "–none" when clean; one text for a failed row. */
function expectedRow(result: CodecResult): string[] {
  if (result.status !== 'completed') return [result.codec, `${result.status} at ${result.error.stage}: no decoded object`];
  const { cells } = remnantMatrixRow(result);
  return [
    result.codec,
    ...REMNANT_KINDS.map((kind) => {
      const cell = cells[kind];
      return cell ? `${cell.remnants}${cell.partial ? '+' : ''}` : '–none';
    }),
  ];
}

function matrixRows(panel: PanelPage): Promise<string[][]> {
  return panel.page.$$eval('table.remnant-matrix tbody tr', (rows) =>
    rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim())),
  );
}

test('each cell holds what remnantMatrixRow counts for the codec and kind, rows in the table’s order', async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(...suite.run.messages(1));
  const byCodec = new Map(suite.run.report.results.map((result) => [result.codec, result]));
  const tableOrder = await panel.rowCodecs();
  assert.deepEqual(
    await matrixRows(panel),
    tableOrder.map((codec) => expectedRow(byCodec.get(codec)!)),
  );
  const affected = suite.run.report.results.filter((result) => Object.keys(remnantMatrixRow(result).cells).length > 0);
  assert.ok(affected.length > 0, 'the recorded run has remnants to show');
  assert.ok((await panel.page.locator('table.remnant-matrix td.clean').count()) > 0, 'and clean cells');
  await assertNoProblems(panel);
});

test('an errored codec says so in one cell across every kind', async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(...suite.run.messages(1));
  const errored = suite.run.report.results.find((result) => result.status === 'errored')!;
  const cells = panel.page.locator(`table.remnant-matrix tr[data-matrix-codec="${errored.codec}"] td`);
  assert.equal(await cells.count(), 1);
  assert.equal(Number(await cells.getAttribute('colspan')), REMNANT_KINDS.length);
  await assertNoProblems(panel);
});

test('a kind’s header explains it in its tooltip; an affected cell tells its occurrences', async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(...suite.run.messages(1));
  for (const kind of REMNANT_KINDS) {
    const header = panel.page.locator(`table.remnant-matrix thead th[data-kind="${kind}"]`);
    const info = REMNANT_KIND_INFO[kind];
    assert.equal(await header.textContent(), info.short);
    assert.equal(await header.getAttribute('title'), `${info.title}: ${info.meaning}`);
    assert.equal(await header.getAttribute('scope'), 'col');
  }
  const [codec, kind, cell] = suite.run.report.results.flatMap((result) =>
    Object.entries(remnantMatrixRow(result).cells).map(([k, c]) => [result.codec, k, c] as const),
  )[0]!;
  const tooltip = await panel.page.getAttribute(`table.remnant-matrix tr[data-matrix-codec="${codec}"] td[data-kind="${kind}"]`, 'title');
  assert.match(tooltip ?? '', new RegExp(`${cell!.occurrences.toLocaleString('en-US')} occurrences?$`));
  assert.match((await panel.page.textContent('table.remnant-matrix caption')) ?? '', /^Remnants by kind/);
  assert.equal(await panel.page.locator('table.remnant-matrix tbody th[scope="row"]').count(), suite.run.report.results.length);
  await assertNoProblems(panel);
});

test('hidden until a completed row arrives, then filled in row by row as results stream', async (t) => {
  const panel = await suite.open(t);
  const messages = suite.run.messages(1);
  await panel.deliver(messages[0]!);
  assert.equal(await panel.page.isHidden('section.remnant-matrix-section'), true, 'hidden while every row is pending');
  const results = messages.flatMap((message) => resultOf(message) ?? []);
  const firstCompleted = results.findIndex((result) => result.status === 'completed');
  let delivered = 0;
  for (const message of messages.slice(1).filter((m) => m.phase !== 'finished')) {
    await panel.deliver(message);
    if (!resultOf(message)) continue;
    delivered++;
    const arrived = results.slice(0, delivered);
    if (delivered <= firstCompleted) {
      assert.equal(await panel.page.isHidden('section.remnant-matrix-section'), true, 'no completed row yet');
      continue;
    }
    assert.equal(await panel.page.isVisible('section.remnant-matrix-section'), true);
    const order = (await panel.rowCodecs()).filter((codec) => arrived.some((result) => result.codec === codec));
    assert.deepEqual(
      await matrixRows(panel),
      order.map((codec) => expectedRow(arrived.find((result) => result.codec === codec)!)),
    );
  }
  await assertNoProblems(panel);
});

test('sorting the results table reorders the matrix the same way', async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(...suite.run.messages(1));
  await panel.page.click('button[data-sort="bytes"]');
  await panel.page.click('button[data-sort="bytes"]');
  const order = await panel.rowCodecs();
  assert.deepEqual(await panel.page.$$eval('table.remnant-matrix tbody tr', (rows) => rows.map((row) => row.getAttribute('data-matrix-codec'))), order);
  await assertNoProblems(panel);
});

test('the matrix takes its colours from the theme: light, dark and both high-contrast themes', async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(...suite.run.messages(1));
  for (const theme of ['light', 'high-contrast', 'high-contrast-light', 'dark'] as const) {
    await panel.applyTheme(theme);
    // Each variable resolved the way the page resolves colours, to compare like with like.
    const seen = await panel.page.evaluate<Record<'clean' | 'affected' | 'description' | 'foreground', string>>(`(() => {
      const probe = document.body.appendChild(document.createElement('span'));
      probe.style.color = 'var(--vscode-descriptionForeground)';
      const description = getComputedStyle(probe).color;
      probe.style.color = 'var(--vscode-foreground)';
      const foreground = getComputedStyle(probe).color;
      probe.remove();
      return {
        clean: getComputedStyle(document.querySelector('table.remnant-matrix td.clean')).color,
        affected: getComputedStyle(document.querySelector('table.remnant-matrix td.affected')).color,
        description,
        foreground,
      };
    })()`);
    assert.equal(seen.clean, seen.description, `${theme}: clean cells in the description colour`);
    assert.equal(seen.affected, seen.foreground, `${theme}: affected cells in the foreground colour`);
  }
  await assertNoProblems(panel);
});
