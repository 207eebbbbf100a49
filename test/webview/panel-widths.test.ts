/**
 * The whole page at the widths the panel gets beside an editor (326 px: a 1,000 px window with
 * the side bar open; 410, 480; 1,100 px), in a real Chromium on a real run with the schema tools
 * shown, a size sweep above it and every row's details and schema open: no element scrolls
 * sideways, no header's word lands on two lines, every toolbar button is in view
 * (test/support/layout-problems.ts, the same measure the e2e takes in VS Code).
 */
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { tuplesSample } from '../support/paths';
import { LAYOUT_PROBLEMS, type LayoutProblems } from '../support/layout-problems';
import { recordSweep, type RecordedSweep } from './support/sweep-messages';
import { withInferredSchemas } from './support/real-run';
import { assertNoProblems, panelSuite } from './support/suite';

const suite = panelSuite();
const WIDTHS = [326, 410, 480, 1100];
let sweep: RecordedSweep | undefined;

before(async () => {
  // Two libraries of one format: the sweep names them with it, the longest names it writes.
  sweep = await recordSweep(tuplesSample, ['json', 'msgpackr', 'msgpack'], { timeBudgetMs: 5, minSamples: 3, rounds: 1, sizes: [1024, 4096] });
});

test(`at ${WIDTHS.join(', ')} px, every row's details and schema open, a sweep above: nothing scrolls sideways, no word breaks, every toolbar button shows`, async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(...sweep!.messages, ...withInferredSchemas(suite.run.messages(1)));
  await panel.page.waitForSelector('.verdict-pick:not([hidden])');
  await panel.page.waitForSelector('.sweep-view[data-phase="finished"]');
  const toggles = panel.page.locator('table.results .details-toggle[aria-expanded="false"]');
  while ((await toggles.count()) > 0) await toggles.first().click();
  const schemas = panel.page.locator('table.results details.schema-text:not([open]) > summary');
  while ((await schemas.count()) > 0) await schemas.first().click();
  assert.ok((await panel.page.locator('details.schema-text[open]').count()) >= 2, 'the schemas are shown');
  for (const width of WIDTHS) {
    await panel.page.setViewportSize({ width, height: 900 });
    // The table folds its columns on resize: the page settles in a frame or two.
    await panel.page.waitForFunction(`document.documentElement.clientWidth === ${width}`);
    await panel.page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
    const found = (await panel.page.evaluate(LAYOUT_PROBLEMS)) as LayoutProblems;
    assert.ok(found.buttons > 5, `${found.buttons} toolbar buttons checked`);
    assert.deepEqual(found.sideways, [], `at ${width} px, elements wider than their box`);
    assert.deepEqual(found.brokenWords, [], `at ${width} px, words broken across lines`);
    assert.deepEqual(found.clippedButtons, [], `at ${width} px, toolbar buttons out of view`);
  }
  await assertNoProblems(panel);
});
