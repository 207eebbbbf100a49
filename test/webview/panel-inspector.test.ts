/**
 * The decoded-output inspector in a real Chromium, answered by a real inspection worker: it
 * opens from a codec's row, marks a remnant at its row and explains it on hover, jumps between
 * findings, stays virtualised on a big array, pages through the hex with annotated bytes, and
 * copies. The rows come from the suite's real run; the relay decodes the sample each test names.
 */
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { pack } from 'msgpackr';
import { REMNANT_KIND_INFO } from '../../src/shared/remnant-kinds';
import { fixture, tuplesSample } from '../support/paths';
import { relayInspector, type InspectorRelay } from './support/inspector-relay';
import type { PanelPage } from './support/panel-harness';
import { assertNoProblems, panelSuite } from './support/suite';

const suite = panelSuite();
const MIXED = fixture('mixed-sample.json');

async function openWithRelay(t: TestContext, samplePath: string): Promise<{ panel: PanelPage; relay: InspectorRelay }> {
  let relay: InspectorRelay | undefined;
  const panel = await suite.open(t, {
    beforeLoad: async (page) => {
      relay = await relayInspector(page, samplePath);
    },
  });
  t.after(() => relay?.close());
  await panel.deliver(...suite.run.messages(1));
  return { panel, relay: relay! };
}

/** Polls an element's text (the page's CSP rules out string functions). */
async function waitForText(panel: PanelPage, selector: string, ok: (text: string) => boolean): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    if (ok((await panel.page.locator(selector).first().textContent()) ?? '')) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  assert.fail(`${selector} never matched; it reads: ${await panel.page.locator(selector).first().textContent()}`);
}

async function inspect(panel: PanelPage, codec: string): Promise<void> {
  await panel.page.click(`button[data-inspect="${codec}"]`);
  await panel.page.waitForSelector(`.inspector[data-codec="${codec}"][data-state="open"]`);
  await panel.page.waitForSelector('.tree-row[data-path="$"]');
}

test('Inspect on protobufjs: the tree marks a Message prototype at its row and explains it on hover', async (t) => {
  const { panel } = await openWithRelay(t, MIXED);
  await inspect(panel, 'protobufjs');
  // The root holds a google.protobuf.Value field, so the codec converts it to a plain object;
  // the messages below it are decoded as protobufjs Message instances.
  const owner = panel.page.locator('.tree-row[data-path="$.owner"]');
  await owner.locator('.remnant-badge[data-kind="prototype"]').waitFor();
  const title = await owner.getAttribute('title');
  assert.match(title ?? '', new RegExp(REMNANT_KIND_INFO.prototype.title));
  assert.match(title ?? '', /protobufjs Message/);
  assert.equal(await panel.page.locator('.tree-row[data-path="$"] .remnant-badge[data-kind="prototype"]').count(), 0, 'the converted root is plain');
  // The nested object's row carries its own mark.
  assert.equal(await owner.getAttribute('aria-expanded'), 'false');
  await owner.locator('.twisty').click();
  await panel.page.locator('.tree-row[data-path="$.owner.address"] .remnant-badge[data-kind="prototype"]').waitFor();
  await assertNoProblems(panel);
});

test('a row click opens the inspector too; Close hides it and tells the host', async (t) => {
  const { panel } = await openWithRelay(t, MIXED);
  await panel.page.click('tr[data-codec="msgpackr"] td.format');
  await panel.page.waitForSelector('.inspector[data-codec="msgpackr"][data-state="open"]');
  assert.match((await panel.page.textContent('.findings-bar')) ?? '', /No findings/);
  await panel.page.click('.inspector [data-inspector="close"]');
  assert.equal(await panel.page.isHidden('.inspector'), true);
  assert.ok((await panel.calls()).includes('inspector-close'));
  await assertNoProblems(panel);
});

test('jumping between findings opens the rows down to each one and selects it', async (t) => {
  const { panel } = await openWithRelay(t, tuplesSample);
  await inspect(panel, 'protobufjs');
  await panel.page.selectOption('.finding-filter', 'prototype');
  await panel.page.click('button[data-finding="next"]');
  await panel.page.waitForSelector('.tree-row.selected[data-path="$"]');
  await panel.page.click('button[data-finding="next"]');
  const selected = panel.page.locator('.tree-row.selected[data-path="$.items[0]"]');
  await selected.waitFor();
  assert.equal(await selected.locator('.remnant-badge[data-kind="prototype"]').count(), 1);
  assert.match((await panel.page.textContent('.finding-status')) ?? '', /^2 of [\d,]+: \$\.items\[0\]/);
  await panel.page.click('button[data-finding="previous"]');
  await panel.page.waitForSelector('.tree-row.selected[data-path="$"]');
  await assertNoProblems(panel);
});

