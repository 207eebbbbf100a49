/**
 * The panel and the Getting Started walkthrough in a real VS Code (code-server), one VS Code for
 * all of it:
 * - the walkthrough opens from the Welcome page, and each step's button runs its command (the
 *   bundled sample's comparison, the results brought back, a row inspected, the inferred .proto
 *   opened, a size sweep);
 * - the panel beside orders.json (opened from the JSON editor's title bar, the side bar open) at
 *   326, 410, 480 and 1,100 px, every row's details and schema open, the sweep above: no element
 *   of the page scrolls sideways, no header wraps inside a word, every toolbar button is in view;
 * - at full width more columns show; Compare Encodings from the JSON title bar reveals the panel
 *   beside the JSON, not over it; with the panel focused, Open sample and Open inferred .proto
 *   open in the group beside it, not in a third.
 * Screenshots of the panel at each width go to test/output (the README's come from there).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { repoRoot } from '../support/paths';
import { openE2eSession, type E2eSession } from './support/session';
import { newest, panelFrame, pickExactly, pickQuickItem, runPaletteCommand, shownRunId, waitForRun } from './support/workbench';
import { LAYOUT_PROBLEMS, type LayoutProblems } from '../support/layout-problems';

const outputDir = path.join(repoRoot, 'test', 'output');
const DECIDING = ['codec', 'ratio', 'encodeSpeedup', 'decodeSpeedup', 'roundTrip'];
const WIDTHS = [326, 410, 480, 1100];

let session: E2eSession | undefined;
let page: Page;

/** The columns the results table shows (its `data-columns`). */
async function shownColumns(frame: Frame): Promise<string[]> {
  return ((await frame.locator('table.results').first().getAttribute('data-columns')) ?? '').split(' ');
}

/** The panel's width in the workbench: its webview element's box. */
async function panelWidth(): Promise<number> {
  const boxes = await page
    .locator('iframe.webview')
    .evaluateAll((frames) => frames.map((frame) => frame.getBoundingClientRect().width).filter((width) => width > 0));
  assert.equal(boxes.length, 1, 'one visible webview');
  return boxes[0]!;
}

/** Resizes the browser window until the panel (one of two editor groups) is about `width` wide. */
async function narrowPanelTo(width: number): Promise<number> {
  let viewport = page.viewportSize()!.width;
  let current = await panelWidth();
  let perPixel = 0.5; // two groups share the editor area; corrected from what each step does
  for (let step = 0; step < 8 && Math.abs(current - width) > 6; step++) {
    const next = Math.round(viewport + (width - current) / perPixel);
    await page.setViewportSize({ width: next, height: 950 });
    await page.waitForTimeout(800);
    const measured = await panelWidth();
    if (next !== viewport && measured !== current) perPixel = (measured - current) / (next - viewport);
    viewport = next;
    current = measured;
  }
  return current;
}

/** Whether the editor area shows two groups within 20 s. */
function twoGroups(): Promise<boolean> {
  return page
    .waitForFunction(
      () =>
        (globalThis as unknown as { document: { querySelectorAll(selector: string): { length: number } } }).document.querySelectorAll('.editor-group-container')
          .length === 2,
      undefined,
      { timeout: 20_000 },
    )
    .then(
      () => true,
      () => false,
    );
}

/** Each editor group's tab titles, for a failure's message. */
function tabsPerGroup(): Promise<string[][]> {
  return page
    .locator('.editor-group-container')
    .evaluateAll((containers) => containers.map((group) => [...group.querySelectorAll('.tab')].map((tab) => tab.textContent ?? '')));
}

function clickTitleBarCompare(): Promise<void> {
  return page.locator('.editor-group-container.active .editor-actions .action-label[aria-label*="Compare Encodings"]').first().click();
}

/** Opens every row's details and every schema in them, as a reader going through the table would. */
async function openAllDetails(frame: Frame): Promise<void> {
  const closed = frame.locator('table.results .details-toggle[aria-expanded="false"]').first();
  while ((await closed.count()) > 0) await closed.first().click();
  const schemas = frame.locator('table.results details.schema-text:not([open]) > summary').first();
  while ((await schemas.count()) > 0) await schemas.first().click();
}

