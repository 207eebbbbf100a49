/**
 * The panel beside the editor, in a real Chromium on a real run: from 420 px up the results
 * table has no sideways scroll and keeps its deciding columns (codec, ratio, both speed-ups with
 * intervals, round trip) in view, in every theme; what folds is in the row details and the
 * column chooser, whose choice survives a reload; the matrix and the charts fit too.
 * PAYLOAD_LAB_SCREENSHOTS=dir keeps a screenshot per width.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import type { PanelPage } from './support/panel-harness';
import type { ThemeName } from './support/themes';
import { assertNoProblems, panelSuite } from './support/suite';
import { withInferredSchemas } from './support/real-run';

const suite = panelSuite();
const DECIDING = ['codec', 'ratio', 'encodeSpeedup', 'decodeSpeedup', 'roundTrip'];

interface Fit {
  scrollWidth: number;
  clientWidth: number;
  pageScrollWidth: number;
  pageClientWidth: number;
  shown: string[];
  /** Deciding headers whose box is not wholly inside the viewport. */
  offscreen: string[];
}

function measure(panel: PanelPage): Promise<Fit> {
  return panel.page.$eval(
    '.results-block .table-scroll',
    (scroll, deciding) => {
      const table = scroll.querySelector('table.results')!;
      const page = scroll.ownerDocument.documentElement;
      const headers = [...table.querySelectorAll('thead th')];
      const ids = ['codec', 'format', 'bytes', 'ratio', 'encode', 'decode', 'encodeSpeedup', 'decodeSpeedup', 'roundTrip', 'remnants', 'bundle'];
      const offscreen = deciding.filter((id) => {
        const box = headers[ids.indexOf(id)]!.getBoundingClientRect();
        return box.width === 0 || box.left < 0 || box.right > page.clientWidth;
      });
      return {
        scrollWidth: scroll.scrollWidth,
        clientWidth: scroll.clientWidth,
        pageScrollWidth: page.scrollWidth,
        pageClientWidth: page.clientWidth,
        shown: (table.getAttribute('data-columns') ?? '').split(' '),
        offscreen,
      };
    },
    DECIDING,
  );
}

async function openAt(width: number, theme: ThemeName, t: Parameters<typeof suite.open>[0]): Promise<PanelPage> {
  const panel = await suite.open(t);
  await panel.page.setViewportSize({ width, height: 900 });
  await panel.applyTheme(theme);
  // As for a JSON sample with inferred schemas: the schema tools (buttons, variant selects) show too.
  await panel.deliver(...withInferredSchemas(suite.run.messages(1)));
  await panel.page.waitForSelector('.verdict-pick:not([hidden])');
  assert.equal(await panel.page.isVisible('.schema-tools'), true);
  return panel;
}

for (const width of [420, 480, 600]) {
  for (const theme of ['dark', 'light', 'high-contrast'] as const) {
    test(`at ${width} px (${theme}): no sideways scroll, the deciding columns in view, the verdict shown`, async (t) => {
      const panel = await openAt(width, theme, t);
      if (process.env['PAYLOAD_LAB_SCREENSHOTS']) {
        await panel.page.screenshot({ path: path.join(process.env['PAYLOAD_LAB_SCREENSHOTS'], `panel-${width}-${theme}.png`), fullPage: true });
      }
      const fit = await measure(panel);
      assert.ok(fit.scrollWidth <= fit.clientWidth, `table scrolls sideways: ${fit.scrollWidth} > ${fit.clientWidth}`);
      assert.ok(fit.pageScrollWidth <= fit.pageClientWidth, `page scrolls sideways: ${fit.pageScrollWidth} > ${fit.pageClientWidth}`);
      for (const id of DECIDING) assert.ok(fit.shown.includes(id), `${id} is on show`);
      assert.deepEqual(fit.offscreen, []);
      // Every row's speed-up cells show their interval in the cell.
      const intervals = await panel.page.$$eval(
        'tr.row-completed td[data-col="encodeSpeedup"] .interval',
        (cells) => cells.filter((cell) => cell.getBoundingClientRect().width > 0).length,
      );
      assert.equal(intervals, suite.run.report.results.filter((row) => row.status === 'completed' && row.speedupVsJson).length);
      assert.equal(await panel.page.isVisible('.verdict-pick'), true);
      // The matrix and the charts fit the panel too.
      for (const selector of ['.remnant-matrix-section', '.byte-attribution', '.charts']) {
        const [scroll, client] = await panel.page.$eval(selector, (section) => {
          const inner = section.querySelector('.table-scroll') ?? section;
          return [inner.scrollWidth, inner.clientWidth];
        });
        assert.ok(scroll <= client, `${selector} is wider than the panel: ${scroll} > ${client}`);
      }
      await assertNoProblems(panel);
    });
  }
}

