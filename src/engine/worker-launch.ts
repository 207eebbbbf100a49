/**
 * Starts workers and asks them one thing: a fresh worker thread with a heap limit, its channel,
 * a timeout and cancellation. `runInWorker` always settles with a value: whatever happens to the
 * worker (throw, out of memory, hang, crash, cancel) becomes a StageError the caller turns into
 * a row. Never rejects. Every worker started here is counted until its `exit`.
 */
import { Worker } from 'node:worker_threads';
import { ChannelClient, ChannelError, type Gone, type MethodsOf } from '../shared/channel';
import { CancelledError } from '../shared/cancelled';
import type { ErrorStage, StageError, WorkStage } from '../shared/results';
import { workerTransport } from '../processes/node-transports';
import type { WorkerEvents, WorkerMethod, WorkerMethods } from '../shared/worker-protocol';
import type { ChildExit } from '../processes/supervise-child';
import { workerEntry } from './worker-code-cache';

export interface WorkerLimits {
  workerScript: string;
  /** V8 old-generation heap limit of the worker. ArrayBuffer memory is not counted by V8. */
  memoryLimitMb: number;
  timeoutMs: number;
  signal?: AbortSignal;
  onStage?: (stage: WorkStage) => void;
  /** The worker's other events (a schema-change check's progress). */
  onEvents?: (channel: WorkerChannel) => void;
}

export type WorkerFate<R> = { kind: 'answered'; value: R; lastStage?: WorkStage } | { kind: 'failed'; error: StageError; lastStage?: WorkStage };

export type WorkerChannel = ChannelClient<WorkerMethods, WorkerEvents>;

const live = new Set<Worker>();

/** Worker threads started here that have not exited yet (what tests check is zero after a run). */
export function liveWorkerCount(): number {
  return live.size;
}

/** Asks a fresh worker one thing, then stops it. */
export function runInWorker<M extends WorkerMethod>(
  method: M,
  params: WorkerMethods[M]['params'],
  limits: WorkerLimits,
): Promise<WorkerFate<WorkerMethods[M]['result']>> {
  if (limits.signal?.aborted) return Promise.resolve({ kind: 'failed', error: { stage: 'cancelled', message: 'cancelled before start' } });
  const worker = startWorker(limits.workerScript, limits.memoryLimitMb);
  limits.onEvents?.(worker.channel);
  return askOnce(worker, method, params, limits);
}

/**
 * Asks a started worker (or child process: codec-sandbox.ts) one thing, then stops it; settles
 * once it has exited, with its answer or how it failed.
 */
export async function askOnce<W extends MethodsOf<W>, M extends keyof W & string>(
  worker: StartedWorker<W>,
  method: M,
  params: W[M]['params'],
  limits: WorkerLimits,
): Promise<WorkerFate<W[M]['result']>> {
  const { channel } = worker;
  let lastStage: WorkStage | undefined;
  channel.on('stage', (stage) => {
    lastStage = stage;
    limits.onStage?.(stage);
  });
  try {
    const value = await channel.request(method, params, { timeoutMs: limits.timeoutMs, signal: limits.signal });
    return { kind: 'answered', value, ...(lastStage ? { lastStage } : {}) };
  } catch (error) {
    const failure = workerFailure(
      error,
      channel.gone,
      { what: worker.what, memoryLimitMb: limits.memoryLimitMb, timeoutMs: limits.timeoutMs, lastStage },
      await worker.exit(),
    );
    return { kind: 'failed', error: failure, ...(lastStage ? { lastStage } : {}) };
  } finally {
    // Settled once the worker has really exited: nothing of this job outlives the call.
    channel.close();
    await worker.exited;
  }
}

export interface StartedWorker<W extends MethodsOf<W> = WorkerMethods> {
  channel: ChannelClient<W, WorkerEvents>;
  /** Resolves on the worker's `exit`, however it came. */
  exited: Promise<void>;
  /** "the worker", "the sandboxed codec process": what failures call it. */
  what: string;
  /** A child process's end once its channel is gone (its stderr tells out of memory from a crash); a thread's: undefined. */
  exit(): Promise<ChildExit | undefined>;
}

/** A fresh worker with a heap limit, behind its channel; its output is drained, never shown. */
export function startWorker(workerScript: string, memoryLimitMb: number): StartedWorker {
  const entry = workerEntry(workerScript);
  const worker = new Worker(entry.file, {
    ...(entry.workerData ? { workerData: entry.workerData } : {}),
    resourceLimits: { maxOldGenerationSizeMb: memoryLimitMb },
    // A clean isolate: by default workers inherit the parent's flags (a loader hook such as
    // tsx's slowed avsc by ~20%; --inspect would open a debugger port per codec).
    execArgv: [],
    // Codec libraries must not write to our stdout (the CLI's JSON goes there).
    stdout: true,
    stderr: true,
  });
  live.add(worker);
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      live.delete(worker);
      resolve();
    }),
  );
  worker.stdout.resume();
  worker.stderr.resume();
  return {
    channel: new ChannelClient<WorkerMethods, WorkerEvents>(workerTransport(worker)),
    exited,
    what: 'the worker',
    exit: () => Promise.resolve(undefined),
  };
}

export interface FailureContext {
  /** "the worker", "the inspection worker". */
  what: string;
  memoryLimitMb: number;
  timeoutMs: number;
  lastStage?: WorkStage;
}

/**
 * What a failed request to a worker means, in words for a row or the panel. For a child process,
 * `exit` says how it ended (its stderr tells an out-of-memory death from a crash).
 */
export function workerFailure(error: unknown, gone: Gone | undefined, context: FailureContext, exit?: ChildExit): StageError {
  const during = context.lastStage ? ` (during ${context.lastStage})` : '';
  if (error instanceof CancelledError) return { stage: 'cancelled', message: `cancelled${during}` };
  if (!(error instanceof ChannelError))
    return { stage: 'crash', message: `${context.what} failed${during}: ${error instanceof Error ? error.message : String(error)}` };
  switch (error.kind) {
    case 'timeout':
      return { stage: 'timeout', message: `no result within ${context.timeoutMs} ms${during}; ${context.what} was stopped` };
    case 'remote':
      return { stage: isErrorStage(error.code) ? error.code : 'crash', message: error.message };
    case 'gone':
      if (exit?.kind === 'out-of-memory')
        return { stage: 'memory', message: `${context.what} ran out of memory${during}: its heap limit is ${context.memoryLimitMb} MB` };
      if (exit && exit.kind !== 'killed') return { stage: 'crash', message: `${exit.description}${during}, before reporting a result` };
      if (gone?.reason === 'out-of-memory')
        return { stage: 'memory', message: `${context.what} ran out of memory${during}: its heap limit is ${context.memoryLimitMb} MB` };
      if (gone?.reason === 'exited') return { stage: 'crash', message: `${context.what} exited with ${gone.detail}${during} before reporting a result` };
      return { stage: 'crash', message: `${context.what} crashed${during}: ${gone?.detail ?? error.message}` };
  }
}

const ERROR_STAGES: Record<ErrorStage, true> = {
  input: true,
  prepare: true,
  encode: true,
  decode: true,
  verify: true,
  measure: true,
  timeout: true,
  memory: true,
  crash: true,
  cancelled: true,
};

function isErrorStage(code: string | undefined): code is ErrorStage {
  return code !== undefined && Object.prototype.hasOwnProperty.call(ERROR_STAGES, code);
}
