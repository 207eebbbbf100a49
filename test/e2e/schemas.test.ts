/**
 * Compare Encodings on schema files in a real VS Code (code-server): a .proto's message type
 * and a generated sample picked from quick picks, and a broken .proto reported as a
 * notification with file:line:column and as a diagnostic in the Problems view.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { repoRoot } from '../support/paths';
import { openE2eSession, type E2eSession } from './support/session';
import { explorerContextCommand, panelFrame, pickQuickItem } from './support/workbench';

let session: E2eSession | undefined;
let page: Page;

async function waitForFinished(frame: Frame, timeoutMs = 180_000): Promise<string> {
  await frame.waitForFunction(() => {
    // Runs in the page; the test's tsconfig has no DOM types.
    const page = globalThis as unknown as { document: { querySelector(selector: string): { textContent: string | null } | null } };
    return /^(Finished|Cancelled|The run failed)/.test(page.document.querySelector('.run-status')?.textContent ?? '');
  }, undefined, { timeout: timeoutMs });
  return (await frame.locator('.run-status').textContent()) ?? '';
}

describe('Compare Encodings on schema files in VS Code (code-server)', { timeout: 10 * 60_000 }, () => {
  before(async () => {
    session = await openE2eSession((added) => {
      fs.copyFileSync(path.join(repoRoot, 'schemas', 'Items.proto'), path.join(added.workspace, 'Items.proto'));
      fs.writeFileSync(path.join(added.workspace, 'broken.proto'), 'syntax = "proto3";\n\nmessage Broken {\n  int32 x = ;\n}\n');
      // Imports: a well-known type (no setting needed) and a file found through payloadLab.protoIncludePaths.
      fs.writeFileSync(
        path.join(added.workspace, 'event.proto'),
        'syntax = "proto3";\nimport "google/protobuf/timestamp.proto";\nimport "shared/money.proto";\nmessage Event {\n  google.protobuf.Timestamp at = 1;\n  shared.Money price = 2;\n}\n',
      );
      fs.mkdirSync(path.join(added.workspace, 'protos', 'shared'), { recursive: true });
      fs.writeFileSync(path.join(added.workspace, 'protos', 'shared', 'money.proto'), 'syntax = "proto3";\npackage shared;\nmessage Money { string currency = 1; int32 cents = 2; }\n');
      fs.writeFileSync(path.join(added.workspace, 'lonely.proto'), 'syntax = "proto3";\nimport "nowhere/x.proto";\nmessage Lonely { int32 x = 1; }\n');
      fs.mkdirSync(path.join(added.workspace, '.vscode'), { recursive: true });
      fs.writeFileSync(path.join(added.workspace, '.vscode', 'settings.json'), JSON.stringify({ 'payloadLab.protoIncludePaths': ['protos'] }));
    });
    ({ page } = session);
  });

  after(async () => {
    await session?.close();
  });

  test('a .proto: pick the message type and a generated sample; protobufjs uses the schema as given, avsc a derived one', async () => {
    await explorerContextCommand(page, 'Items.proto', 'Compare Encodings');
    const labels = page.locator('.quick-input-list .monaco-list-row .label-name');
    await labels.first().waitFor({ timeout: 60_000 });
    assert.deepEqual((await labels.allTextContents()).map((text) => text.trim()), ['Items', 'Item']);
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'default' }).first().click();
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Generate 1000 records from Items (seed 1)' }).waitFor({ timeout: 30_000 });
    await pickQuickItem(page, 'Generate 1000 records from Items');
    const frame = await panelFrame(page);
    assert.match(await waitForFinished(frame), /^Finished/);
    assert.match((await frame.locator('.sample-name').textContent()) ?? '', /1000 records generated from Items \(seed 1\) with Items\.proto/);
    assert.equal(await frame.locator('tr[data-codec="protobufjs"].row-completed').getAttribute('data-schema'), 'provided');
    assert.equal(await frame.locator('tr[data-codec="avsc"].row-completed').getAttribute('data-schema'), 'derived');
    assert.match((await frame.locator('.sample-facts').textContent()) ?? '', /\d B generated$/);
    // No file behind generated records: Open sample shows them as an untitled JSON document.
    await frame.locator('button[data-action="open-sample"]').click();
    await page.locator('.tab', { hasText: 'Items-1000-records.json' }).first().waitFor({ timeout: 30_000 });
    await page.locator('[id="status.editor.mode"]', { hasText: 'JSON' }).waitFor({ timeout: 10_000 });
    await page.locator('.editor-instance .view-lines', { hasText: /^\[\{/ }).first().waitFor({ timeout: 10_000 });
  });

  test('a .proto with a syntax error: the notification names file:line:column and the Problems view lists it', async () => {
    await explorerContextCommand(page, 'broken.proto', 'Compare Encodings');
    const message = page.locator('.notifications-toasts .notification-list-item-message', { hasText: 'broken.proto:4:13' });
    await message.waitFor({ timeout: 60_000 });
    assert.match((await message.textContent()) ?? '', /illegal id/);
    await page.locator('.notifications-toasts .monaco-button', { hasText: 'Go to Error' }).first().click();
    await page.locator('.statusbar-item', { hasText: 'Ln 4, Col 13' }).waitFor({ timeout: 30_000 });
    // The status bar's problem count opens the Problems view.
    await page.locator('[id="status.problems"]').click();
    await page.locator('.monaco-list-row', { hasText: "illegal id ';'" }).first().waitFor({ timeout: 30_000 });
  });

  test('a .proto importing a well-known type and a file of payloadLab.protoIncludePaths runs with the schema as given', async () => {
    await explorerContextCommand(page, 'event.proto', 'Compare Encodings');
    const generate = page.locator('.quick-input-list .monaco-list-row', { hasText: 'Generate 1000 records from Event' });
    const notification = page.locator('.notifications-toasts .notification-list-item-message', { hasText: 'event.proto' });
    await generate.or(notification).first().waitFor({ timeout: 60_000 });
    assert.equal(await notification.count(), 0, `the schema did not load: ${(await notification.allTextContents()).join(' | ')}`);
    await pickQuickItem(page, 'Generate 1000 records from Event');
    const frame = await panelFrame(page);
    assert.match(await waitForFinished(frame), /^Finished/);
    assert.equal(await frame.locator('tr[data-codec="protobufjs"].row-completed').getAttribute('data-schema'), 'provided');
    assert.equal(await frame.locator('tr[data-codec="avsc"].row-completed').getAttribute('data-schema'), 'derived');
  });

  test('a .proto with an import not found: the notification names the import line and the paths searched', async () => {
    await explorerContextCommand(page, 'lonely.proto', 'Compare Encodings');
    const message = page.locator('.notifications-toasts .notification-list-item-message', { hasText: 'lonely.proto:2:9' });
    await message.waitFor({ timeout: 60_000 });
    assert.match((await message.textContent()) ?? '', /import "nowhere\/x\.proto" not found; searched: .*nowhere.x\.proto/);
  });
});