/** A step of our walkthrough, by its id in package.json (VS Code prefixes the extension's and the walkthrough's). */
function walkthroughStep(id: string) {
  return page.locator(`button.getting-started-step[data-step-id$="#gettingStarted#${id}"]`);
}

/** Expands a walkthrough step and clicks its button (a command link on a line of its own). */
async function runStep(id: string, button: string): Promise<void> {
  const link = page.locator(`.step-description-container[x-step-description-for$="#gettingStarted#${id}"] .monaco-button`, { hasText: button });
  if (!(await link.isVisible())) {
    await walkthroughStep(id).click();
    await link.waitFor({ state: 'visible' });
    // VS Code focuses a step it expands 250 ms after the click (after its animation) and draws
    // the step's picture in a webview of its own: a quick pick the button opens before then loses
    // the focus and closes. A person reads the step first; so does the test.
    await page.waitForTimeout(1500);
  }
  await link.click();
}

async function stepDone(id: string): Promise<void> {
  await page.locator(`.codicon[data-done-step-id$="#gettingStarted#${id}"][aria-checked="true"]`).waitFor({ timeout: 30_000 });
}

describe('the panel beside the editor and the Getting Started walkthrough in VS Code (code-server)', { timeout: 15 * 60_000 }, () => {
  before(async () => {
    session = await openE2eSession((dirs) => {
      // A sweep of three sizes (1, 4 and 16 KiB): the walkthrough's last step runs one.
      fs.mkdirSync(path.join(dirs.workspace, '.vscode'), { recursive: true });
      fs.writeFileSync(path.join(dirs.workspace, '.vscode', 'settings.json'), JSON.stringify({ 'payloadLab.sweep.maxMb': 0.02 }));
    });
    ({ page } = session);
    fs.mkdirSync(outputDir, { recursive: true });
  });

  after(async () => {
    await session?.close();
  });

  test('the walkthrough opens from the Welcome page and each step’s button runs its command', async () => {
    await runPaletteCommand(page, 'Help: Welcome');
    // On a first start code-server shows its own walkthrough: its "Welcome" link goes back to the
    // page's list, where an extension's walkthrough shows once its contributions are read (past
    // a few walkthroughs the rest fold under "More…").
    const category = page.locator('button.getting-started-category', { hasText: 'Get Started with Payload Lab' });
    for (
      let attempt = 1;
      !(await category.waitFor({ timeout: 2000 }).then(
        () => true,
        () => false,
      ));
      attempt++
    ) {
      assert.ok(attempt < 30, 'the Welcome page lists the walkthrough');
      for (const link of [page.locator('.prev-button'), page.locator('.see-all-walkthroughs')]) if (await link.isVisible()) await link.click();
    }
    await category.click();
    await walkthroughStep('compare').waitFor();
    assert.deepEqual(
      await page.locator('button.getting-started-step').evaluateAll((steps) => steps.map((step) => step.getAttribute('data-step-id')?.split('#').pop())),
      ['compare', 'verdict', 'inspect', 'schema', 'sweep'],
    );
    await page.screenshot({ path: path.join(outputDir, 'walkthrough.png') });

    await runStep('compare', 'Compare the Sample');
    const frame = await panelFrame(page);
    assert.match(await waitForRun(frame, 1), /^Finished/);
    assert.equal(await frame.locator('.sample-name').first().textContent(), 'events.json');
    await stepDone('compare');

    await runStep('verdict', 'Show the Results');
    await stepDone('verdict');
    assert.match((await frame.locator('.verdict-pick').first().textContent()) ?? '', /^Gzip alone: [\d.]+× JSON; with /);

    // Inspect a row: its step is done once a row was inspected (the onContext completion).
    await runStep('inspect', 'Show the Results');
    await newest(frame, 'tr[data-codec="avsc"] .inspect-button').click();
    await frame.waitForSelector('.inspector[data-codec="avsc"][data-state="open"]', { timeout: 60_000 });
    await stepDone('inspect');
    await frame.click('.inspector [data-inspector="close"]');

    await runStep('schema', 'Open the Inferred .proto');
    await page.locator('.tab', { hasText: 'events.proto' }).waitFor({ timeout: 30_000 });
    assert.equal(await page.locator('.editor-group-container').count(), 2, 'the schema opened beside the panel, not in a third group');
    await page.locator('.tab', { hasText: 'events.proto' }).click();
    await runPaletteCommand(page, 'View: Revert and Close Editor');

    await page.locator('.tab', { hasText: 'Payload Lab' }).first().waitFor();
    await page
      .locator('.tab', { hasText: /Welcome|Walkthrough|Get Started/ })
      .first()
      .click();
    // The sample pick may still close by itself just after it opens (the step's picture taking
    // the focus as its webview loads): a person then clicks the button again.
    // (The step is done once the sweep starts, not when its command asks for the sample: done
    // then, the walkthrough re-drew itself while the quick picks were open and closed them.)
    const samplePick = page.locator('.quick-input-list .monaco-list-row', { hasText: 'Web events dataset' }).first();
    for (let attempt = 1; ; attempt++) {
      await runStep('sweep', 'Sweep Payload Sizes');
      const opened = await samplePick.waitFor({ state: 'visible', timeout: 10_000 }).then(
        () => true,
        () => false,
      );
      if (opened) await page.waitForTimeout(1000);
      if (opened && (await samplePick.isVisible())) break;
      console.log(`the sweep step's sample pick ${opened ? 'closed by itself' : 'did not open'} (attempt ${attempt})`);
      assert.ok(attempt < 4, 'Run Benchmark… asks for the sample, and its pick stays open');
    }
    await pickQuickItem(page, 'Web events dataset');
    await pickExactly(page, ['JSON (baseline)', 'MessagePack (msgpackr)']);
    await frame.locator('.sweep-view[data-phase="finished"]').first().waitFor({ timeout: 300_000 });
    assert.match((await frame.locator('.sweep-status').first().textContent()) ?? '', /^Finished: 3 of 3 sizes/);
    await stepDone('sweep');
    // The walkthrough's tab goes; the panel stays, with the sweep above its next comparison.
    await page
      .locator('.tab', { hasText: /Welcome|Walkthrough|Get Started/ })
      .first()
      .click();
    await runPaletteCommand(page, 'View: Close Editor');
  });

  test(`at ${WIDTHS.join(', ')} px beside the JSON, every row's details and schema open: nothing scrolls sideways, no header breaks inside a word, every toolbar button shows`, async () => {
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'orders.json' }).first().dblclick();
    await page.locator('.editor-group-container.active .tab.active', { hasText: 'orders.json' }).waitFor({ timeout: 30_000 });
    await clickTitleBarCompare();
    // The JSON opened over the panel (its group was the only one): the panel moves beside it, and
    // its page is drawn anew there. Once, beside another code-server on a busy machine, it had not
    // after 30 s: a click landing while the title bar redraws is lost, and a person clicks again.
    if (!(await twoGroups())) {
      console.log(`after Compare Encodings from the title bar, the groups' tabs: ${JSON.stringify(await tabsPerGroup())}; clicking again`);
      await clickTitleBarCompare();
      assert.ok(await twoGroups(), `the panel beside the JSON: ${JSON.stringify(await tabsPerGroup())}`);
    }
    await page.waitForTimeout(1000);
    const frame = await panelFrame(page);
    await frame.locator('.sample-name', { hasText: 'orders.json' }).first().waitFor({ timeout: 60_000 });
    assert.match(await waitForRun(frame, 1), /^Finished/);
    assert.equal(await page.locator('.editor-group-container').count(), 2, 'the panel opened beside the JSON');
    assert.equal(await frame.locator('.sweep-view').first().isVisible(), true, 'the sweep shows above the comparison');
    await openAllDetails(frame);
    assert.ok((await frame.locator('details.schema-text[open]').count()) >= 2, 'the schemas are shown');

    for (const target of WIDTHS) {
      const width = await narrowPanelTo(target);
      assert.ok(Math.abs(width - target) <= 6, `the panel is ${width} px wide, not about ${target}`);
      const found = (await frame.evaluate(LAYOUT_PROBLEMS)) as LayoutProblems;
      const columns = await shownColumns(frame);
      console.log(`panel ${found.width} px: columns ${columns.join(', ')}; toolbar buttons ${found.buttons}`);
      assert.deepEqual(found.sideways, [], `at ${target} px, elements wider than their box`);
      assert.deepEqual(found.brokenWords, [], `at ${target} px, words broken across lines`);
      assert.deepEqual(found.clippedButtons, [], `at ${target} px, toolbar buttons out of view`);
      for (const id of DECIDING) assert.ok(columns.includes(id), `${id} on show at ${target} px`);
      assert.equal(columns.includes('encode'), columns.includes('decode'), 'Encode and Decode show together');
      // The README's picture: the comparison from its top (sample, toolbar, verdict, table).
      await frame
        .locator('.results-view')
        .first()
        .evaluate((view) => (view as unknown as { scrollIntoView(options: object): void }).scrollIntoView({ block: 'start' }));
      await page.locator('iframe.webview').screenshot({ path: path.join(outputDir, `panel-${target}.png`) });
    }
  });

  test('at full width more columns show; Compare Encodings from the JSON title bar reveals the panel beside it', async () => {
    await page.setViewportSize({ width: 1500, height: 950 });
    await runPaletteCommand(page, 'View: Join All Editor Groups');
    await page.locator('.tab', { hasText: 'Payload Lab' }).first().click();
    const frame = await panelFrame(page);
    await frame.waitForFunction(
      () => {
        const shown =
          (globalThis as unknown as { document: { querySelector(selector: string): { getAttribute(name: string): string | null } | null } }).document
            .querySelector('table.results')
            ?.getAttribute('data-columns') ?? '';
        return shown.split(' ').length > 5;
      },
      undefined,
      { timeout: 30_000 },
    );
    await page.screenshot({ path: path.join(outputDir, 'panel-full.png') });
    const runs = await shownRunId(frame);

    // The JSON in front of the panel's own group (the panel's page goes): the title-bar command
    // must not hide it again.
    await page.locator('.tab', { hasText: 'orders.json' }).first().click();
    await clickTitleBarCompare();
    await waitForRun(await panelFrame(page), runs + 1);
    assert.equal(await page.locator('.editor-group-container').count(), 2, 'the panel moved beside the JSON');
    const visible = await page.locator('.editor-group-container .tab.active').allTextContents();
    assert.ok(
      visible.some((text) => text.includes('orders.json')),
      `the JSON stays in view: ${visible.join(' | ')}`,
    );
    assert.ok(
      visible.some((text) => text.includes('Payload Lab')),
      `the panel is in view: ${visible.join(' | ')}`,
    );
  });

  test('with the panel focused, Open sample and Open inferred .proto open in the group beside it, not a third', async () => {
    const frame = await panelFrame(page);
    await page.locator('.tab', { hasText: 'orders.json' }).first().click();
    await runPaletteCommand(page, 'View: Close Editor');
    await frame.click('.sample-name'); // the panel has focus
    await frame.click('button[data-action="open-sample"]');
    await page.locator('.tab.active', { hasText: 'orders.json' }).waitFor({ timeout: 30_000 });
    assert.equal(await page.locator('.editor-group-container').count(), 2, 'Open sample: two groups');
    await frame.click('.sample-name');
    await frame.click('button[data-action="open-inferred-proto"]');
    await page.locator('.tab.active', { hasText: 'orders.proto' }).waitFor({ timeout: 30_000 });
    assert.equal(await page.locator('.editor-group-container').count(), 2, 'Open inferred .proto: two groups');
    const groups = await tabsPerGroup();
    assert.ok(
      groups.some((tabs) => tabs.some((tab) => tab.includes('Payload Lab')) && !tabs.some((tab) => tab.includes('orders'))),
      `the panel's group holds neither file: ${JSON.stringify(groups)}`,
    );
    await runPaletteCommand(page, 'View: Revert and Close Editor');
  });
});
