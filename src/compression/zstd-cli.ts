/**
 * The `zstd` command-line tool, for what no zstd library on npm does: training dictionaries
 * (ZDICT). `npm run bench:zstd` found none that exposes ZDICT_trainFromBuffer (WebAssembly
 * builds, native addons and pure-JS decoders alike compress and decompress only), while the
 * CLI trains with zstd's own trainer (`--train`, fast-cover). It is a tool the user installs
 * (Debian/Ubuntu: `apt install zstd`): found on PATH or through PAYLOAD_LAB_ZSTD, never
 * downloaded, and run only in a child process with a timeout (src/processes/run-program.ts).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ProgramRunError, runProgram } from '../processes/run-program';

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
export async function runZstdCli(args: readonly string[], options: ZstdCliOptions = {}): Promise<string> {
  const executable = findZstdCli(options.env);
  if (!executable) throw new ZstdCliError(ZSTD_CLI_MISSING);
  const timeoutMs = options.timeoutMs ?? 60_000;
  try {
    return (await runProgram(executable, args, { timeoutMs, ...(options.signal ? { signal: options.signal } : {}) })).stdout;
  } catch (error) {
    if (!(error instanceof ProgramRunError)) throw error;
    if (error.reason === 'timeout')
      throw new ZstdCliError(`${executable} ${args[0] ?? ''} did not finish within ${(timeoutMs / 1000).toFixed(1)} s and was stopped`);
    throw new ZstdCliError(`${executable} ${args[0] ?? ''} failed: ${error.stderrTail || error.message}`);
  }
}
