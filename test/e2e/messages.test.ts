/**
 * Message mode in a real VS Code (code-server), installed from the .vsix: Compare Encodings on
 * a JSON Lines file from the Explorer runs it as a stream of messages (the log and the panel say
 * why), and the panel shows the per-message views and the verdict per message; the panel's
 * Messages toggle then runs the same file as one document, and the message views go; Run
 * Benchmark… on the bundled events (a JSON array) offers Messages and runs its elements as messages.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from '../support/paths';
import { openE2eSession, type E2eSession } from './support/session';
import { extensionLogLines } from './support/extension-log';
import {
  acceptRuntimesStep,
  explorerContextCommand,
  newest,
  panelFrame,
  pickExactly,
  pickQuickItem,
  runPaletteCommand,
  shownRunId,
  waitForRun,
} from './support/workbench';

const CODECS = ['json', 'avsc', 'protobufjs', 'msgpackr'];
const EVENTS = 1_000;

let session: E2eSession | undefined;
let page: Page;

describe('message mode in VS Code (code-server)', { timeout: 12 * 60_000 }, () => {
  before(async () => {
    const { makeEventStream } = (await import(path.join(repoRoot, 'schemas', 'make-event-stream.mjs'))) as { makeEventStream(count: number): string };
    session = await openE2eSession((dirs) => {
      fs.writeFileSync(path.join(dirs.workspace, 'events.jsonl'), makeEventStream(EVENTS));
      fs.mkdirSync(path.join(dirs.workspace, '.vscode'), { recursive: true });
      fs.writeFileSync(path.join(dirs.workspace, '.vscode', 'settings.json'), JSON.stringify({ 'payloadLab.defaultCodecs': CODECS }));
    });
    ({ page } = session);
  });

  after(async () => {
    await session?.close();
  });

  test('Compare Encodings on a .jsonl file: message mode by default, said in the log and the panel, with the per-message views', async () => {
    await explorerContextCommand(page, 'events.jsonl', 'Compare Encodings');
    const frame = await panelFrame(page);
    assert.match(await waitForRun(frame, 1), /^Finished: 4 codecs(\. Quick run: .*)?$/);
    assert.match(
      (await frame.locator('.run-message-mode').first().textContent()) ?? '',
      /^Message mode: each record encoded and decoded as its own message.* JSON Lines files are measured as messages by default/,
    );
    assert.match((await frame.locator('.sample-facts').first().textContent()) ?? '', /^1,000 messages · /);
    assert.equal(await frame.locator('input[data-action="messages"]').first().isChecked(), true);
    assert.deepEqual(await newest(frame, '.message-sizes .message-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-codec'))), CODECS);
    assert.equal(await newest(frame, '.message-rate-group').count(), 3);
    assert.equal(await frame.locator('.verdict-title').first().textContent(), 'Verdict per message');
    assert.match((await frame.locator('.verdict-pick').first().textContent()) ?? '', /^Gzip alone: [\d.]+× JSON; with /);
    const log = extensionLogLines(session!.dirs.userDataDir);
    assert.ok(
      log.some((line) => line.includes('events.jsonl is JSON Lines: each record is measured as its own message (message mode)')),
      'the log says why the run measured messages',
    );
    assert.ok(
      log.some((line) => /\] run 1: .*events\.jsonl with .*\(message mode\)/.test(line)),
      'the run is logged as message mode',
    );
  });

  test('the Messages toggle runs the same file as one document: the message views and line go', async () => {
    const frame = await panelFrame(page);
    await frame.locator('input[data-action="messages"]').first().click();
    assert.match(await waitForRun(frame, 2), /^Finished: 4 codecs(\. Quick run: .*)?$/);
    assert.equal(await frame.locator('input[data-action="messages"]').first().isChecked(), false);
    assert.equal(await frame.locator('.run-message-mode').first().isVisible(), false);
    assert.equal(await frame.locator('.messages-view').first().isVisible(), false);
    assert.equal(await frame.locator('.verdict-title').first().textContent(), 'Verdict');
    assert.match((await frame.locator('.sample-facts').first().textContent()) ?? '', / · 1,000 lines · /);
  });

  test("Run Benchmark… → Web events dataset → Messages: Quick: the array's elements measured as messages, as asked", async () => {
    const before = await shownRunId(await panelFrame(page));
    await runPaletteCommand(page, 'Payload Lab: Run Benchmark…');
    await pickQuickItem(page, 'Web events dataset');
    await pickExactly(page, ['Avro (avsc)', 'MessagePack (msgpackr)']);
    await pickQuickItem(page, 'Messages: Quick');
    await acceptRuntimesStep(page);
    const frame = await panelFrame(page);
    assert.match(await waitForRun(frame, before + 1), /^Finished: 2 codecs(\. Quick run: .*)?$/);
    assert.match((await frame.locator('.sample-name').first().textContent()) ?? '', /events\.json/);
    assert.match((await frame.locator('.sample-facts').first().textContent()) ?? '', /^2,240 messages · /);
    // Asked for, not a default: the header says message mode without the JSON Lines sentence.
    const line = (await frame.locator('.run-message-mode').first().textContent()) ?? '';
    assert.match(line, /^Message mode: each record encoded and decoded as its own message/);
    assert.doesNotMatch(line, /JSON Lines/);
    assert.deepEqual(await newest(frame, '.message-sizes .message-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-codec'))), [
      'avsc',
      'msgpackr',
    ]);
    assert.equal(await frame.locator('.verdict-title').first().textContent(), 'Verdict per message');
  });
});
