/**
 * Payload Lab in a real VS Code (code-server 4.100.3 = VS Code 1.100.3), installed from its
 * .vsix and used through the UI with mouse and keyboard, in Debian's Chromium.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import type { ComparisonReport } from '../../src/shared/results';
import { cliScript, repoRoot } from '../support/paths';
import { variedDocuments } from '../fixtures/real-world/varied-documents';
import { childProcesses, extensionHostPids, threadCount, waitUntil } from './support/extension-host';
import { openE2eSession, type E2eSession } from './support/session';
import {
  acceptRuntimesStep,
  explorerContextCommand,
  newest,
  notificationTexts,
  panelFrame,
  pickExactly,
  pickQuickItem,
  runPaletteCommand,
} from './support/workbench';
import type { E2eDirs } from './support/workspace';

const DEFAULT_CODECS = ['json', 'avsc', 'protobufjs', 'msgpackr', 'cbor-x', 'bson', 'v8'];
const outputDir = path.join(repoRoot, 'test', 'output');

let session: E2eSession | undefined;
let dirs: E2eDirs;
let page: Page;

/** Codec → byte count as the panel shows them ("1,024,274 B"). */
async function panelSizes(frame: Frame): Promise<Record<string, number>> {
  const rows = newest(frame, 'tr[data-codec].row-completed');
  const sizes: Record<string, number> = {};
  for (let index = 0; index < (await rows.count()); index++) {
    const row = rows.nth(index);
    const codec = (await row.getAttribute('data-codec'))!;
    const bytes = (await row.locator('td').nth(1).textContent()) ?? '';
    sizes[codec] = Number(bytes.replace(/[^\d]/g, ''));
  }
  return sizes;
}

/** The run id the panel shows now (0 before any run). */
async function currentRunId(frame: Frame): Promise<number> {
  return Number(
    (await frame
      .locator('.run-status')
      .first()
      .getAttribute('data-run-id')
      .catch(() => null)) || 0,
  );
}

/** Waits for a run newer than `after` to end; returns its status line. */
async function waitForRunEnd(frame: Frame, after: number, timeoutMs = 180_000): Promise<string> {
  await frame.waitForFunction(
    (previous) => {
      // Runs in the page; the test's tsconfig has no DOM types (the engine is Node-only).
      const page = globalThis as unknown as {
        document: { querySelector(selector: string): { dataset: Record<string, string | undefined>; textContent: string | null } | null };
      };
      const status = page.document.querySelector('.run-status');
      return Number(status?.dataset.runId || 0) > previous && /^(Finished|Cancelled|The run failed)/.test(status?.textContent ?? '');
    },
    after,
    // Not Playwright's default (every animation frame): that keeps the webview drawing frames
    // for the whole run, CPU a user's panel does not spend, taken from the measuring workers.
    { timeout: timeoutMs, polling: 250 },
  );
  return (await frame.locator('.run-status').first().textContent()) ?? '';
}

/** Waits until the panel shows a run newer than `after` (its rows, not the last run's). */
async function waitForNewRun(frame: Frame, after: number): Promise<void> {
  await frame.waitForFunction(
    (previous) => {
      const page = globalThis as unknown as { document: { querySelector(selector: string): { dataset: Record<string, string | undefined> } | null } };
      return Number(page.document.querySelector('.run-status')?.dataset.runId || 0) > previous;
    },
    after,
    { timeout: 60_000 },
  );
}

/** The panel frame and its run id before a new run is started from the UI. */
async function runIdBefore(): Promise<number> {
  const frame = await panelFrame(page, 1000).catch(() => undefined);
  return frame ? currentRunId(frame) : 0;
}

/** Starts a thorough run and waits until a codec worker thread of it is measuring. */
async function startMeasuringThoroughRun(hosts: number[], idleThreads: number): Promise<{ frame: Frame; before: number }> {
  const before = await runIdBefore();
  await startThoroughRun();
  const frame = await panelFrame(page);
  await waitForNewRun(frame, before);
  await newest(frame, 'tr[data-codec="json"].row-completed').first().waitFor({ timeout: 120_000 });
  assert.ok(threadCount(hosts) > idleThreads, 'a codec worker thread is measuring');
  return { frame, before };
}

