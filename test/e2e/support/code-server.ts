/**
 * Starts a real VS Code (code-server, VS Code 1.100.x) on loopback only, with a throwaway
 * profile and extensions folder, and stops it (and its children) by process group.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { repoRoot } from '../../support/paths';

export interface CodeServer {
  url: string;
  /** The server process; its descendants include the extension host. */
  pid: number;
  extensionsDir: string;
  logFile: string;
  stop(): Promise<void>;
}

/** An installed code-server's entry point: install-code-server.sh then installs nothing. */
export const CODE_SERVER_ENV = 'PAYLOAD_LAB_CODE_SERVER';

/** The cached code-server entry point, installed on first use (see install-code-server.sh). */
export function codeServerEntry(): string {
  const output = execFileSync('bash', [path.join(repoRoot, 'test', 'e2e', 'install-code-server.sh')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return output.trim().split('\n').pop()!;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`code-server exited with ${child.exitCode} before it was ready`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`code-server did not answer on ${url} within ${timeoutMs} ms`);
}

/** Command-line installation, as a user would: `code-server --install-extension file.vsix`. */
export function installVsix(entry: string, vsix: string, extensionsDir: string, userDataDir: string): void {
  execFileSync(process.execPath, [entry, '--extensions-dir', extensionsDir, '--user-data-dir', userDataDir, '--install-extension', vsix], {
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 120_000,
  });
}

/** `workspaceTrust`: VS Code's workspace trust stays on (default: `--disable-workspace-trust`). */
export async function startCodeServer(options: {
  entry: string;
  workDir: string;
  workspace: string;
  extensionsDir: string;
  userDataDir: string;
  workspaceTrust?: boolean;
}): Promise<CodeServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const logFile = path.join(options.workDir, 'code-server.log');
  const log = fs.openSync(logFile, 'a');
  const child = spawn(
    process.execPath,
    [
      options.entry,
      '--auth',
      'none',
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--extensions-dir',
      options.extensionsDir,
      '--user-data-dir',
      options.userDataDir,
      '--disable-telemetry',
      '--disable-update-check',
      ...(options.workspaceTrust ? [] : ['--disable-workspace-trust']),
      options.workspace,
    ],
    { stdio: ['ignore', log, log], detached: true },
  );
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // The whole group: code-server starts an extension host and file watchers of its own.
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
    const killer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* gone */
      }
    }, 5000);
    await exited;
    clearTimeout(killer);
    fs.closeSync(log);
  };
  try {
    await waitForHealth(url, child, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid!, extensionsDir: options.extensionsDir, logFile, stop };
}
