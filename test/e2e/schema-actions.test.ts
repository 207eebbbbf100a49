/**
 * The panel's schema actions in a real VS Code (code-server): a JSON sample compared, its
 * inferred .proto and .avsc opened from the panel as untitled editors named after the sample
 * (the .avsc as JSON, saved beside the sample without a dialog), the .fbs, .capnp and .bop its
 * rows translate opened the same way, a variant change re-running protobufjs with its change
 * against the previous choice shown in the row, and Compare with This Schema in the inferred
 * .proto and .fbs.
 */
import { after, before, describe, test } from 'node:test';
import { toolSettings } from './support/generated-rows';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { openE2eSession, type E2eSession } from './support/session';
import { writeMachineSettings } from './support/workspace';
import { explorerContextCommand, newest, panelFrame, runPaletteCommand, showPanel, waitForRun } from './support/workbench';

let session: E2eSession | undefined;
let page: Page;
let frame: Frame;
let tools: Awaited<ReturnType<typeof toolSettings>>;

describe('Schema actions of the panel in VS Code (code-server)', { timeout: 10 * 60_000 }, () => {
  before(async () => {
    tools = await toolSettings();
    session = await openE2eSession((dirs) => {
      // Where the test finds the code generators, VS Code is told by the settings a user would set (machine settings: Remote, in code-server).
      writeMachineSettings(dirs, 'settings' in tools ? tools.settings : {});
    });
    ({ page } = session);
  });

  after(async () => {
    await session?.close();
  });

  test('Open inferred .proto opens an untitled editor named orders.proto holding the proto3 schema of the sample', async () => {
    await explorerContextCommand(page, 'orders.json', 'Compare Encodings');
    frame = await panelFrame(page);
    assert.match(await waitForRun(frame, 1), /^Finished/);
    await frame.locator('button[data-action="open-inferred-proto"]').first().click();
    const editor = page.locator('.editor-instance .view-lines', { hasText: /syntax\s=\s"proto3"/ });
    await editor.first().waitFor({ timeout: 60_000 });
    await page.locator('.tab', { hasText: 'orders.proto' }).first().waitFor({ timeout: 10_000 });
    assert.equal(await page.locator('.tab', { hasText: /Untitled|Inferred by/ }).count(), 0, 'no tab named Untitled-n or by its first line');
  });

  test('Open inferred .avsc opens orders.avsc as JSON; Save writes it beside the sample', async () => {
    await frame.locator('button[data-action="open-inferred-avsc"]').first().click();
    const tab = page.locator('.tab', { hasText: 'orders.avsc' }).first();
    await tab.waitFor({ timeout: 60_000 });
    await page.locator('[id="status.editor.mode"]', { hasText: 'JSON' }).waitFor({ timeout: 10_000 });
    const saved = path.join(session!.dirs.workspace, 'orders.avsc');
    assert.equal(fs.existsSync(saved), false);
    await tab.click();
    await page.keyboard.press('Control+S');
    // The file can exist before VS Code has written all of it: wait for a whole JSON document.
    const written = () => (fs.existsSync(saved) ? fs.readFileSync(saved, 'utf8') : '');
    for (let waited = 0; !written().trim().endsWith('}') && waited < 30_000; waited += 250) await page.waitForTimeout(250);
    const schema = JSON.parse(written()) as { type?: string };
    assert.equal(schema.type, 'record');
  });

  test('Open inferred .fbs, .capnp and .bop open orders.fbs, orders.capnp and orders.bop: the schemas the rows translate from the inferred one', async () => {
    // What each language's first lines hold (the editor draws only the lines in view, its spaces as no-break spaces).
    const marks = { fbs: /table\sRoot\s\{/, capnp: /@0x[0-9a-f]{16};/, bop: /message\sRoot\s\{/ };
    for (const [format, mark] of Object.entries(marks)) {
      frame = await showPanel(page);
      await frame.getByRole('button', { name: `Open inferred .${format}` }).click();
      await page
        .locator('.tab', { hasText: `orders.${format}` })
        .first()
        .waitFor({ timeout: 60_000 });
      await page.locator('.editor-instance .view-lines', { hasText: mark }).first().waitFor({ timeout: 10_000 });
    }
  });

  test('choosing zigzag integers re-runs protobufjs only, showing its change against the previous choice', async () => {
    frame = await showPanel(page);
    const runId = Number(await frame.locator('.run-status').first().getAttribute('data-run-id'));
    await frame.locator('select[data-variant="integers"]').first().selectOption('zigzag');
    assert.match(await waitForRun(frame, runId + 1), /^Finished/);
    assert.match((await newest(frame, 'tr[data-codec="protobufjs"] .variant-delta').first().textContent()) ?? '', /^vs previous: bytes /);
    assert.equal(await newest(frame, 'tr[data-codec="avsc"] .variant-delta').count(), 0);
    assert.equal(await frame.locator('.run-variants').first().textContent(), 'Inferred schemas: integers: zigzag');
  });

  test('Compare with This Schema in the inferred .proto re-runs the last sample with it as the provided schema', async () => {
    const runId = Number(await (await showPanel(page)).locator('.run-status').first().getAttribute('data-run-id'));
    await page.locator('.tab', { hasText: 'orders.proto' }).first().click();
    await runPaletteCommand(page, 'Payload Lab: Compare with This Schema');
    // The inferred .proto declares several messages: the default (Root) is picked.
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'default' }).first().click({ timeout: 60_000 });
    // The run brings the panel back.
    frame = await showPanel(page);
    assert.match(await waitForRun(frame, runId + 1), /^Finished/);
    assert.equal(await newest(frame, 'tr[data-codec="protobufjs"].row-completed').first().getAttribute('data-schema'), 'provided');
    assert.equal(await frame.locator('.schema-tools').first().isVisible(), false, 'no inferred-schema tools with a provided schema');
  });

  test("Compare with This Schema in the inferred .fbs re-runs the last sample with it as the flatbuffers row's schema", async (t) => {
    if ('missing' in tools) return t.skip(tools.missing);
    const runId = Number(await (await showPanel(page)).locator('.run-status').first().getAttribute('data-run-id'));
    await page.locator('.tab', { hasText: 'orders.fbs' }).first().click();
    await runPaletteCommand(page, 'Payload Lab: Compare with This Schema');
    frame = await showPanel(page);
    assert.match(await waitForRun(frame, runId + 1, 300_000), /^Finished/);
    assert.equal(await newest(frame, 'tr[data-codec="flatbuffers"].row-completed').first().getAttribute('data-schema'), 'provided');
  });
});
