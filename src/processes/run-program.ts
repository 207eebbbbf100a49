/**
 * The one way a program that is not one of our bundles is run (a code generator, its
 * `--version`, a WASI module under Node): the sibling of superviseChild for non-Node programs.
 * A timeout, a kill when the signal aborts, the tail of its stderr for the error, and how it
 * ended in the supervisor's words (classifyExit). Everything else in src/codegen calls only this.
 *
 * The program runs under a watchdog (program-watchdog.ts) in a process group of its own, so a
 * kill reaches what it started (protoc's plugins), and so a worker thread that is terminated
 * mid-generation leaves nothing behind: the watchdog's stdin closes with the thread, and it
 * kills the group. It costs one Node start per run (tens of milliseconds), only where a tool
 * runs: a version check, or generation on a cache miss.
 */
import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { classifyExit } from './supervise-child';
import { WATCHDOG_SOURCE } from './program-watchdog';
import { CancelledError } from '../shared/cancelled';

export interface RunProgramOptions {
  cwd?: string;
  /** The program (and its group) is killed after this long; the error says so. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** The program's whole environment (default: this process's). */
  env?: NodeJS.ProcessEnv;
  /** How errors name the command (default: the command line): a WASI module's runner is not worth quoting. */
  label?: string;
  /** Keep stdout as bytes (`ProgramOutput.bytes`): a compiler writing a binary request (`capnp compile -o-`). */
  binaryStdout?: boolean;
}

export interface ProgramOutput {
  stdout: string;
  stderr: string;
  /** stdout as written, with `binaryStdout` (stdout is then empty). */
  bytes?: Uint8Array;
}

/** How a program failed; a program stopped by the caller's signal rejects with a CancelledError instead. */
export type ProgramFailure = 'exit' | 'timeout' | 'not-started';

export class ProgramRunError extends Error {
  override name = 'ProgramRunError';
  constructor(
    message: string,
    readonly stderrTail: string,
    readonly reason: ProgramFailure,
  ) {
    super(message);
  }
}

/** Characters of stderr kept for the error message: a compiler's last lines say what went wrong. */
const STDERR_TAIL = 2000;
const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;
/** How long after the watchdog's exit its pipes may take to end (a stray grandchild may hold them). */
const STREAM_WAIT_MS = 1000;
/** A watchdog that has not left this long after its stdin closed is killed itself. */
const WATCHDOG_GRACE_MS = 2000;

type WatchdogReport = { pid: number } | { exit: { code: number | null; signal: NodeJS.Signals | null } } | { error: { code?: string; message: string } };

