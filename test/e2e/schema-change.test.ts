/**
 * Check Schema Change in a real VS Code (code-server) on a git repository the test makes:
 * Items.proto committed, then changed in the working tree (x from int32 to sint32). From the
 * Explorer's menu, one command and its three picks (the version at HEAD, the message, the
 * records) show the matrix in the panel, read by VS Code's own Git extension and the engine in
 * a codec worker; a cell shows x's values read as other values; a link opens the committed
 * version at the changed line beside the panel. Then, from the SCM view's changed files, the
 * same command on a version that does not load says which version and where; and from the
 * palette on the open editor, its unsaved edits are the new version.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { repoRoot } from '../support/paths';
import { extensionLogLines } from './support/extension-log';
import { openE2eSession, type E2eSession } from './support/session';
import { explorerContextCommand, newest, panelFrame, runPaletteCommand } from './support/workbench';

let session: E2eSession | undefined;
let page: Page;

const ITEMS = fs.readFileSync(path.join(repoRoot, 'schemas', 'Items.proto'), 'utf8');

function git(cwd: string, ...args: string[]): void {
  execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'init.defaultBranch=main', ...args], { cwd, stdio: 'ignore' });
}

/** Picks the row of the quick pick titled `title` that shows `text`. */
async function pick(title: RegExp, text: string | RegExp): Promise<void> {
  await page.locator('.quick-input-widget .quick-input-title', { hasText: title }).waitFor({ timeout: 60_000 });
  await page.locator('.quick-input-list .monaco-list-row', { hasText: text }).first().click();
}

async function schemaChangeFinished(timeoutMs = 180_000): Promise<Frame> {
  const frame = await panelFrame(page);
  await frame.locator('.schema-change-view[data-phase="finished"], .schema-change-view[data-phase="failed"]').first().waitFor({ timeout: timeoutMs });
  return frame;
}