test('a 19,784-item array stays virtualised: ranges of 100, and only the rows in view are drawn', async (t) => {
  const { panel } = await openWithRelay(t, tuplesSample);
  await inspect(panel, 'msgpackr');
  const items = panel.page.locator('.tree-row[data-path="$.items"]');
  await items.waitFor();
  // From the keyboard: select the items row, open it with ArrowRight.
  await panel.page.focus('.tree-viewport');
  await panel.page.keyboard.press('ArrowDown');
  assert.equal(await items.getAttribute('aria-selected'), 'true');
  await panel.page.keyboard.press('ArrowRight');
  await panel.page.waitForSelector('.tree-row.range');
  const ranges = await panel.page.locator('.tree-row.range').allTextContents();
  assert.equal(ranges[0]?.trim().replace(/^▸/, ''), '[0 … 9,999]');
  // Open the last range all the way to its last item, then scroll to the bottom.
  const toBottom = () =>
    panel.page.locator('.tree-viewport').evaluate((viewport) => {
      viewport.scrollTop = viewport.scrollHeight;
    });
  await panel.page.locator('.tree-row.range', { hasText: '[10,000 … 19,783]' }).locator('.twisty').click();
  assert.equal(await panel.page.locator('.tree-row.range', { hasText: '[19,700 … 19,783]' }).count(), 0, 'the last of 98 ranges is below the view: not drawn');
  await toBottom();
  await panel.page.locator('.tree-row.range', { hasText: '[19,700 … 19,783]' }).locator('.twisty').click();
  await toBottom();
  await panel.page.waitForSelector('.tree-row[data-path="$.items[19783]"]');
  const drawn = await panel.page.locator('.tree-row').count();
  assert.ok(drawn < 80, `only the rows in view are in the DOM (${drawn})`);
  await assertNoProblems(panel);
});

test('the bytes tab pages through the hex, annotates keys, and copies a page as hex', async (t) => {
  const { panel, relay } = await openWithRelay(t, tuplesSample);
  await inspect(panel, 'msgpackr');
  const encoded = pack(JSON.parse(fs.readFileSync(tuplesSample, 'utf8')));
  await panel.page.click('button[data-tab="bytes"]');
  await panel.page.waitForSelector('.hex-row');
  assert.match((await panel.page.textContent('.hex-position')) ?? '', /page 1 of /);
  const firstRow = await panel.page.locator('.hex-row').first().locator('.hex-bytes .byte').allTextContents();
  assert.deepEqual(
    firstRow,
    [...encoded.subarray(0, 16)].map((byte) => byte.toString(16).padStart(2, '0')),
  );

  await panel.page.click('button[data-hex="next"]');
  await waitForText(panel, '.hex-position', (text) => text.includes('page 2 of'));
  assert.equal(await panel.page.locator('.hex-offset').first().textContent(), '00000400');
  const secondPageRow = await panel.page.locator('.hex-row').first().locator('.hex-bytes .byte').allTextContents();
  assert.deepEqual(
    secondPageRow,
    [...encoded.subarray(1024, 1040)].map((byte) => byte.toString(16).padStart(2, '0')),
  );

  // A key's bytes name the key and its path.
  const key = panel.page.locator('.hex-bytes .byte.role-key').first();
  await key.hover();
  assert.match((await panel.page.textContent('.hex-annotation')) ?? '', /^0x[0-9a-f]{6}: \$\.items\[\d+\]\.[xyz] — .*key/);

  await panel.page.click('button[data-copy="hex"]');
  await waitForText(panel, '.copy-outcome', (text) => text.startsWith('Copied'));
  assert.equal(relay.copied.at(-1), Buffer.from(encoded.subarray(1024, 2048)).toString('hex'));

  await panel.page.fill('.hex-offset-input', '0x2000');
  await panel.page.press('.hex-offset-input', 'Enter');
  await waitForText(panel, '.hex-offset', (text) => text === '00002000');
  await assertNoProblems(panel);
});

test('at 330 px the open inspector (tree and hex) fits the panel: nothing makes the page scroll sideways', async (t) => {
  const { panel } = await openWithRelay(t, MIXED);
  await panel.page.setViewportSize({ width: 330, height: 800 });
  await inspect(panel, 'msgpackr');
  const fit = () =>
    panel.page.evaluate(() => {
      const doc = (
        globalThis as unknown as {
          document: {
            documentElement: { scrollWidth: number; clientWidth: number };
            querySelectorAll(s: string): Iterable<{ scrollWidth: number; clientWidth: number; className: string; getBoundingClientRect(): { right: number } }>;
          };
        }
      ).document;
      const root = doc.documentElement;
      const past = [...doc.querySelectorAll('.inspector *')]
        .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 1)
        .map((element) => String(element.className))
        .slice(0, 5);
      return { page: root.scrollWidth, width: root.clientWidth, past };
    });
  const tree = await fit();
  assert.ok(tree.page <= tree.width, `the page is ${tree.page} px wide in a ${tree.width} px panel; past its edge: ${tree.past.join(', ')}`);
  await panel.page.click('.inspector [role="tab"]:not([aria-selected="true"])');
  const hex = await fit();
  assert.ok(hex.page <= hex.width, `with the hex shown the page is ${hex.page} px wide in ${hex.width} px; past its edge: ${hex.past.join(', ')}`);
  await assertNoProblems(panel);
});