export function runProgram(command: string, args: readonly string[], options: RunProgramOptions): Promise<ProgramOutput> {
  const shown = (options.label ?? `${command} ${args.join(' ')}`).slice(0, 300);
  if (options.signal?.aborted) return Promise.reject(new CancelledError(`${shown}: cancelled`));
  return new Promise((resolve, reject) => {
    // The watchdog is Node: in VS Code, Electron's binary acting as Node. Its own environment
    // loses NODE_OPTIONS (a user's preload is not the watchdog's business); the program gets its own.
    const { NODE_OPTIONS: _notForTheWatchdog, ...ownEnv } = process.env;
    const watchdog = spawn(process.execPath, ['--no-warnings', '-e', WATCHDOG_SOURCE], {
      env: { ...ownEnv, ELECTRON_RUN_AS_NODE: '1' },
      stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
      windowsHide: true,
    });
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = '';
    const reports: WatchdogReport[] = [];
    let toolPid: number | undefined;
    let stopped: 'timeout' | 'cancelled' | 'too-much-output' | undefined;
    let settled = false;

    const killTool = () => {
      // Directly where the pid is known (POSIX: the whole group); the closed stdin tells the watchdog too.
      if (toolPid !== undefined && process.platform !== 'win32') {
        try {
          process.kill(-toolPid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      watchdog.stdin?.destroy();
      setTimeout(() => watchdog.kill('SIGKILL'), WATCHDOG_GRACE_MS).unref();
    };
    const stop = (why: NonNullable<typeof stopped>) => {
      if (stopped || settled) return;
      stopped = why;
      killTool();
    };
    const timer = setTimeout(() => stop('timeout'), options.timeoutMs);
    const onAbort = () => stop('cancelled');
    options.signal?.addEventListener('abort', onAbort, { once: true });

    watchdog.stdout?.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.byteLength;
      if (stdoutBytes > MAX_OUTPUT_BYTES) stop('too-much-output');
      else stdout.push(chunk);
    });
    watchdog.stderr?.setEncoding('utf8');
    watchdog.stderr?.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-MAX_OUTPUT_BYTES);
    });
    readLines(watchdog.stdio[3] as Readable | null, (line) => {
      const report = JSON.parse(line) as WatchdogReport;
      if ('pid' in report) {
        toolPid = report.pid;
        if (stopped) killTool();
      }
      reports.push(report);
    });
    watchdog.stdin?.on('error', () => {
      // The watchdog is gone: its exit says the rest.
    });
    watchdog.stdin?.write(`${JSON.stringify({ command, args, cwd: options.cwd, env: options.env ?? process.env })}\n`);

    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      watchdog.stdin?.destroy();
      outcome();
    };
    const fail = (message: string, reason: ProgramFailure) => settle(() => reject(new ProgramRunError(message, tailOf(stderr), reason)));
    watchdog.once('error', (error) => {
      if (watchdog.pid === undefined) fail(`${shown}: could not start Node to watch it (${error.message})`, 'not-started');
    });
    watchdog.once('exit', (watchdogCode, watchdogSignal) => {
      void streamsEnded(watchdog.stdio.slice(1) as Array<Readable | null>).then(() => {
        const tail = tailOf(stderr);
        const said = tail ? `: ${tail}` : '';
        const ended = reports.find((report) => 'exit' in report || 'error' in report);
        if (stopped === 'timeout') return fail(`${shown}: stopped after ${options.timeoutMs} ms (timeout)${said}`, 'timeout');
        if (stopped === 'cancelled') return settle(() => reject(new CancelledError(`${shown}: cancelled`)));
        if (stopped === 'too-much-output') return fail(`${shown}: stopped, it wrote more than ${MAX_OUTPUT_BYTES / 1024 / 1024} MB to stdout`, 'exit');
        if (ended && 'error' in ended) return fail(`${shown}: could not start (${ended.error.code ?? 'error'}: ${ended.error.message})`, 'not-started');
        if (ended && 'exit' in ended && ended.exit.code === 0 && ended.exit.signal === null) {
          const bytes = Buffer.concat(stdout);
          return settle(() =>
            resolve({ stdout: options.binaryStdout ? '' : bytes.toString('utf8'), stderr, ...(options.binaryStdout ? { bytes: new Uint8Array(bytes) } : {}) }),
          );
        }
        // The program's own end, in the supervisor's words; or, without one, the watchdog's.
        const exit =
          ended && 'exit' in ended
            ? classifyExit(shown, ended.exit.code, ended.exit.signal, '')
            : classifyExit(`the watchdog of ${shown}`, watchdogCode, watchdogSignal, '');
        fail(`${exit.description}${said || (stdout.length > 0 ? `: ${tailOf(Buffer.concat(stdout).toString('utf8'))}` : '')}`, 'exit');
      });
    });
  });
}

function readLines(stream: Readable | null, onLine: (line: string) => void): void {
  if (!stream) return;
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    pending += chunk;
    for (let end = pending.indexOf('\n'); end !== -1; end = pending.indexOf('\n')) {
      const line = pending.slice(0, end);
      pending = pending.slice(end + 1);
      if (line.trim()) onLine(line);
    }
  });
}

/** Each stream's end, or STREAM_WAIT_MS, whichever comes first. */
function streamsEnded(streams: ReadonlyArray<Readable | null>): Promise<void> {
  const ends = streams.map((stream) =>
    stream && !stream.readableEnded && !stream.destroyed
      ? new Promise<void>((resolve) => {
          stream.once('end', resolve);
          stream.once('close', resolve);
        })
      : Promise.resolve(),
  );
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, STREAM_WAIT_MS);
  });
  return Promise.race([Promise.all(ends).then(() => undefined), waited]).finally(() => clearTimeout(timer));
}

function tailOf(text: string): string {
  // Compilers colour their diagnostics even into a pipe (bebopc does): the colours go.
  // eslint-disable-next-line no-control-regex
  const trimmed = text.replace(/\x1b\[[0-9;]*m/g, '').trim();
  return trimmed.length <= STDERR_TAIL ? trimmed : `…${trimmed.slice(-STDERR_TAIL)}`;
}
