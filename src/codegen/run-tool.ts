/**
 * The one place an external tool (a code generator, or its --version) is launched: a child
 * process with a timeout, killed when the signal aborts, its stderr's tail kept for the error.
 * Generated code and generators never run in the caller's process.
 *
 * The lead's child-process supervisor (src/processes/, issue 24) is meant to take this launch
 * over: everything else in src/codegen calls only `runTool`.
 */
import { execFile } from 'node:child_process';

export interface RunToolOptions {
  cwd?: string;
  /** The child is killed after this long; the error says so. */
  timeoutMs: number;
  signal?: AbortSignal;
  env?: NodeJS.ProcessEnv;
  /** How errors name the command (default: the command line): a WASI module's runner is not worth quoting. */
  label?: string;
  /** Keep stdout as bytes (`ToolOutput.bytes`): a compiler writing a binary request (`capnp compile -o-`). */
  binaryStdout?: boolean;
}

export interface ToolOutput {
  stdout: string;
  stderr: string;
  /** stdout as written, with `binaryStdout` (stdout is then empty). */
  bytes?: Uint8Array;
}

/** Characters of stderr kept for the error message: a compiler's last lines say what went wrong. */
const STDERR_TAIL = 2000;

export class ToolRunError extends Error {
  override name = 'ToolRunError';
  constructor(
    message: string,
    readonly stderrTail: string,
    readonly reason: 'exit' | 'timeout' | 'cancelled' | 'not-started',
  ) {
    super(message);
  }
}

export function runTool(command: string, args: readonly string[], options: RunToolOptions): Promise<ToolOutput> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    execFile(
      command,
      [...args],
      {
        cwd: options.cwd,
        env: options.env ?? process.env,
        timeout: options.timeoutMs,
        killSignal: 'SIGKILL',
        signal: options.signal,
        maxBuffer: 64 * 1024 * 1024,
        windowsHide: true,
        encoding: 'buffer',
      },
      (error, stdoutBytes, stderrBytes) => {
        const stderr = stderrBytes.toString('utf8');
        const stdout = options.binaryStdout ? '' : stdoutBytes.toString('utf8');
        if (!error) {
          resolve({ stdout, stderr, ...(options.binaryStdout ? { bytes: new Uint8Array(stdoutBytes) } : {}) });
          return;
        }
        const tail = tailOf(stderr || stdout);
        const shown = (options.label ?? `${command} ${args.join(' ')}`).slice(0, 300);
        const failure = error as NodeJS.ErrnoException & { killed?: boolean; code?: number | string; signal?: string };
        if (options.signal?.aborted || failure.name === 'AbortError') {
          reject(new ToolRunError(`${shown}: cancelled`, tail, 'cancelled'));
        } else if (failure.killed && Date.now() - started >= options.timeoutMs - 50) {
          reject(new ToolRunError(`${shown}: stopped after ${options.timeoutMs} ms (timeout)${tail ? `: ${tail}` : ''}`, tail, 'timeout'));
        } else if (typeof failure.code === 'string') {
          reject(new ToolRunError(`${shown}: could not start (${failure.code}: ${failure.message})`, tail, 'not-started'));
        } else {
          const how = failure.signal ? `was killed by ${failure.signal}` : `exited with code ${failure.code}`;
          reject(new ToolRunError(`${shown} ${how}${tail ? `: ${tail}` : ''}`, tail, 'exit'));
        }
      },
    );
  });
}

function tailOf(text: string): string {
  // Compilers colour their diagnostics even into a pipe (bebopc does): the colours go.
  // eslint-disable-next-line no-control-regex
  const trimmed = text.replace(/\x1b\[[0-9;]*m/g, '').trim();
  return trimmed.length <= STDERR_TAIL ? trimmed : `…${trimmed.slice(-STDERR_TAIL)}`;
}
