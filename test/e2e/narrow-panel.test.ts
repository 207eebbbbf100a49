/**
 * The panel beside the JSON it compared, in a real VS Code (code-server): opened from the JSON
 * editor's title bar, narrowed to about 480 px, its results table has no sideways scroll, the
 * deciding columns are in view and the verdict is shown. Then at full width, and Compare
 * Encodings from the title bar again reveals the panel beside the JSON, not over it.
 * Screenshots of both widths go to test/output (the README's come from there).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { repoRoot } from '../support/paths';
import { openE2eSession, type E2eSession } from './support/session';
import { panelFrame, runPaletteCommand, waitForRun } from './support/workbench';

const outputDir = path.join(repoRoot, 'test', 'output');
const DECIDING = ['codec', 'ratio', 'encodeSpeedup', 'decodeSpeedup', 'roundTrip'];
const TARGET_WIDTH = 480;

let session: E2eSession | undefined;
let page: Page;

interface PanelFit {
  width: number;
  /** The panel page's own scroll width: nothing on it may be wider than the panel. */
  pageScrollWidth: number;
  scrollWidth: number;
  clientWidth: number;
  shown: string[];
  /** Deciding column headers not wholly inside the panel. */
  offscreen: string[];
}

/** Waits until the table folds columns, or shows more than the deciding five (the page's CSP forbids eval'd strings). */
async function waitForColumns(frame: Frame, wanted: 'folded' | 'more'): Promise<void> {
  await frame.waitForFunction((mode) => {
    const page = globalThis as unknown as { document: { querySelector(selector: string): { getAttribute(name: string): string | null } | null } };
    const shown = (page.document.querySelector('table.results')?.getAttribute('data-columns') ?? '').split(' ').length;
    return mode === 'more' ? shown > 5 : shown < 11;
  }, wanted, { timeout: 30_000 });
}

/** Measured in the panel's page (the test's tsconfig has no DOM types: plain element calls). */
function panelFit(frame: Frame): Promise<PanelFit> {
  return frame.locator('.results-block .table-scroll').evaluate((scroll, deciding) => {
    const table = scroll.querySelector('table.results')!;
    const root = scroll.ownerDocument.documentElement;
    const ids = ['codec', 'format', 'bytes', 'ratio', 'encode', 'decode', 'encodeSpeedup', 'decodeSpeedup', 'roundTrip', 'remnants', 'bundle'];
    const headers = [...table.querySelectorAll('thead th')];
    const offscreen = deciding.filter((id) => {
      const box = headers[ids.indexOf(id)]!.getBoundingClientRect();
      return box.width === 0 || box.left < 0 || box.right > root.clientWidth;
    });
    return { width: root.clientWidth, pageScrollWidth: root.scrollWidth, scrollWidth: scroll.scrollWidth, clientWidth: scroll.clientWidth, shown: (table.getAttribute('data-columns') ?? '').split(' '), offscreen };
  }, DECIDING);
}

/** The panel's width in the workbench: its webview element's box. */
async function panelWidth(): Promise<number> {
  const boxes = await page.locator('iframe.webview').evaluateAll((frames) => frames.map((frame) => frame.getBoundingClientRect().width).filter((width) => width > 0));
  assert.equal(boxes.length, 1, 'one visible webview');
  return boxes[0]!;
}

/** Resizes the browser window until the panel (one of two editor groups) is about `width` wide. */
async function narrowPanelTo(width: number): Promise<number> {
  let viewport = page.viewportSize()!.width;
  let current = await panelWidth();
  let perPixel = 0.5; // two groups share the editor area; corrected from what each step does
  for (let step = 0; step < 6 && Math.abs(current - width) > 6; step++) {
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

function clickTitleBarCompare(): Promise<void> {
  return page.locator('.editor-group-container.active .editor-actions .action-label[aria-label*="Compare Encodings"]').first().click();
}

describe('the panel beside the editor in VS Code (code-server)', { timeout: 10 * 60_000 }, () => {
  before(async () => {
    session = await openE2eSession();
    ({ page } = session);
    fs.mkdirSync(outputDir, { recursive: true });
  });

  after(async () => {
    await session?.close();
  });

  test(`at a ${TARGET_WIDTH} px panel beside the JSON: no sideways scroll, the deciding columns and the verdict shown`, async () => {
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'orders.json' }).first().dblclick();
    await page.locator('.editor-group-container.active .tab.active', { hasText: 'orders.json' }).waitFor({ timeout: 30_000 });
    await clickTitleBarCompare();
    const frame = await panelFrame(page);
    assert.match(await waitForRun(frame, 1), /^Finished/);
    assert.equal(await page.locator('.editor-group-container').count(), 2, 'the panel opened beside the JSON');

    const width = await narrowPanelTo(TARGET_WIDTH);
    assert.ok(Math.abs(width - TARGET_WIDTH) <= 6, `the panel is ${width} px wide`);
    await waitForColumns(frame, 'folded');
    const fit = await panelFit(frame);
    console.log(`panel ${fit.width} px: table scrollWidth ${fit.scrollWidth}, clientWidth ${fit.clientWidth}, columns on show: ${fit.shown.join(', ')}`);
    assert.ok(fit.scrollWidth <= fit.clientWidth, `the table scrolls sideways: ${fit.scrollWidth} > ${fit.clientWidth}`);
    assert.ok(fit.pageScrollWidth <= fit.width, `the page scrolls sideways: ${fit.pageScrollWidth} > ${fit.width}`);
    for (const id of DECIDING) assert.ok(fit.shown.includes(id), `${id} on show`);
    assert.deepEqual(fit.offscreen, []);
    assert.match((await frame.locator('.verdict-pick').textContent()) ?? '', /^For size: /);
    assert.ok(await frame.locator('.verdict-claims li[data-claim="smallest"]').isVisible());
    // Taller for the picture: the verdict and the whole table in one screenshot.
    await page.setViewportSize({ width: page.viewportSize()!.width, height: 1400 });
    await page.waitForTimeout(800);
    await page.screenshot({ path: path.join(outputDir, 'panel-480.png') });
  });

  test('at full width more columns show, none scrolls; Compare Encodings from the JSON title bar reveals the panel beside it', async () => {
    await page.setViewportSize({ width: 1500, height: 950 });
    await runPaletteCommand(page, 'View: Join All Editor Groups');
    await page.locator('.tab', { hasText: 'Payload Lab' }).first().click();
    const frame = await panelFrame(page);
    await waitForColumns(frame, 'more');
    const fit = await panelFit(frame);
    console.log(`panel ${fit.width} px: table scrollWidth ${fit.scrollWidth}, clientWidth ${fit.clientWidth}, columns on show: ${fit.shown.join(', ')}`);
    assert.ok(fit.scrollWidth <= fit.clientWidth, `the table scrolls sideways: ${fit.scrollWidth} > ${fit.clientWidth}`);
    await page.screenshot({ path: path.join(outputDir, 'panel-full.png') });

    // The JSON in front of the panel's own group: the title-bar command must not hide it again.
    await page.locator('.tab', { hasText: 'orders.json' }).first().click();
    await clickTitleBarCompare();
    await waitForRun(await panelFrame(page), 2);
    assert.equal(await page.locator('.editor-group-container').count(), 2, 'the panel moved beside the JSON');
    const visible = await page.locator('.editor-group-container .tab.active').allTextContents();
    assert.ok(visible.some((text) => text.includes('orders.json')), `the JSON stays in view: ${visible.join(' | ')}`);
    assert.ok(visible.some((text) => text.includes('Payload Lab')), `the panel is in view: ${visible.join(' | ')}`);
  });
});
