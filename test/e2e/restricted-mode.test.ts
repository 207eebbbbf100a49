/**
 * Payload Lab in VS Code's Restricted Mode (code-server with workspace trust on, the folder not
 * trusted), as a person meets it: Compare Encodings on a JSON file runs the bundled libraries'
 * rows and skips the code generators' rows saying trust is needed; a .fbs comparison says trust
 * is needed and opens Manage Workspace Trust; once the folder is trusted there, the offered
 * Re-run measures those rows with the machine's tools and settings (a Remote setting's bebopc
 * that is not bebopc refused before it is given anything), and the repository's
 * `.vscode/settings.json` naming python3 as flatc and bebopc was never used (no marker written);
 * the refused tool's Open Settings opens the Remote settings, where code-server reads them.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { fixture } from '../support/paths';
import { missingZeroCopyTools } from '../support/zero-copy-tools';
import { FLATC } from '../../src/codegen/zero-copy-tools';
import { TRUST_NEEDED } from '../../src/shared/trust';
import { openE2eSession, type E2eSession } from './support/session';
import { writeMachineSettings } from './support/workspace';
import { explorerContextCommand, newest, panelFrame, shownRunId, showPanel, waitForRun } from './support/workbench';

let session: E2eSession | undefined;
let page: Page;
let marker: string;
/** The machine setting's bebopc: a script with a banner that is not bebopc's, writing its marker if given anything else. */
let fakeBebopc: string;
let fakeRan: string;
const CODECS = ['json', 'msgpackr', 'flatbuffers', 'bebop'];

