/**
 * The extension host's event loop during a browser run in a real VS Code (code-server, through
 * the e2e harness: the packaged .vsix, a throwaway profile). Compare Encodings runs on a large
 * sample with payloadLab.runtimes ["node", "browser"] and quick mode: for the browser rows the
 * host relays each job to the panel by VS Code's webview messaging (the sample's bytes and the
 * worker script go once per run, the jobs without them), serves the measuring frames from its
 * loopback server and hands the bytes a browser returns to a Node worker. The extension logs its own
 * event-loop delay per runtime (src/host/host-loop-delay.ts); this prints those lines.
 * Usage: node --import tsx test/bench/host-in-vscode.ts [MB] (default 50; needs npm run build)
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { openE2eSession } from '../e2e/support/session';
import { explorerContextCommand, panelFrame, waitForRun } from '../e2e/support/workbench';
import { LOOP_DELAY_PREFIX } from '../../src/host/host-loop-delay';
import { extensionLogLines } from '../e2e/support/extension-log';
import { writeLargeTuplesSample } from './large-sample';

const megabytes = Number(process.argv[2] ?? 50);
const SAMPLE = `tuples-${megabytes}mb.json`;

/** The panel's page reloads once when the run allows its measuring frames: find it again until the run ends. */
async function finishedRun(page: Page, deadline: number): Promise<string> {
  for (;;) {
    const frame: Frame = await panelFrame(page);
    try {
      return await waitForRun(frame, 1, 60_000);
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
}

function logLines(userDataDir: string): string[] {
  return extensionLogLines(userDataDir).filter((line) => line.includes(LOOP_DELAY_PREFIX) || / run 1: /.test(line));
}

async function main(): Promise<void> {
  const started = Date.now();
  const session = await openE2eSession((dirs) => {
    writeLargeTuplesSample(path.join(dirs.workspace, SAMPLE), megabytes * 1e6);
    fs.mkdirSync(path.join(dirs.workspace, '.vscode'), { recursive: true });
    fs.writeFileSync(
      path.join(dirs.workspace, '.vscode', 'settings.json'),
      JSON.stringify({
        'payloadLab.runtimes': ['node', 'browser'],
        'payloadLab.workerTimeoutMs': 600_000,
      }),
    );
  });
  try {
    console.log(`code-server ready in ${((Date.now() - started) / 1000).toFixed(0)} s; Compare Encodings on ${SAMPLE} (quick, Node and browser)`);
    await explorerContextCommand(session.page, SAMPLE, 'Compare Encodings');
    const status = await finishedRun(session.page, Date.now() + 30 * 60_000);
    console.log(`panel: ${status.trim()}`);
    for (const line of logLines(session.dirs.userDataDir)) console.log(line);
  } finally {
    await session.close();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