async function startThoroughRun(): Promise<void> {
  await runPaletteCommand(page, 'Payload Lab: Run Benchmark…');
  await pickQuickItem(page, 'Tuple dataset');
  await pickExactly(page, ['JSON (baseline)', 'Avro (avsc)', 'Protocol Buffers (protobufjs)', 'BSON (bson)']);
  await pickQuickItem(page, 'Thorough');
  await acceptRuntimesStep(page);
}

describe('Payload Lab in VS Code (code-server)', { timeout: 15 * 60_000 }, () => {
  before(async () => {
    // Irregular JSON: 100 documents of different shapes, about 0.8 MB (npm run bench:quick-runs
    // times the CLI benchmark's 500, 3.9 MB: a time measured here, beside other files, means nothing).
    session = await openE2eSession((made) => fs.writeFileSync(path.join(made.workspace, 'varied.json'), JSON.stringify(variedDocuments(100))), {
      // Run Benchmark… → Default runs the settings' rounds and budget (the Default pick is under
      // test, not its 5 rounds of 500 ms, which took 25 s of this file's 110).
      userSettings: { 'payloadLab.rounds': 2, 'payloadLab.timeBudgetMs': 100 },
    });
    ({ dirs, page } = session);
  });

  after(async () => {
    await session?.close();
  });

  test('Explorer → Compare Encodings fills a completed row per default codec, sizes as the CLI reports', async () => {
    const before = await runIdBefore();
    await explorerContextCommand(page, 'orders.json', 'Compare Encodings');
    const frame = await panelFrame(page);
    assert.match(await waitForRunEnd(frame, before), /^Finished/);
    const cli = spawnSync(process.execPath, [cliScript, 'compare', path.join(dirs.workspace, 'orders.json'), '--json', '--quick'], { encoding: 'utf8' });
    assert.equal(cli.status, 0, cli.stderr);
    const report = JSON.parse(cli.stdout) as ComparisonReport;
    const expected = Object.fromEntries(report.results.map((row) => [row.codec, row.status === 'completed' ? row.bytes : -1]));
    assert.deepEqual(Object.keys(await panelSizes(frame)).sort(), [...DEFAULT_CODECS].sort());
    assert.deepEqual(await panelSizes(frame), expected);
    // The profile's payloadLab.warmupMs reached the run: its settings say so.
    assert.match((await newest(frame, 'p.runtime').getAttribute('title')) ?? '', /, each warmed 5 ms/);
    fs.mkdirSync(outputDir, { recursive: true });
    await page.screenshot({ path: path.join(outputDir, 'e2e-panel.png') });
  });

  test('Palette → Run Benchmark… Default with a bundled dataset and two codecs: their sizes show before any speed figure, then exactly those rows', async () => {
    const before = await runIdBefore();
    await runPaletteCommand(page, 'Payload Lab: Run Benchmark…');
    await pickQuickItem(page, 'Tuple dataset');
    await pickExactly(page, ['Avro (avsc)', 'MessagePack (msgpackr)']);
    await pickQuickItem(page, 'Default');
    await acceptRuntimesStep(page);
    const frame = await panelFrame(page);
    // Sizes first: a row still measuring already reads its bytes (the sizes-only pass).
    const sizedBytes = newest(frame, 'tr.row-pending[data-codec="msgpackr"] td[data-col="bytes"]');
    await sizedBytes.waitFor({ timeout: 120_000 });
    const early = await sizedBytes.textContent();
    assert.match(early ?? '', /^[\d,]+ B$/);
    assert.match(await waitForRunEnd(frame, before), /^Finished/);
    assert.equal(await newest(frame, 'tr.row-completed[data-codec="msgpackr"] td[data-col="bytes"]').textContent(), early);
    const rows = await newest(frame, 'table.results tr[data-codec]').evaluateAll((elements) => elements.map((element) => element.getAttribute('data-codec')));
    assert.deepEqual(rows, ['avsc', 'msgpackr']);
    assert.match((await frame.locator('.sample-name').first().textContent()) ?? '', /tuples\.json/);
  });

  test('Inspect a row: the decoded output opens with its remnants marked, and the bytes page through', async () => {
    // The panel shows the tuple dataset's run (avsc, msgpackr) from the test before.
    const frame = await panelFrame(page);
    await frame.click('button[data-inspect="avsc"]');
    await frame.waitForSelector('.inspector[data-codec="avsc"][data-state="open"]', { timeout: 60_000 });
    await frame.locator('.tree-row[data-path="$"] .remnant-badge[data-kind="prototype"]').waitFor();
    assert.match((await frame.locator('.tree-row[data-path="$"]').getAttribute('title')) ?? '', /avsc record/);

    // A click on the row (its ratio: a column that never folds in a narrow panel) opens it too.
    await newest(frame, 'tr[data-codec="msgpackr"] td[data-col="ratio"]').click();
    await frame.waitForSelector('.inspector[data-codec="msgpackr"][data-state="open"]', { timeout: 60_000 });
    await frame.click('button[data-tab="bytes"]');
    await frame.waitForSelector('.hex-row');
    await frame.click('button[data-hex="next"]');
    await frame.waitForSelector('.hex-row .hex-offset:text-is("00000400")');
    await frame.locator('.hex-bytes .byte.role-key').first().hover();
    assert.match((await frame.locator('.hex-annotation').textContent()) ?? '', /\$\.items\[\d+\]\.[xyz]/);
    await frame.click('.inspector [data-inspector="close"]');
    assert.equal(await frame.isHidden('.inspector'), true);
  });

  test('a file of 100 varied documents (the CLI benchmark’s kind): every codec completes in a quick run, the schema codecs included', async () => {
    const before = await runIdBefore();
    await explorerContextCommand(page, 'varied.json', 'Compare Encodings');
    const frame = await panelFrame(page);
    assert.match(await waitForRunEnd(frame, before, 240_000), /^Finished: 7 codecs/);
    const completed = await newest(frame, 'table.results tr[data-codec].row-completed').evaluateAll((rows) =>
      rows.map((row) => row.getAttribute('data-codec')),
    );
    assert.deepEqual(completed.sort(), [...DEFAULT_CODECS].sort());
    assert.match((await newest(frame, 'tr[data-codec="avsc"] td.round-trip').first().textContent()) ?? '', /nulls added/);
  });

  test('a JSON syntax error names line and column; the editor and the panel stay usable', async () => {
    const before = await runIdBefore();
    await explorerContextCommand(page, 'broken.json', 'Compare Encodings');
    const message = page.locator('.notifications-toasts .notification-list-item-message', { hasText: 'broken.json:3:12' });
    await message.waitFor({ timeout: 60_000 });
    assert.ok((await notificationTexts(page)).some((text) => /JSON syntax error/.test(text)));
    const frame = await panelFrame(page);
    assert.match(await waitForRunEnd(frame, before), /^The run failed: .*broken\.json:3:12/);
    await page.locator('.notifications-toasts .monaco-button', { hasText: 'Go to Error' }).first().click();
    await page.locator('.statusbar-item', { hasText: 'Ln 3, Col 12' }).waitFor({ timeout: 30_000 });
    // The error opens beside the panel, not over it: the panel's page is still there.
    assert.match((await (await panelFrame(page, 10_000)).locator('.run-status').first().textContent()) ?? '', /^The run failed/);
    // Still usable: the next comparison runs to the end.
    const failedRun = await runIdBefore();
    await explorerContextCommand(page, 'orders.json', 'Compare Encodings');
    assert.match(await waitForRunEnd(await panelFrame(page), failedRun), /^Finished/);
  });

  test('Cancel during a long run stops the workers and the panel says cancelled', async () => {
    const hosts = extensionHostPids(session!.serverPid);
    assert.ok(hosts.length > 0, 'no extension host process found');
    const idle = threadCount(hosts);
    const { frame, before } = await startMeasuringThoroughRun(hosts, idle);
    await frame.locator('button', { hasText: 'Cancel' }).first().click();
    assert.match(await waitForRunEnd(frame, before, 30_000), /^Cancelled/);
    await waitUntil(() => threadCount(hosts) <= idle, 'the codec worker thread has ended');
  });

  test('closing the panel mid-run cancels the run: no worker thread or child process left, no error shown', async () => {
    const hosts = extensionHostPids(session!.serverPid);
    const idle = threadCount(hosts);
    // Built-in extensions' servers (JSON language features) and the Git extension's git commands are
    // children of the host too, started and stopped on their own schedule: only what the run may
    // have started counts.
    const ours = () => childProcesses(hosts).filter((child) => !child.args.includes('/lib/vscode/extensions/') && !/^(\S*\/)?git(\s|$)/.test(child.args));
    const idleChildren = new Set(ours().map((child) => child.pid));
    const newChildren = () => ours().filter((child) => !idleChildren.has(child.pid));
    await startMeasuringThoroughRun(hosts, idle);
    await runPaletteCommand(page, 'View: Close All Editors');
    await waitUntil(() => threadCount(hosts) <= idle, 'the run ended with its panel');
    // A program's watchdog leaves within its grace after the thread that ran it has gone: wait for
    // that, and name whatever is still there.
    await waitUntil(
      () => newChildren().length === 0,
      () =>
        `no child process of the run is left (left: ${newChildren()
          .map((child) => child.args.slice(0, 160))
          .join(' | ')})`,
      10_000,
    );
    // The run's progress notification goes once the run has ended; nothing else takes its place.
    await page
      .locator('.notifications-toasts .notification-list-item-message', { hasText: 'comparing encodings' })
      .waitFor({ state: 'detached', timeout: 30_000 });
    assert.deepEqual(
      (await notificationTexts(page)).filter((text) => /error|fail|cancel/i.test(text)),
      [],
    );
  });

  test('three variant changes in a row: one run at a time, and the last choice is the one measured', async () => {
    const before = await runIdBefore();
    await explorerContextCommand(page, 'orders.json', 'Compare Encodings');
    const frame = await panelFrame(page);
    assert.match(await waitForRunEnd(frame, before), /^Finished/);
    const hosts = extensionHostPids(session!.serverPid);
    const idle = threadCount(hosts);
    let mostThreads = idle;
    const sampler = setInterval(() => (mostThreads = Math.max(mostThreads, threadCount(hosts))), 50);
    try {
      // Faster than any person: the three changes are posted before the host answers the first.
      await frame.evaluate(() => {
        const page = globalThis as unknown as {
          document: { querySelector(selector: string): { value: string; dispatchEvent(event: unknown): void } };
          Event: new (type: string) => unknown;
        };
        const select = page.document.querySelector('select[data-variant="integers"]');
        for (const choice of ['zigzag', 'fixed', 'varint']) {
          select.value = choice;
          select.dispatchEvent(new page.Event('change'));
        }
      });
      await frame.waitForFunction(
        () => {
          const page = globalThis as unknown as {
            document: { querySelector(selector: string): { value?: string; disabled?: boolean; textContent: string | null } | null };
          };
          const select = page.document.querySelector('select[data-variant="integers"]');
          return /^Finished/.test(page.document.querySelector('.run-status')?.textContent ?? '') && select?.value === 'varint' && select.disabled === false;
        },
        undefined,
        { timeout: 180_000 },
      );
      await waitUntil(() => threadCount(hosts) <= idle, 'the last run ended');
    } finally {
      clearInterval(sampler);
    }
    // One run at a time: at most a later round's JSON worker and one codec's worker, timed in
    // turn (two runs at once would add at least two more).
    assert.ok(mostThreads <= idle + 2, `at most one run's two workers at a time (threads went from ${idle} to ${mostThreads})`);
  });

  test('closing the panel with the inspector open stops the inspection worker', async () => {
    // The panel shows the orders.json run of the test before.
    const hosts = extensionHostPids(session!.serverPid);
    const frame = await panelFrame(page);
    await frame.click('button[data-inspect="avsc"]');
    await frame.waitForSelector('.inspector[data-codec="avsc"][data-state="open"]', { timeout: 60_000 });
    // Counted with the inspector open: other threads of the host come and go on their own.
    const open = threadCount(hosts);
    await runPaletteCommand(page, 'View: Close All Editors');
    await waitUntil(() => threadCount(hosts) < open, 'the inspection worker thread ended with its panel');
    assert.deepEqual(
      (await notificationTexts(page)).filter((text) => /error|fail/i.test(text)),
      [],
    );
  });
});
