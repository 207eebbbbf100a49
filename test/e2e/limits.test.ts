/**
 * "Find payload limits" in a real VS Code (code-server): with a 32 MB heap and a 32 MiB cap
 * (workspace settings), the limit processes run out of heap and die; the panel reports it as the
 * failure, the extension host is the same process, and Compare Encodings still works afterwards.
 * And a large document: before its long default run, the estimate and the offer of a
 * representative part, which the run then measures.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { extensionHostPids } from './support/extension-host';
import { openE2eSession, type E2eSession } from './support/session';
import { explorerContextCommand, newest, panelFrame, pickExactly, pickQuickItem, runPaletteCommand, waitForRun } from './support/workbench';
import { scaleSample } from '../../src/measurement/scale-sample';
import { tuplesSample } from '../support/paths';

// A small heap meets its limit at small sizes, which are quick to try (as the unit test's).
const LIMIT_SETTINGS = { 'payloadLab.limits.heapMb': 32, 'payloadLab.limits.capMb': 32 };

let session: E2eSession | undefined;
let page: Page;
let workspace: string;

describe('Find payload limits in VS Code (code-server)', { timeout: 10 * 60_000 }, () => {
  before(async () => {
    session = await openE2eSession((dirs) => {
      fs.mkdirSync(path.join(dirs.workspace, '.vscode'), { recursive: true });
      fs.writeFileSync(path.join(dirs.workspace, '.vscode', 'settings.json'), JSON.stringify(LIMIT_SETTINGS));
      // The bundled tuples' records repeated to 9 MiB of JSON: a default run of it takes minutes.
      const tuples = JSON.parse(fs.readFileSync(tuplesSample, 'utf8')) as unknown;
      fs.writeFileSync(path.join(dirs.workspace, 'large.json'), JSON.stringify(scaleSample(tuples, { targetJsonBytes: 9 * 2 ** 20 }).value));
      workspace = dirs.workspace;
    });
    ({ page } = session);
  });

  after(async () => {
    await session?.close();
  });

  test('limit processes that run out of heap are results; the host lives on and Compare Encodings still works', async () => {
    // A first comparison: the extension's menus are loaded (the Explorer retries until they are).
    await explorerContextCommand(page, 'orders.json', 'Compare Encodings');
    assert.match(await waitForRun(await panelFrame(page), 1), /^Finished/);

    await runPaletteCommand(page, 'Payload Lab: Run Benchmark…');
    await pickQuickItem(page, 'Tuple dataset');
    await pickExactly(page, ['JSON (baseline)', 'MessagePack (msgpackr)']);
    const hostsBefore = extensionHostPids(session!.serverPid);
    assert.ok(hostsBefore.length > 0, 'no extension host process found');
    await pickQuickItem(page, 'Find payload limits');

    const frame = await panelFrame(page);
    await frame.locator('.sweep-view[data-phase="running"]').waitFor({ timeout: 60_000 });
    await frame.locator('.sweep-view:not([data-phase="running"])').waitFor({ timeout: 420_000 });
    assert.equal(await frame.locator('.sweep-view').getAttribute('data-phase'), 'finished', (await frame.locator('.sweep-status').textContent()) ?? '');
    assert.match((await frame.locator('table.sweep-limits-table caption').textContent()) ?? '', /a 32 MB heap \(V8 reports \d+ MB\); cap 32\.0 MiB/);
    for (const codec of ['json', 'msgpackr']) {
      const failure = (await frame.locator(`table.sweep-limits-table tr[data-codec="${codec}"] td`).nth(2).textContent()) ?? '';
      assert.match(failure, /^out of memory at (build|prepare|encode|decode), \d/, `${codec}: its limit process died of its heap`);
    }
    assert.deepEqual(extensionHostPids(session!.serverPid), hostsBefore, 'the extension host is the same process');

    await explorerContextCommand(page, 'orders.json', 'Compare Encodings');
    assert.match(await waitForRun(frame, 2), /^Finished/);
    assert.equal(await newest(frame, 'table.results tr[data-codec="json"].row-completed').count(), 1);
  });

  test('a large document in a default run: the estimate and the offer of a representative part, which the run then measures', async () => {
    const settings = path.join(workspace, '.vscode', 'settings.json');
    // The suite's profile runs quick comparisons; this one is the default a user gets.
    fs.writeFileSync(settings, JSON.stringify({ ...LIMIT_SETTINGS, 'payloadLab.quickMode': false }));
    try {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await explorerContextCommand(page, 'large.json', 'Compare Encodings');
      const offer = page.locator('.notifications-toasts .notification-list-item', { hasText: 'representative part' });
      await offer.waitFor({ timeout: 240_000 });
      const text = (await offer.locator('.notification-list-item-message').textContent()) ?? '';
      assert.match(
        text,
        /^Measuring 9\.0 MiB of JSON takes about \d+(–\d+)? min \(5 rounds at most\)\. Measure a representative part instead: about 2\.0 MiB, records spread across the whole file\?/,
      );
      await offer.locator('.monaco-button', { hasText: 'Measure a Part' }).click();
      const frame = await panelFrame(page);
      await newest(frame, '.sample-facts')
        .filter({ hasText: /a representative part: [\d,]+ of [\d,]+ records in items, spread across the file/ })
        .waitFor({ timeout: 120_000 });
      await frame.locator('button', { hasText: 'Cancel' }).first().click();
      assert.match(await waitForRun(frame, 3, 60_000), /^Cancelled/);
    } finally {
      fs.writeFileSync(settings, JSON.stringify(LIMIT_SETTINGS));
    }
  });
});