describe('Restricted Mode in VS Code (code-server, workspace not trusted)', { timeout: 15 * 60_000 }, () => {
  before(async () => {
    session = await openE2eSession(
      (dirs) => {
        fs.copyFileSync(fixture('zero-copy', 'Items.fbs'), path.join(dirs.workspace, 'Items.fbs'));
        marker = path.join(dirs.root, 'python-ran');
        // Run as Python (python3 -i Items.bop …, bebopc's arguments), it would write the marker.
        fs.writeFileSync(path.join(dirs.workspace, 'Items.bop'), `import pathlib; pathlib.Path(${JSON.stringify(marker)}).write_text('ran')\n`);
        // What a hostile repository would set: tools it chooses, and the codecs that run them.
        fakeRan = path.join(dirs.root, 'fake-bebopc-ran');
        fakeBebopc = path.join(dirs.root, 'bebopc');
        fs.writeFileSync(fakeBebopc, `#!/bin/sh\nif [ "$1" = "--version" ]; then echo 'bebopc 3.2.3'; exit 0; fi\necho "$@" > '${fakeRan}'\n`, { mode: 0o755 });
        writeMachineSettings(dirs, { 'payloadLab.tools.bebopc': fakeBebopc });
        fs.mkdirSync(path.join(dirs.workspace, '.vscode'), { recursive: true });
        fs.writeFileSync(
          path.join(dirs.workspace, '.vscode', 'settings.json'),
          JSON.stringify(
            {
              'payloadLab.tools.flatc': '/usr/bin/python3',
              'payloadLab.tools.bebopc': '/usr/bin/python3',
              // Without msgpackr: its row shows whose choice was read.
              'payloadLab.defaultCodecs': ['json', 'flatbuffers', 'bebop'],
            },
            null,
            2,
          ),
        );
      },
      { untrusted: true, userSettings: { 'payloadLab.defaultCodecs': CODECS } },
    );
    ({ page } = session);
  });

  after(async () => {
    await session?.close();
  });

  test('the window is in Restricted Mode', async () => {
    await page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).first().waitFor({ timeout: 60_000 });
  });

  test("Compare Encodings on a JSON file: the bundled libraries' rows complete, the code generators' are skipped saying trust is needed", async () => {
    await explorerContextCommand(page, 'tuples.json', 'Compare Encodings');
    const frame = await panelFrame(page);
    assert.match(await waitForRun(frame, 1, 300_000), /^Finished/);
    // The User setting's codecs (msgpackr among them): the workspace's choice is restricted, so not read.
    for (const codec of ['json', 'msgpackr']) assert.equal(await newest(frame, `tr[data-codec="${codec}"].row-completed`).count(), 1, codec);
    for (const codec of ['flatbuffers', 'bebop']) {
      const skipped = (await newest(frame, `tr[data-codec="${codec}"].row-skipped .failure-message`).first().textContent({ timeout: 10_000 })) ?? '';
      assert.ok(skipped.includes(TRUST_NEEDED), `${codec}: ${skipped}`);
    }
  });

  test('a .fbs comparison says a trusted workspace is needed, and its button opens Manage Workspace Trust', async () => {
    await explorerContextCommand(page, 'Items.fbs', 'Compare Encodings');
    const warning = page.locator('.notifications-toasts .notification-list-item', { hasText: 'needs a trusted workspace' });
    await warning.waitFor({ timeout: 60_000 });
    assert.match(
      (await warning.locator('.notification-list-item-message').textContent()) ?? '',
      /comparing with Items\.fbs \(its flatbuffers row runs the FlatBuffers compiler/,
    );
    await warning.locator('.monaco-button', { hasText: 'Manage Workspace Trust' }).click();
    await page.locator('.workspace-trust-editor').first().waitFor({ timeout: 30_000 });
  });

  test("trusted there: the Re-run offered runs the skipped rows with the machine's tools and settings; the repository's python3 never ran", async (t) => {
    const missing = await missingZeroCopyTools([FLATC]);
    if (missing) return t.skip(missing);
    await page
      .locator('.workspace-trust-editor .monaco-button', { hasText: /^Trust$/ })
      .first()
      .click();
    await page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).first().waitFor({ state: 'detached', timeout: 30_000 });
    const offer = page.locator('.notifications-toasts .notification-list-item', { hasText: 'the workspace is trusted now' });
    await offer.waitFor({ timeout: 30_000 });
    const frame = await showPanel(page);
    const before = await shownRunId(frame);
    await offer.locator('.monaco-button', { hasText: 'Re-run' }).click();
    const after = await panelFrame(page);
    assert.match(await waitForRun(after, before + 1, 600_000), /^Finished/);
    // Trusted, the workspace's own codecs apply (no msgpackr row); its tools do not: they are
    // machine settings. flatc is the machine's (PATH); bebopc the Remote settings' script,
    // refused by its banner before it was given anything.
    assert.equal(await newest(after, 'tr[data-codec="msgpackr"]').count(), 0);
    const flatbuffers =
      (await newest(after, 'tr[data-codec="flatbuffers"] .failure-message')
        .textContent({ timeout: 1000 })
        .catch(() => null)) ?? '';
    assert.equal(await newest(after, 'tr[data-codec="flatbuffers"].row-completed').count(), 1, flatbuffers);
    const bebop = (await newest(after, 'tr[data-codec="bebop"].row-skipped .failure-message').textContent({ timeout: 10_000 })) ?? '';
    assert.ok(
      bebop.includes(
        `the setting payloadLab.tools.bebopc names ${fakeBebopc}, which is not bebopc: \`bebopc --version\` answers "a version alone, such as 3.2.3", and it printed "bebopc 3.2.3"`,
      ),
      bebop,
    );
    assert.equal(fs.existsSync(fakeRan), false, 'the fake bebopc was given a schema');
    assert.equal(fs.existsSync(marker), false, 'python3 ran Items.bop');
  });

  test("a refused tool's warning opens the Remote settings, where code-server reads machine settings, filtered to the tools", async () => {
    await explorerContextCommand(page, 'Items.bop', 'Compare Encodings');
    const warning = page.locator('.notifications-toasts .notification-list-item', { hasText: 'the bebop row will be skipped' });
    await warning.waitFor({ timeout: 60_000 });
    assert.match((await warning.locator('.notification-list-item-message').textContent()) ?? '', /which is not bebopc/);
    await page.keyboard.press('Escape');
    await warning.locator('.monaco-button', { hasText: 'Open Settings' }).click();
    const search = page.locator('.settings-editor .settings-header .suggest-input-container .view-lines');
    await search.filter({ hasText: 'payloadLab.tools' }).first().waitFor({ timeout: 30_000 });
    const tab = (
      (await page
        .locator('.settings-editor .settings-tabs-widget .action-item.checked, .settings-editor .settings-tabs-widget .action-label.checked')
        .first()
        .textContent()) ?? ''
    ).trim();
    assert.match(tab, /^Remote/, tab);
    assert.equal(fs.existsSync(fakeRan), false);
    assert.equal(fs.existsSync(marker), false);
  });
});
