/**
 * The `zstd` command-line tool, for what no zstd library on npm does: training dictionaries
 * (ZDICT). `npm run bench:zstd` found none that exposes ZDICT_trainFromBuffer (WebAssembly
 * builds, native addons and pure-JS decoders alike compress and decompress only), while the
 * CLI trains with zstd's own trainer (`--train`, fast-cover). It is a tool the user installs
 * (Debian/Ubuntu: `apt install zstd`): found on PATH or through PAYLOAD_LAB_ZSTD, never
 * downloaded, and run only in a child process with a timeout.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

export const ZSTD_CLI_MISSING =
  'no zstd command found for training dictionaries: install it (Debian/Ubuntu: `apt install zstd`, macOS: `brew install zstd`) or point PAYLOAD_LAB_ZSTD at a zstd executable';

/** A run of the CLI that did not give what was asked: its message says what and what to do. */
export class ZstdCliError extends Error {}

/** PAYLOAD_LAB_ZSTD when set (empty: none), else `zstd` on PATH; undefined where there is none. */
export function findZstdCli(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const chosen = env['PAYLOAD_LAB_ZSTD'];
  if (chosen !== undefined) return chosen !== '' && isExecutable(chosen) ? chosen : undefined;
  const names = process.platform === 'win32' ? ['zstd.exe'] : ['zstd'];
  for (const dir of (env['PATH'] ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const found = names.map((name) => path.join(dir, name)).find(isExecutable);
    if (found) return found;
  }
  return undefined;
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

export interface ZstdCliOptions {
  /** The CLI is stopped (SIGKILL) after this long; default 60 s. */
  timeoutMs?: number;
  signal?: AbortSignal;
  env?: NodeJS.ProcessEnv;
}

/** Runs `zstd args…`; resolves with its stdout, rejects with a ZstdCliError saying why. */
export function runZstdCli(args: readonly string[], options: ZstdCliOptions = {}): Promise<string> {
  const executable = findZstdCli(options.env);
  if (!executable) return Promise.reject(new ZstdCliError(ZSTD_CLI_MISSING));
  const timeoutMs = options.timeoutMs ?? 60_000;
  return new Promise((resolve, reject) => {
    execFile(executable, [...args], { timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 1 << 20, signal: options.signal, windowsHide: true }, (error, stdout, stderr) => {
      if (!error) return resolve(stdout);
      const killed = (error as { killed?: boolean }).killed;
      if (error.name === 'AbortError') return reject(new ZstdCliError(`${executable} was cancelled`));
      if (killed) return reject(new ZstdCliError(`${executable} ${args[0] ?? ''} did not finish within ${(timeoutMs / 1000).toFixed(1)} s and was stopped`));
      const said = stderr.trim() || error.message;
      reject(new ZstdCliError(`${executable} ${args[0] ?? ''} failed: ${said}`));
    });
  });
}
