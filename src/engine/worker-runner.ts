/**
 * Runs one job in a fresh worker thread with a heap limit, a timeout and cancellation, and
 * always settles: whatever happens to the worker (throw, out of memory, hang, crash, cancel)
 * becomes a value the caller turns into a row. Never rejects.
 */
import { Worker } from 'node:worker_threads';
import type { ErrorStage, StageError } from '../shared/results';
import type { WorkerJob, WorkerMessage } from './worker-protocol';

export interface WorkerLimits {
  workerScript: string;
  /** V8 old-generation heap limit of the worker. ArrayBuffer memory is not counted by V8. */
  memoryLimitMb: number;
  timeoutMs: number;
  signal?: AbortSignal;
  onStage?: (stage: ErrorStage) => void;
}

export type WorkerFate =
  | { kind: 'message'; message: Exclude<WorkerMessage, { type: 'stage' }>; lastStage?: ErrorStage }
  | { kind: 'failed'; error: StageError; lastStage?: ErrorStage };

export function runWorkerJob(job: WorkerJob, limits: WorkerLimits): Promise<WorkerFate> {
  return new Promise((resolve) => {
    let lastStage: ErrorStage | undefined;
    let settled = false;
    const during = () => (lastStage ? ` (during ${lastStage})` : '');

    if (limits.signal?.aborted) {
      resolve({ kind: 'failed', error: { stage: 'cancelled', message: 'cancelled before start' } });
      return;
    }

    const worker = startWorker(limits.workerScript, job, limits.memoryLimitMb);

    const finish = (fate: WorkerFate) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      limits.signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      resolve(fate);
    };
    const fail = (stage: ErrorStage, message: string) => finish({ kind: 'failed', error: { stage, message }, lastStage });

    const timer = setTimeout(
      () => fail('timeout', `no result within ${limits.timeoutMs} ms${during()}; the worker was stopped`),
      limits.timeoutMs,
    );
    const onAbort = () => fail('cancelled', `cancelled${during()}`);
    limits.signal?.addEventListener('abort', onAbort, { once: true });

    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'stage') {
        lastStage = message.stage;
        limits.onStage?.(message.stage);
        return;
      }
      finish({ kind: 'message', message, lastStage });
    });
    worker.on('error', (error: Error & { code?: string }) => {
      const failure = workerFailure(error, 'the worker', limits.memoryLimitMb, during());
      fail(failure.stage, failure.message);
    });
    worker.on('exit', (code) => fail('crash', `the worker exited with code ${code}${during()} before reporting a result`));
  });
}

/** A fresh worker for one job, with a heap limit; its output is drained, never shown. */
export function startWorker(workerScript: string, job: WorkerJob, memoryLimitMb: number): Worker {
  const worker = new Worker(workerScript, {
    workerData: job,
    resourceLimits: { maxOldGenerationSizeMb: memoryLimitMb },
    // A clean isolate: by default workers inherit the parent's flags (a loader hook such as
    // tsx's slowed avsc by ~20%; --inspect would open a debugger port per codec).
    execArgv: [],
    // Codec libraries must not write to our stdout (the CLI's JSON goes there).
    stdout: true,
    stderr: true,
  });
  worker.stdout.resume();
  worker.stderr.resume();
  return worker;
}

/** What a worker's 'error' event means: out of memory, or a crash. `during`: " (during decode)". */
export function workerFailure(error: Error & { code?: string }, what: string, memoryLimitMb: number, during: string): StageError {
  if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
    return { stage: 'memory', message: `${what} ran out of memory${during}: its heap limit is ${memoryLimitMb} MB` };
  }
  return { stage: 'crash', message: `${what} crashed${during}: ${error.message}` };
}
