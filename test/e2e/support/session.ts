/**
 * One e2e session: a throwaway workspace and profile, the .vsix packaged and installed as a
 * user would, code-server on loopback, and Chromium on the workbench. `close` stops all of it.
 */
import * as fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './browser';
import { codeServerEntry, installVsix, startCodeServer, type CodeServer } from './code-server';
import { packageVsix } from './package-vsix';
import { openWorkbench } from './workbench';
import { makeE2eDirs, type E2eDirs, type E2eOptions } from './workspace';

export interface E2eSession {
  dirs: E2eDirs;
  page: Page;
  serverPid: number;
  close(): Promise<void>;
}

export async function openE2eSession(addFiles?: (dirs: E2eDirs) => void, options: E2eOptions = {}): Promise<E2eSession> {
  const dirs = makeE2eDirs(options);
  addFiles?.(dirs);
  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  const close = async () => {
    await browser?.close();
    await server?.stop();
    if (process.env.PAYLOAD_LAB_KEEP_E2E) console.log(`e2e files kept in ${dirs.root}`);
    else fs.rmSync(dirs.root, { recursive: true, force: true });
  };
  try {
    const entry = codeServerEntry();
    installVsix(entry, packageVsix(dirs.root), dirs.extensionsDir, dirs.userDataDir);
    server = await startCodeServer({ entry, workDir: dirs.root, ...dirs, workspaceTrust: options.untrusted === true });
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1500, height: 950 } });
    await openWorkbench(page, server.url, dirs.workspace);
    return { dirs, page, serverPid: server.pid, close };
  } catch (error) {
    await close();
    throw error;
  }
}
