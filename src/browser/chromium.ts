/**
 * Finding and starting a headless Chromium for the browser runtime, without a driver: Debian's
 * `chromium` (or PAYLOAD_LAB_CHROMIUM) opened on a loopback page with `--headless`. The page
 * talks to our loopback server by fetch, so no DevTools protocol client is needed, and the CLI
 * ships no browser-automation dependency (playwright-core stays a devDependency of the tests).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

export const CHROMIUM_MISSING =
  'no Chromium found for the browser rows: install it (Debian/Ubuntu: `apt install chromium`) or point PAYLOAD_LAB_CHROMIUM at a Chromium or Chrome executable';

export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const chosen = env['PAYLOAD_LAB_CHROMIUM'];
  if (chosen !== undefined) return chosen !== '' && fs.existsSync(chosen) ? chosen : undefined;
  return CANDIDATES.find((candidate) => fs.existsSync(candidate));
}

export interface LaunchedChromium {
  process: ChildProcess;
  /** Kills the browser's process group and removes its throwaway profile. */
  stop(): Promise<void>;
}

export function launchChromium(executable: string, url: string): LaunchedChromium {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-chromium-'));
  const args = [
    '--headless',
    '--disable-gpu',
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-extensions',
    '--disable-quic',
    // Chromium's sandbox refuses to start as root (containers, CI); elsewhere it stays on.
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
    `--user-data-dir=${profile}`,
    url,
  ];
  // Its own process group: Chromium's renderer and utility processes end with it.
  const child = spawn(executable, args, { stdio: 'ignore', detached: true });
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  return {
    process: child,
    async stop() {
      if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          child.kill('SIGKILL');
        }
        await exited;
      }
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}
