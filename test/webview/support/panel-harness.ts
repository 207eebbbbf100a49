/**
 * A real headless Chromium showing the real panel page: the HTML and CSP from
 * `buildPanelHtml`, the built bundle and styles, served from 127.0.0.1, with a stand-in for
 * what VS Code gives a webview (acquireVsCodeApi, theme variables, message delivery).
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { type Browser, type Page, chromium } from 'playwright-core';
import { buildPanelHtml, createNonce } from '../../../src/panel/html';
import { type ChannelMessage, isChannelMessage } from '../../../src/shared/channel';
import type { RunEvent } from '../../../src/shared/run-events';
import { repoRoot } from '../../support/paths';
import { THEMES, type ThemeName } from './themes';

const DIST_FILES: Record<string, string> = {
  '/dist/panel.js': 'text/javascript; charset=utf-8',
  '/dist/panel.css': 'text/css; charset=utf-8',
};

for (const file of Object.keys(DIST_FILES)) {
  if (!fs.existsSync(path.join(repoRoot, file))) throw new Error(`${file} is missing: run 'npm run build' first (npm test does)`);
}

const standIn = `window.__themes = ${JSON.stringify(THEMES)};\n${fs.readFileSync(path.join(__dirname, 'vscode-stand-in.js'), 'utf8')}`;

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function startServer(): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const origin = `http://${request.headers.host}`;
    if (url.pathname === '/') {
      // A fresh nonce per load, as VS Code builds the page anew each time.
      // `?frames=ORIGIN`: the policy lets the page frame that origin (as the extension's does for its measuring frames).
      const frames = url.searchParams.get('frames');
      const html = buildPanelHtml({
        cspSource: origin,
        nonce: createNonce(),
        scriptUri: `${origin}/dist/panel.js`,
        styleUri: `${origin}/dist/panel.css`,
        ...(frames ? { measuringFrameOrigin: frames } : {}),
      });
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
      return;
    }
    if (url.pathname === '/favicon.ico') {
      response.writeHead(204).end(); // a browser tab asks for one; a webview does not
      return;
    }
    const type = DIST_FILES[url.pathname];
    if (!type) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(fs.readFileSync(path.join(repoRoot, url.pathname)));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

/** Messages to the page as VS Code delivers a host's: through the stand-in, which resolves once the page has handled them. */
export function deliverToPage(page: Page, messages: readonly unknown[]): Promise<void> {
  return page.evaluate((list) => (globalThis as unknown as { __deliver(m: unknown[]): Promise<void> }).__deliver(list), messages as unknown[]);
}

export class PanelPage {
  /** Console errors, uncaught exceptions and CSP violations seen so far. */
  private readonly problems: string[] = [];

  constructor(readonly page: Page) {
    page.on('console', (message) => {
      if (message.type() === 'error') this.problems.push(`console error: ${message.text()}`);
    });
    page.on('pageerror', (error) => this.problems.push(`uncaught: ${error.message}`));
  }

  /**
   * Delivers host messages as VS Code does and waits until the page has handled them: channel
   * messages as they are, run events as the host's panel emits them (the channel's `run` event).
   */
  async deliver(...messages: Array<RunEvent | ChannelMessage>): Promise<void> {
    await deliverToPage(
      this.page,
      messages.map((message) => (isChannelMessage(message) ? message : { channel: 'event', event: 'run', data: message })),
    );
  }

  posted(): Promise<ChannelMessage[]> {
    return this.page.evaluate(() => (globalThis as unknown as { __posted: ChannelMessage[] }).__posted);
  }

  /** What the page called on the host, in order: each request's method (a notification is one too). */
  async calls(): Promise<string[]> {
    return (await this.posted()).map((message) => (message.channel === 'request' ? message.method : message.channel));
  }

  async applyTheme(name: ThemeName): Promise<void> {
    await this.page.evaluate((theme) => (globalThis as unknown as { __applyTheme(t: string): void }).__applyTheme(theme), name);
  }

  /** Everything that went wrong on the page, CSP violations included: [] when all is well. */
  async problemsSeen(): Promise<string[]> {
    const violations = await this.page.evaluate(() => (globalThis as unknown as { __cspViolations: string[] }).__cspViolations);
    return [...this.problems, ...violations.map((violation) => `CSP violation: ${violation}`)];
  }

  /** Texts of the body's cells, row by row (details rows excluded), without the Inspect buttons. */
  tableRows(): Promise<string[][]> {
    return this.page.$$eval('table.results tbody tr:not(.details-row)', (rows) =>
      rows.map((row) =>
        [...row.querySelectorAll('th, td')].map((cell) => {
          const copy = cell.cloneNode(true) as typeof cell;
          for (const action of copy.querySelectorAll('.inspect-button')) action.remove();
          return (copy.textContent ?? '').trim();
        }),
      ),
    );
  }

  async close(): Promise<void> {
    await this.page.context().close();
  }

  rowCodecs(): Promise<string[]> {
    return this.page.$$eval('table.results tbody tr[data-codec]', (rows) => rows.map((row) => row.getAttribute('data-codec') ?? ''));
  }
}

export class PanelHarness {
  private constructor(
    private readonly browser: Browser,
    private readonly server: http.Server,
  ) {}

  static async start(): Promise<PanelHarness> {
    const server = await startServer();
    try {
      const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
      return new PanelHarness(browser, server);
    } catch (error) {
      server.close();
      throw error;
    }
  }

  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A fresh browser context (empty state) showing the panel page. */
  async open(options: { beforeLoad?: (page: Page) => Promise<void>; measuringFrameOrigin?: string } = {}): Promise<PanelPage> {
    const context = await this.browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.addInitScript({ content: standIn });
    const panel = new PanelPage(page);
    await options.beforeLoad?.(page);
    await page.goto(`${this.origin}/${options.measuringFrameOrigin ? `?frames=${encodeURIComponent(options.measuringFrameOrigin)}` : ''}`);
    await page.waitForFunction("document.body.className !== ''"); // themed, as VS Code does once loaded
    return panel;
  }

  async close(): Promise<void> {
    await this.browser.close().catch(() => undefined);
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