describe('Check Schema Change in VS Code (code-server) on a git repository', { timeout: 10 * 60_000 }, () => {
  before(async () => {
    session = await openE2eSession((dirs) => {
      fs.writeFileSync(path.join(dirs.workspace, 'Items.proto'), ITEMS);
      git(dirs.workspace, 'init', '-q');
      git(dirs.workspace, 'add', 'Items.proto');
      git(dirs.workspace, 'commit', '-q', '-m', 'Items.proto as published');
      // The change in the working tree, not committed.
      fs.writeFileSync(path.join(dirs.workspace, 'Items.proto'), ITEMS.replace('int32 x = 1;', 'sint32 x = 1;'));
    });
    ({ page } = session);
  });

  after(async () => {
    await session?.close();
  });

  test("from the Explorer, Items.proto against HEAD: the matrix with x's values reinterpreted", async () => {
    await explorerContextCommand(page, 'Items.proto', 'Check Schema Change');
    await pick(/the earlier version/, /HEAD/);
    // Items.proto declares Item and Items: the one no other message refers to is the default.
    await pick(/the message/, /default/);
    await pick(/the records/, /Generate \d+ records/);
    const frame = await schemaChangeFinished();
    assert.equal(
      await frame.locator('.schema-change-view').first().getAttribute('data-phase'),
      'finished',
      (await frame.locator('.schema-change-status').first().textContent()) ?? '',
    );
    assert.equal(await frame.locator('.schema-change-title').first().textContent(), 'Schema change: Items.proto (message Items)');
    // The old version is the committed one, read through VS Code's Git extension.
    assert.match((await frame.locator('.schema-change-versions dd[data-origin="git"]').first().textContent()) ?? '', /^HEAD \([0-9a-f]{7}\) · Items\.proto$/);
    const verdicts = await newest(frame, 'button.schema-change-cell').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-verdict')));
    assert.deepEqual(verdicts, ['equal', 'reinterpreted', 'reinterpreted', 'equal']);
    await frame.locator('button.schema-change-cell[data-writer="0"][data-reader="1"]').first().click();
    const detail = frame.locator('.schema-change-detail').first();
    assert.equal(await detail.locator('.reading-reinterpreted').first().getAttribute('data-path'), '$.items[*].x');
    const examples = await detail
      .locator('.schema-examples tbody tr')
      .evaluateAll((rows) => rows.map((row) => [row.children[1]!.textContent, row.children[2]!.textContent]));
    assert.ok(examples.length > 0);
    // Written by int32, read by sint32: the same varint taken as zigzag.
    for (const [written, read] of examples) assert.equal(Number(read), (Number(written) >>> 1) ^ -(Number(written) & 1));
    const lines = extensionLogLines(session!.dirs.userDataDir);
    assert.ok(
      lines.some((line) => /schema change 1: Items\.proto: old from HEAD \([0-9a-f]{7}\), new from the working tree/.test(line)),
      lines.filter((line) => line.includes('schema change')).join('\n'),
    );
  });

  test('a link to a changed line opens the committed version there, beside the panel', async () => {
    const frame = await panelFrame(page);
    const link = frame
      .locator('.schema-change-detail .schema-cell-rules .schema-finding[data-rule="FIELD_SCALAR_KIND_CHANGED"] button.schema-link', {
        hasText: /^old /,
      })
      .first();
    const [line] = ((await link.textContent()) ?? '').replace('old ', '').split(':').map(Number);
    await link.click();
    // The file as committed (int32, not the working tree's sint32), in an editor beside the panel.
    await page
      .locator('.editor-instance .view-lines', { hasText: /\sint32\sx\s=\s1;/ })
      .first()
      .waitFor({ timeout: 60_000 });
    // Beside the panel: each group's active tab, the panel's in one, the version's in another.
    const active = await page.locator('.tab.active').evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? ''));
    assert.ok(
      active.some((label) => label.includes('Payload Lab')),
      active.join(' / '),
    );
    assert.ok(
      active.some((label) => /^Items\.proto, .*Editor Group [2-9]/.test(label)),
      active.join(' / '),
    );
    // The cursor at the changed line (the status bar's Ln of the active editor).
    await page.locator('[id="status.editor.selection"]', { hasText: `Ln ${line},` }).waitFor({ timeout: 10_000 });
  });

  test("from the SCM view's changed files, a version that does not load says which and where", async () => {
    fs.writeFileSync(path.join(session!.dirs.workspace, 'Items.proto'), ITEMS.replace('double y = 2;', 'double y = ;'));
    await page.keyboard.press('Control+Shift+G');
    const row = page.locator('.scm-view .monaco-list-row', { hasText: 'Items.proto' }).first();
    await row.waitFor({ timeout: 60_000 });
    const item = page.locator('.context-view .action-label', { hasText: 'Check Schema Change' }).first();
    for (let attempt = 0; ; attempt++) {
      await row.click({ button: 'right' });
      if (
        await item.waitFor({ timeout: 2000 }).then(
          () => true,
          () => false,
        )
      )
        break;
      await page.keyboard.press('Escape');
      if (attempt > 20) throw new Error("Check Schema Change is not in the SCM view's menu");
    }
    await page.waitForTimeout(600);
    await item.click();
    await pick(/the earlier version/, /HEAD/);
    // The new version does not load: the message step is not reached; the problem is told at its line, with its version.
    const told = page.locator('.notifications-toasts .notification-list-item-message', { hasText: /Items\.proto:6:14/ }).first();
    await told.waitFor({ timeout: 60_000 });
    assert.match((await told.textContent()) ?? '', /Items\.proto:6:14: illegal id ';' \(the new version: the working tree\)/);
  });

  test('from the editor, its unsaved edits count: y changed to float in the editor, not on disk', async () => {
    // The file on disk is the broken one of the test above (x int32 again, y broken); the editor makes y a float, without saving.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+Shift+E');
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'Items.proto' }).first().dblclick();
    await page
      .locator('.editor-instance .view-lines', { hasText: /double\sy\s=\s;/ })
      .first()
      .waitFor({ timeout: 60_000 });
    await page.locator('.editor-instance .view-lines').first().click();
    await page.keyboard.press('Control+H');
    await page.locator('.find-widget .find-part textarea, .find-widget .find-part input').first().fill('double y = ;');
    await page.locator('.find-widget .replace-part textarea, .find-widget .replace-part input').first().fill('float y = 2;');
    await page.locator('.find-widget .replace-part [aria-label^="Replace All"]').first().click();
    await page
      .locator('.editor-instance .view-lines', { hasText: /float\sy\s=\s2;/ })
      .first()
      .waitFor({ timeout: 10_000 });
    await page.keyboard.press('Escape');
    // The editor's tab marked dirty: the workbench has told the extension host of the edit before
    // the command below reaches it (the two go over one channel, in order).
    await page.locator('.tabs-container .tab.dirty', { hasText: 'Items.proto' }).first().waitFor({ timeout: 10_000 });
    assert.match(fs.readFileSync(path.join(session!.dirs.workspace, 'Items.proto'), 'utf8'), /double y = ;/, 'nothing is saved');
    await runPaletteCommand(page, 'Payload Lab: Check Schema Change');
    await pick(/the earlier version/, /HEAD/);
    await pick(/the message/, /default/);
    await pick(/the records/, /Generate \d+ records/);
    const frame = await panelFrame(page);
    await frame.locator('.schema-change-view[data-phase="finished"][data-run-id="2"]').first().waitFor({ timeout: 180_000 });
    assert.match((await newest(frame, '.schema-change-versions dd[data-origin="working"]').textContent()) ?? '', /^the editor, with unsaved edits/);
    await newest(frame, 'button.schema-change-cell[data-writer="0"][data-reader="1"]').click();
    const paths = await newest(frame, '.schema-change-detail .reading-reinterpreted').evaluateAll((items) =>
      items.map((item) => item.getAttribute('data-path')),
    );
    assert.deepEqual(paths, ['$.items[*].y']);
    // protobufjs checks the wire type: a double's 64-bit field is skipped by a float reader, which gives 0.
    const reads = await newest(frame, '.schema-change-detail .reading-reinterpreted[data-path="$.items[*].y"] .example-read').allTextContents();
    assert.ok(reads.length > 0 && reads.every((read) => read === '0'), reads.join(' '));
  });
});
