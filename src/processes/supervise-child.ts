/**
 * The one way a Node child process of ours is started and followed: forked from one of our
 * bundles with a heap limit, behind a typed channel, with the tail of its stderr kept for its
 * last words, and how it ended told once, in words a row or a message can carry. Every child
 * started here is counted until it has exited (the tests assert none is left after a run).
 *
 * Codec processes, probe processes, the probe runner, limit processes and the sweep process all
 * start here; what each does with a death (a row, a probe effect, a limit) stays with it.
 */
import { fork, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import { ChannelClient, type MethodsOf } from '../shared/channel';
import { childProcessTransport } from './node-transports';

export interface ChildOptions {
  /** The bundle to run (see bundle-path.ts). */
  script: string;
  /** Words for messages: "the probe process". */
  what: string;
  args?: readonly string[];
  /** `--max-old-space-size`; absent: Node's default heap. */
  heapMb?: number;
  /** Other V8 flags (e.g. --disallow-code-generation-from-strings). */
  execArgv?: readonly string[];
  /** 'advanced' carries typed arrays as such (a sample's bytes); 'json' is cheaper for plain data. */
  serialization?: 'json' | 'advanced';
  /** How much of its stderr to keep (default 4 KiB): V8's out-of-memory report is long. */
  stderrTailBytes?: number;
  /** Its whole environment (default: this process's). */
  env?: NodeJS.ProcessEnv;
}

/** How a child ended. `kind` is what a caller branches on; `description` is for people. */
export interface ChildExit {
  kind: 'exited' | 'out-of-memory' | 'crashed' | 'killed' | 'failed-to-start';
  code: number | null;
  signal: NodeJS.Signals | null;
  /** "the probe process was killed by SIGABRT (aborted): FATAL ERROR: …". */
  description: string;
}

export interface SupervisedChild<M extends MethodsOf<M>, E> {
  channel: ChannelClient<M, E>;
  pid: number | undefined;
  /** Resolves once the process has exited and its stderr is complete ('close'). */
  ended: Promise<ChildExit>;
  /** Whether it has exited yet. */
  readonly exited: boolean;
  /** The last bytes of its stderr. */
  stderrTail(): string;
  /**
   * Ends it: disconnects (the child-side helper then finishes what runs and leaves) and kills it
   * if it has not left within `graceMs` (0: at once). Resolves once it has exited.
   */
  stop(graceMs?: number): Promise<ChildExit>;
}

const STDERR_TAIL_BYTES = 4_096;
/** How long after its exit a child's stderr may take to end. */
const STDERR_WAIT_MS = 1_000;

const SIGNAL_MEANING: Record<string, string> = {
  SIGABRT: 'aborted',
  SIGSEGV: 'segmentation fault',
  SIGBUS: 'bus error',
  SIGILL: 'illegal instruction',
  SIGTRAP: 'trap (a V8 CHECK failed)',
  SIGKILL: 'killed',
};

const live = new Set<ChildProcess>();

/** Children started here that have not exited yet. */
export function liveChildCount(): number {
  return live.size;
}

/** Forks `options.script` and follows it; refuses a script that is not built. */
export function superviseChild<M extends MethodsOf<M>, E = Record<never, never>>(options: ChildOptions): SupervisedChild<M, E> {
  if (!fs.existsSync(options.script)) throw new Error(`${options.script} is missing: build the bundles first (npm run build)`);
  const child = fork(options.script, [...(options.args ?? [])], {
    // A clean Node: the parent's flags (a loader hook, --inspect) are not the child's.
    execArgv: [...(options.execArgv ?? []), ...(options.heapMb === undefined ? [] : [`--max-old-space-size=${options.heapMb}`])],
    // Libraries must not write to our stdout (the CLI's JSON goes there).
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: options.serialization ?? 'json',
    // In VS Code this process is Electron's: the child must run as Node, not as an app.
    env: { ...(options.env ?? process.env), ELECTRON_RUN_AS_NODE: '1' },
  });
  live.add(child);
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-(options.stderrTailBytes ?? STDERR_TAIL_BYTES));
  });
  let killedByUs = false;
  let exited = false;
  const ended = new Promise<ChildExit>((resolve) => {
    const settle = (exit: ChildExit) => {
      exited = true;
      live.delete(child);
      resolve(exit);
    };
    // Without a pid the process never started and no 'close' follows.
    child.once('error', (error) => {
      if (child.pid === undefined)
        settle({ kind: 'failed-to-start', code: null, signal: null, description: `${options.what} could not start: ${error.message}` });
    });
    // 'exit', then the end of its stderr (its last words): not 'close', which never comes once
    // this side has disconnected the IPC channel.
    const stderrDone = new Promise<void>((resolve) => {
      if (!child.stderr) return resolve();
      child.stderr.once('close', resolve);
      child.stderr.once('end', resolve);
    });
    child.once('exit', (code, signal) => {
      // A grandchild holding the pipe open must not keep the parent waiting.
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, STDERR_WAIT_MS);
      });
      void Promise.race([stderrDone, waited]).then(() => {
        clearTimeout(timer);
        settle(classifyExit(options.what, code, signal, stderr, killedByUs));
      });
    });
  });
  const channel = new ChannelClient<M, E>(childProcessTransport(child));
  const kill = () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    killedByUs = true;
    child.kill('SIGKILL');
  };
  return {
    channel,
    pid: child.pid,
    ended,
    get exited() {
      return exited;
    },
    stderrTail: () => stderr,
    async stop(graceMs = 0) {
      if (child.connected) child.disconnect();
      const timer = graceMs > 0 ? setTimeout(kill, graceMs) : undefined;
      if (graceMs <= 0) kill();
      const exit = await ended;
      clearTimeout(timer);
      channel.close();
      return exit;
    },
  };
}

/** What a child's end means: out of memory and fatal signals said as such, with its last words. */
export function classifyExit(what: string, code: number | null, signal: NodeJS.Signals | null, stderr: string, killedByUs = false): ChildExit {
  const words = lastWords(stderr);
  if (/heap out of memory|Reached heap limit|allocation failed/i.test(stderr)) {
    return { kind: 'out-of-memory', code, signal, description: `${what} ran out of memory${words}` };
  }
  if (signal !== null) {
    if (killedByUs) return { kind: 'killed', code, signal, description: `${what} was stopped` };
    const meaning = SIGNAL_MEANING[signal] ?? 'signal';
    return {
      kind: 'crashed',
      code,
      signal,
      description: `${what} was killed by ${signal} (${signal === 'SIGKILL' ? 'killed from outside (out of system memory?)' : meaning})${words}`,
    };
  }
  return { kind: 'exited', code, signal, description: `${what} exited with code ${code}${words}` };
}

/** The line of a dead child's stderr that says most: V8's FATAL ERROR line if there is one. */
export function lastWords(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const fatal = lines.find((line) => /FATAL ERROR|out of memory|Segmentation|process failed/i.test(line));
  const chosen = fatal ?? lines[lines.length - 1];
  return chosen === undefined ? '' : `: ${chosen.replace(/^#\s*/, '').slice(0, 240)}`;
}