/**
 * Until the table shows as many columns as `wanted` accepts (10 s at most). Polled from here: a
 * string predicate of waitForFunction is evaluated in the page, which the panel's CSP refuses
 * whenever the first check is false (seen once in a fresh-clone run).
 */
async function waitForColumns(page: Page, wanted: (count: number) => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const count = await page.$eval('table.results', (table) => (table.getAttribute('data-columns') ?? '').split(' ').length);
    if (wanted(count)) return;
    assert.ok(Date.now() < deadline, `the table still shows ${count} columns`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('at full width every column is on show; narrowing the panel folds columns into the details and the chooser says so', async (t) => {
  const panel = await openAt(1400, 'dark', t);
  assert.equal((await measure(panel)).shown.length, 11);
  assert.equal(await panel.page.textContent('.column-chooser summary'), 'Columns');
  await panel.page.setViewportSize({ width: 440, height: 900 });
  await waitForColumns(panel.page, (count) => count < 11);
  const fit = await measure(panel);
  assert.ok(fit.scrollWidth <= fit.clientWidth);
  const folded = ['bundle', 'format', 'bytes', 'encode', 'decode', 'remnants'].filter((id) => !fit.shown.includes(id));
  assert.match((await panel.page.textContent('.column-chooser summary')) ?? '', new RegExp(`^Columns \\(${folded.length} in row details\\)$`));
  // The folded figures are in the details: open a row from the keyboard.
  await panel.page.focus('tr[data-codec="msgpackr"] .details-toggle');
  await panel.page.keyboard.press('Enter');
  const terms = await panel.page.$$eval('.details-row dt', (items) => items.map((item) => item.textContent));
  for (const term of ['Format', 'Encoded', 'Encode', 'Decode', 'Remnants', 'Web bundle']) assert.ok(terms.includes(term), `details carry ${term}`);
  const details = await measure(panel);
  assert.ok(details.scrollWidth <= details.clientWidth, 'open details do not widen the table');
  if (process.env['PAYLOAD_LAB_SCREENSHOTS'])
    await panel.page.screenshot({ path: path.join(process.env['PAYLOAD_LAB_SCREENSHOTS'], 'panel-440-details.png'), fullPage: true });
  await panel.page.setViewportSize({ width: 1400, height: 900 });
  await waitForColumns(panel.page, (count) => count === 11);
  await assertNoProblems(panel);
});

test('the column chooser hides a column from the keyboard, and the choice survives a reload', async (t) => {
  const panel = await openAt(1400, 'light', t);
  await panel.page.focus('.column-chooser summary');
  await panel.page.keyboard.press('Enter');
  await panel.page.focus('.column-chooser input[data-column="encode"]');
  await panel.page.keyboard.press('Space');
  assert.equal(await panel.page.isChecked('.column-chooser input[data-column="encode"]'), false);
  let shown = (await measure(panel)).shown;
  assert.equal(shown.includes('encode'), false);
  assert.equal(shown.length, 10);
  assert.equal(await panel.page.locator('td[data-col="encode"]:visible').count(), 0);
  await panel.page.reload();
  await panel.page.waitForSelector('.verdict-pick:not([hidden])');
  shown = (await measure(panel)).shown;
  assert.equal(shown.includes('encode'), false, 'still hidden after a reload');
  assert.equal(await panel.page.isChecked('.column-chooser input[data-column="encode"]'), false);
  // The deciding columns have no box: they cannot be hidden.
  assert.equal(await panel.page.locator('.column-chooser input[data-column="encodeSpeedup"]').count(), 0);
  await panel.page.click('.column-chooser summary');
  await panel.page.check('.column-chooser input[data-column="encode"]');
  assert.equal((await measure(panel)).shown.length, 11);
  await assertNoProblems(panel);
});

test('narrowing the panel px by px, Encode and Decode fold together: never one time column without the other', async (t) => {
  const panel = await openAt(1400, 'dark', t);
  const seen = new Set<string>();
  for (let width = 1400; width >= 420; width -= 10) {
    await panel.page.setViewportSize({ width, height: 900 });
    const shown = (await measure(panel)).shown;
    seen.add(shown.join(' '));
    assert.equal(shown.includes('encode'), shown.includes('decode'), `at ${width} px: ${shown.join(', ')}`);
  }
  // The sweep went through the folds: all columns, the times folded, and the deciding five.
  const sets = [...seen].map((columns) => columns.split(' '));
  assert.ok(
    sets.some((columns) => columns.includes('encode')),
    [...seen].join(' | '),
  );
  assert.ok(
    sets.some((columns) => !columns.includes('encode') && columns.includes('bytes')),
    [...seen].join(' | '),
  );
  await assertNoProblems(panel);
});
