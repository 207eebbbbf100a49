/**
 * The browser runtime in a real VS Code (code-server): with payloadLab.runtimes set to both,
 * Compare Encodings fills a Node row and a browser row per codec; the browser rows come from
 * the panel's measuring frame (its own policy, code generation allowed) while the panel page
 * keeps its strict policy; v8's browser row says why it cannot run there.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { openE2eSession, type E2eSession } from './support/session';
import { explorerContextCommand, newest, panelFrame, waitForRun } from './support/workbench';

let session: E2eSession | undefined;
let page: Page;

/** The panel's page is reloaded once when the run allows its measuring frames: find it again until the run ends. */
async function finishedPanel(runId: number): Promise<{ frame: Frame; status: string }> {
  const deadline = Date.now() + 300_000;
  for (;;) {
    const frame = await panelFrame(page);
    try {
      return { frame, status: await waitForRun(frame, runId, 60_000) };
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
}

describe('Browser runtime in VS Code (code-server)', { timeout: 10 * 60_000 }, () => {
  before(async () => {
    session = await openE2eSession((dirs) => {
      fs.mkdirSync(path.join(dirs.workspace, '.vscode'), { recursive: true });
      fs.writeFileSync(
        path.join(dirs.workspace, '.vscode', 'settings.json'),
        JSON.stringify({
          'payloadLab.runtimes': ['node', 'browser'],
          'payloadLab.defaultCodecs': ['json', 'avsc', 'protobufjs', 'msgpackr', 'v8'],
        }),
      );
    });
    ({ page } = session);
  });

  after(async () => {
    await session?.close();
  });

  test('a run with both runtimes fills Node and browser rows, each browser row below its Node row', async () => {
    await explorerContextCommand(page, 'orders.json', 'Compare Encodings');
    const { frame, status } = await finishedPanel(1);
    assert.match(status, /^Finished/);
    const rows = await newest(frame, 'table.results tr[data-codec]').evaluateAll((elements) =>
      elements.map((element) => `${element.getAttribute('data-codec')} ${element.className}`),
    );
    const errored = await frame
      .locator('table.results tr.row-errored')
      .evaluateAll((elements) => elements.map((element) => element.getAttribute('title') ?? element.textContent));
    assert.deepEqual(
      rows,
      [
        'json row-completed',
        'json@browser row-completed',
        'avsc row-completed',
        'avsc@browser row-completed',
        'protobufjs row-completed',
        'protobufjs@browser row-completed',
        'msgpackr row-completed',
        'msgpackr@browser row-completed',
        'v8 row-completed',
        'v8@browser row-skipped',
      ],
      `errored rows: ${errored.join(' | ')}`,
    );
    // avsc and protobufjs generate code: they completed, so the measuring frame allowed it.
    const skipped = (await newest(frame, 'tr[data-codec="v8@browser"]').first().textContent()) ?? '';
    assert.match(skipped, /skipped/);
    // The panel's own page still refuses code generation: its policy has no 'unsafe-eval'.
    const policy = await frame.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    assert.doesNotMatch(policy ?? '', /unsafe-eval/);
    assert.match(policy ?? '', /frame-src http:\/\/127\.0\.0\.1:\d+/);
  });
});
