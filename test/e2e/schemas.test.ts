/**
 * Compare Encodings on schema files in a real VS Code (code-server): a .proto's message type
 * and a generated sample picked from quick picks, and a broken .proto reported as a
 * notification with file:line:column and as a diagnostic in the Problems view. Then the rows of
 * generated code on the bundled tuples: every one completed as the CLI reports it, a second
 * run generating nothing (the string-heavy events through those rows are the CLI's, in
 * cli-generated-protobuf and cli-zero-copy: the panel adds nothing a second dataset would show); a user's own .fbs and .capnp as their rows'
 * schemas, a broken .fbs located, and a missing tool's row saying what to install.
 */
import { after, before, describe, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { fixture, repoRoot } from '../support/paths';
import { openE2eSession, type E2eSession } from './support/session';
import { writeMachineSettings, type E2eDirs } from './support/workspace';
import {
  acceptRuntimesStep,
  explorerContextCommand,
  newest,
  panelFrame,
  pickExactly,
  pickQuickItem,
  rowDetails,
  runPaletteCommand,
  shownRunId,
  showPanel,
  waitForRun,
} from './support/workbench';
import { cliReport, GENERATED_ROWS, reportedRow, shownRow, toolSettings } from './support/generated-rows';
import { noteText } from '../../src/shared/row-facts-text';

let session: E2eSession | undefined;
let page: Page;
let tools: Awaited<ReturnType<typeof toolSettings>>;
const workspaceSettings = () => JSON.stringify({ 'payloadLab.protoIncludePaths': ['protos'] }, null, 2);
/** The tools' paths, where code-server reads machine settings (writeMachineSettings). */
const machineSettings = (dirs: E2eDirs, more: Record<string, unknown> = {}) =>
  writeMachineSettings(dirs, { ...('settings' in tools ? tools.settings : {}), ...more });
/** The tests of generated rows need every code generator; without them they say what to install. */
function needsTools(t: TestContext): boolean {
  if (!('missing' in tools)) return false;
  t.skip(tools.missing);
  return true;
}

async function waitForFinished(frame: Frame, timeoutMs = 180_000): Promise<string> {
  await frame.waitForFunction(
    () => {
      // Runs in the page; the test's tsconfig has no DOM types.
      const page = globalThis as unknown as { document: { querySelector(selector: string): { textContent: string | null } | null } };
      return /^(Finished|Cancelled|The run failed)/.test(page.document.querySelector('.run-status')?.textContent ?? '');
    },
    undefined,
    { timeout: timeoutMs },
  );
  return (await frame.locator('.run-status').first().textContent()) ?? '';
}

describe('Compare Encodings on schema files in VS Code (code-server)', { timeout: 30 * 60_000 }, () => {
  before(async () => {
    tools = await toolSettings();
    session = await openE2eSession((added) => {
      for (const language of ['fbs', 'capnp', 'bop'])
        fs.copyFileSync(fixture('zero-copy', `Items.${language}`), path.join(added.workspace, `Items.${language}`));
      fs.writeFileSync(path.join(added.workspace, 'broken.fbs'), 'table A {\n  x:int\n}\n\nroot_type A;\n');
      fs.copyFileSync(path.join(repoRoot, 'schemas', 'Items.proto'), path.join(added.workspace, 'Items.proto'));
      fs.writeFileSync(path.join(added.workspace, 'broken.proto'), 'syntax = "proto3";\n\nmessage Broken {\n  int32 x = ;\n}\n');
      // Imports: a well-known type (no setting needed) and a file found through payloadLab.protoIncludePaths.
      fs.writeFileSync(
        path.join(added.workspace, 'event.proto'),
        'syntax = "proto3";\nimport "google/protobuf/timestamp.proto";\nimport "shared/money.proto";\nmessage Event {\n  google.protobuf.Timestamp at = 1;\n  shared.Money price = 2;\n}\n',
      );
      fs.mkdirSync(path.join(added.workspace, 'protos', 'shared'), { recursive: true });
      fs.writeFileSync(
        path.join(added.workspace, 'protos', 'shared', 'money.proto'),
        'syntax = "proto3";\npackage shared;\nmessage Money { string currency = 1; int32 cents = 2; }\n',
      );
      // A sample with a key Items.proto has no field for (`note`).
      fs.writeFileSync(path.join(added.workspace, 'extra.json'), JSON.stringify({ items: [{ x: 1, y: 2.5, z: 3, note: 'not in the schema' }] }));
      fs.writeFileSync(path.join(added.workspace, 'lonely.proto'), 'syntax = "proto3";\nimport "nowhere/x.proto";\nmessage Lonely { int32 x = 1; }\n');
      fs.mkdirSync(path.join(added.workspace, '.vscode'), { recursive: true });
      fs.writeFileSync(path.join(added.workspace, '.vscode', 'settings.json'), workspaceSettings());
      machineSettings(added);
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
    assert.deepEqual(
      (await labels.allTextContents()).map((text) => text.trim()),
      ['Items', 'Item'],
    );
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'default' }).first().click();
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Generate 1000 records from Items (seed 1)' }).waitFor({ timeout: 30_000 });
    await pickQuickItem(page, 'Generate 1000 records from Items');
    const frame = await panelFrame(page);
    assert.match(await waitForFinished(frame), /^Finished/);
    assert.match((await frame.locator('.sample-name').first().textContent()) ?? '', /1000 records generated from Items \(seed 1\) with Items\.proto/);
    assert.equal(await newest(frame, 'tr[data-codec="protobufjs"].row-completed').first().getAttribute('data-schema'), 'provided');
    assert.equal(await newest(frame, 'tr[data-codec="avsc"].row-completed').first().getAttribute('data-schema'), 'derived');
    assert.match((await frame.locator('.sample-facts').first().textContent()) ?? '', /\d B generated$/);
    // The run's workers started through the packaged loader: V8's code cache of their bundle is in
    // the extension's global storage, not in the workspace.
    const codeCache = path.join(globalStorage(), 'v8-code-cache');
    assert.ok(
      fs.existsSync(codeCache) && fs.readdirSync(codeCache).some((name) => /^codec-worker-\d+-\d+-\d+\.bin$/.test(name)),
      `a code cache in ${codeCache}`,
    );
    // No file behind generated records: Open sample shows them as an untitled JSON document.
    await frame.locator('button[data-action="open-sample"]').first().click();
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
    assert.equal(await newest(frame, 'tr[data-codec="protobufjs"].row-completed').first().getAttribute('data-schema'), 'provided');
    assert.equal(await newest(frame, 'tr[data-codec="avsc"].row-completed').first().getAttribute('data-schema'), 'derived');
  });

  test('a .proto with an import not found: the notification names the import line and the paths searched', async () => {
    await explorerContextCommand(page, 'lonely.proto', 'Compare Encodings');
    const message = page.locator('.notifications-toasts .notification-list-item-message', { hasText: 'lonely.proto:2:9' });
    await message.waitFor({ timeout: 60_000 });
    assert.match((await message.textContent()) ?? '', /import "nowhere\/x\.proto" not found; searched: .*nowhere.x\.proto/);
  });

  /** The id of the run the panel shows now (0 without a panel): a later run's is higher. */
  async function runIdNow(): Promise<number> {
    return (await page.locator('.tab', { hasText: 'Payload Lab' }).count()) > 0 ? shownRunId(await showPanel(page)) : 0;
  }

  /** Run Benchmark… on a bundled dataset with JSON and every generated row, quick, in Node; returns the run's id. */
  async function runGeneratedRows(dataset: string): Promise<{ frame: Frame; runId: number }> {
    const before = await runIdNow();
    await runPaletteCommand(page, 'Payload Lab: Run Benchmark…');
    await pickQuickItem(page, dataset);
    await pickExactly(page, ['JSON (baseline)', ...GENERATED_ROWS.map((row) => row.label)]);
    await pickQuickItem(page, 'Quick');
    await acceptRuntimesStep(page);
    const frame = await panelFrame(page);
    assert.match(await waitForRun(frame, before + 1, 600_000), /^Finished/);
    return { frame, runId: await shownRunId(frame) };
  }

  /** Each generated row as the panel shows it, against the CLI's run of the same sample. */
  async function assertAsTheCli(frame: Frame, sample: string): Promise<void> {
    const codecs = GENERATED_ROWS.map((row) => row.codec);
    const shown = Object.fromEntries(await Promise.all(codecs.map(async (codec) => [codec, await shownRow(frame, codec)] as const)));
    // The extension's cache: the CLI generates nothing either, so its keys are the extension's.
    const cli = cliReport(sample, codecs, globalStorage(), (tools as { settings: Record<string, string> }).settings);
    assert.deepEqual(shown, Object.fromEntries(cli.results.map((row) => [row.codec, reportedRow(row)])));
    for (const row of cli.results)
      assert.ok(
        row.notes.map(noteText).some((note) => /^code generation: cached/.test(note)),
        `${row.codec} generated code the extension had generated`,
      );
    for (const codec of codecs) assert.equal(shown[codec]!.status, 'completed', `${codec}: ${shown[codec]!.status}`);
  }

  const globalStorage = () => path.join(session!.dirs.userDataDir, 'User', 'globalStorage', 'payload-lab.payload-lab');

  test('the generated-code rows on the tuples: every one completed as the CLI reports it; the notes give generation per tool, and a second run generates nothing', async (t) => {
    if (needsTools(t)) return;
    const { frame } = await runGeneratedRows('Tuple dataset');
    for (const { codec } of GENERATED_ROWS)
      assert.match(await rowDetails(frame, codec), /code generation: (?!cached)\S.* \d+ ms.* cached in .*payload-lab\.payload-lab/, codec);
    // FlatBuffers and Cap'n Proto read on access: both reads beside the decode the speed-up uses.
    for (const codec of ['flatbuffers', 'capnp']) {
      const details = await rowDetails(frame, codec);
      assert.match(details, /Access[\d.]+ (ns|µs|ms) per call \(first round/, codec);
      assert.match(details, /First field[\d.]+ (ns|µs|ms) per call \(first round.*read \$\.items\[0\]\.x/, codec);
      assert.match(details, /Speed-upDec\. vs JSON uses Decode above/, codec);
    }
    const runId = await shownRunId(frame);
    await frame.locator('button[data-action="rerun"]').first().click();
    assert.match(await waitForRun(frame, runId + 1, 600_000), /^Finished/);
    for (const { codec } of GENERATED_ROWS)
      assert.match(await rowDetails(frame, codec), /code generation: cached \(no generation this run; it took .* when generated\)/, codec);
    await assertAsTheCli(frame, path.join(repoRoot, 'schemas', 'tuples.json'));
  });

  test('Compare Encodings on Items.fbs: no root to pick, generated records said not offered, a bundled dataset; the flatbuffers row runs on the file as given', async (t) => {
    if (needsTools(t)) return;
    const before = await runIdNow();
    await explorerContextCommand(page, 'Items.fbs', 'Compare Encodings');
    const notOffered = page.locator('.quick-input-list .monaco-list-row', { hasText: 'Generate records from Items' });
    await notOffered.waitFor({ timeout: 60_000 });
    assert.match((await notOffered.textContent()) ?? '', /not offered for this format/);
    await notOffered.click();
    await page
      .locator('.notifications-toasts .notification-list-item-message', { hasText: 'generates records from a .proto or .avsc, not from a .fbs' })
      .waitFor({ timeout: 30_000 });
    // Choosing it explained and asked again.
    await pickQuickItem(page, 'Tuple dataset');
    const frame = await panelFrame(page);
    assert.match(await waitForRun(frame, before + 1, 600_000), /^Finished/);
    assert.match((await frame.locator('.sample-name').first().textContent()) ?? '', /tuples\.json with Items\.fbs/);
    assert.equal(await newest(frame, 'tr[data-codec="flatbuffers"].row-completed').first().getAttribute('data-schema'), 'provided');
    assert.equal((await shownRow(frame, 'flatbuffers')).roundTrip, 'exact');
    assert.match(await rowDetails(frame, 'flatbuffers'), /the provided Items\.fbs, as flatc reads it/);
  });

  test('Compare Encodings on Items.capnp: the root picked (the default first), the capnp row runs on the file as given', async (t) => {
    if (needsTools(t)) return;
    const before = await runIdNow();
    await explorerContextCommand(page, 'Items.capnp', 'Compare Encodings');
    const labels = page.locator('.quick-input-list .monaco-list-row .label-name');
    await page.locator('.quick-input-widget', { hasText: 'root of Items.capnp' }).waitFor({ timeout: 60_000 });
    assert.deepEqual(
      (await labels.allTextContents()).map((text) => text.trim()),
      ['Items', 'Item'],
    );
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'default: no other struct refers to it' }).click();
    await page.locator('.quick-input-widget', { hasText: 'sample for Items.capnp (2/2)' }).waitFor({ timeout: 30_000 });
    await pickQuickItem(page, 'Tuple dataset');
    const frame = await panelFrame(page);
    assert.match(await waitForRun(frame, before + 1, 600_000), /^Finished/);
    assert.equal(await newest(frame, 'tr[data-codec="capnp"].row-completed').first().getAttribute('data-schema'), 'provided');
    assert.equal((await shownRow(frame, 'capnp')).roundTrip, 'exact');
  });

  test('a .fbs flatc refuses: the notification names file:line:column, Go to Error goes there, the Problems view lists it', async (t) => {
    if (needsTools(t)) return;
    await explorerContextCommand(page, 'broken.fbs', 'Compare Encodings');
    const message = page.locator('.notifications-toasts .notification-list-item-message', { hasText: 'broken.fbs:3:1' });
    await message.waitFor({ timeout: 60_000 });
    assert.match((await message.textContent()) ?? '', /expecting: ; instead got: \}/);
    await page.locator('.notifications-toasts .monaco-button', { hasText: 'Go to Error' }).first().click();
    await page.locator('.statusbar-item', { hasText: 'Ln 3, Col 1' }).waitFor({ timeout: 30_000 });
    // The Problems view may still be open from the .proto's test: its status bar item would close it.
    const problem = page.locator('.monaco-list-row', { hasText: 'expecting: ; instead got: }' }).first();
    if (!(await problem.isVisible())) await page.locator('[id="status.problems"]').click();
    await problem.waitFor({ timeout: 30_000 });
  });

  test('a tool the setting points nowhere: a warning before the run, and the skipped row says what to install and which setting to use', async (t) => {
    if (needsTools(t)) return;
    const nowhere = path.join(session!.dirs.root, 'no-bebopc');
    machineSettings(session!.dirs, { 'payloadLab.tools.bebopc': nowhere });
    // VS Code reads the settings file again when it changes: a moment.
    await page.waitForTimeout(3000);
    try {
      const before = await runIdNow();
      await explorerContextCommand(page, 'Items.bop', 'Compare Encodings');
      await page.locator('.notifications-toasts .notification-list-item-message', { hasText: 'the bebop row will be skipped' }).waitFor({ timeout: 60_000 });
      await pickQuickItem(page, 'Tuple dataset');
      const frame = await panelFrame(page);
      assert.match(await waitForRun(frame, before + 1, 600_000), /^Finished/);
      const skipped = (await newest(frame, 'tr[data-codec="bebop"].row-skipped .failure-message').first().textContent()) ?? '';
      assert.match(
        skipped,
        new RegExp(`the setting payloadLab\\.tools\\.bebopc names ${nowhere.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, which is not an executable file`),
      );
      assert.match(skipped, /Install it \(.*npm install .*bebop-tools.*\), or set payloadLab\.tools\.bebopc/);
      // The other rows ran.
      assert.equal(await newest(frame, 'tr[data-codec="avsc"].row-completed').count(), 1);
    } finally {
      machineSettings(session!.dirs);
    }
  });

  // Last: it leaves extra.json open in an editor, which the other tests' pickers would then offer too.
  test('a sample key the .proto lacks refuses its rows, naming it; with payloadLab.dropUnknownKeys it is left out and listed', async () => {
    await page.keyboard.press('Control+Shift+E');
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'extra.json' }).first().dblclick();
    await page.locator('.tab', { hasText: 'extra.json' }).first().waitFor({ timeout: 30_000 });
    const compareWithSample = async (): Promise<Frame> => {
      const before = await runIdNow();
      await explorerContextCommand(page, 'Items.proto', 'Compare Encodings');
      await page.locator('.quick-input-list .monaco-list-row', { hasText: 'default' }).first().click();
      await page.locator('.quick-input-list .monaco-list-row', { hasText: 'extra.json' }).first().waitFor({ timeout: 30_000 });
      await pickQuickItem(page, 'extra.json');
      const frame = await panelFrame(page);
      assert.match(await waitForRun(frame, before + 1), /^Finished/);
      return frame;
    };
    let frame = await compareWithSample();
    const refusal = (await newest(frame, 'tr[data-codec="protobufjs"] .failure-message').first().textContent()) ?? '';
    assert.match(refusal, /\$\.items\[0\]\.note is a key the schema does not know: .*x, y, z/);
    assert.match(refusal, /payloadLab\.dropUnknownKeys/);
    fs.writeFileSync(
      path.join(session!.dirs.workspace, '.vscode', 'settings.json'),
      JSON.stringify({ ...JSON.parse(workspaceSettings()), 'payloadLab.dropUnknownKeys': true }, null, 2),
    );
    // VS Code reads the changed file on its own; the next run reads the settings afresh.
    await page.waitForTimeout(1_500);
    frame = await compareWithSample();
    assert.equal(await newest(frame, 'tr[data-codec="protobufjs"].row-completed').count(), 1);
    assert.match(
      await rowDetails(frame, 'protobufjs'),
      /1 key the schema has no field for left out before encoding, as asked \(drop unknown keys\): \$\.items\[0\]\.note/,
    );
    fs.writeFileSync(path.join(session!.dirs.workspace, '.vscode', 'settings.json'), workspaceSettings());
  });
});
