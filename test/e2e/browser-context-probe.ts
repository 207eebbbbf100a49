/**
 * Which context can run the browser measuring workers inside the real VS Code (code-server)?
 * Installs a throwaway probe extension (browser-context-probe/) whose webview, under the
 * panel's strict CSP, embeds (1) a frame from the extension's resource origin with its own
 * policy allowing 'unsafe-eval' and (2) a sandboxed frame from a loopback server of the
 * extension host, reached through asExternalUri. Prints what ran where. Run on demand:
 *   node --import tsx test/e2e/browser-context-probe.ts
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { launchChromium } from './support/browser';
import { codeServerEntry, startCodeServer } from './support/code-server';
import { openWorkbench, runPaletteCommand } from './support/workbench';

async function main(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-context-probe-'));
  const extensionsDir = path.join(work, 'exts');
  const workspace = path.join(work, 'ws');
  fs.mkdirSync(workspace, { recursive: true });
  fs.writeFileSync(path.join(workspace, 'a.txt'), 'probe');
  fs.cpSync(path.join(__dirname, 'browser-context-probe'), path.join(extensionsDir, 'payload-lab.browser-context-probe-0.0.1'), { recursive: true });
  const out = path.join(work, 'result.json');
  process.env['BROWSER_CONTEXT_PROBE_OUT'] = out;
  const server = await startCodeServer({ entry: codeServerEntry(), workDir: work, workspace, extensionsDir, userDataDir: path.join(work, 'ud') });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await openWorkbench(page, server.url, workspace);
    await new Promise((resolve) => setTimeout(resolve, 4000));
    await runPaletteCommand(page, 'Browser Context Probe');
    const deadline = Date.now() + 90_000;
    while (!fs.existsSync(out) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 500));
    process.stdout.write(fs.existsSync(out) ? fs.readFileSync(out, 'utf8') : 'no result within 90 s\n');
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

void main();
