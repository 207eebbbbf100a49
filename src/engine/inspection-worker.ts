/**
 * The host's side of an inspection worker: starts it with the same limits as a codec run, waits
 * for the decoded output to be ready, then relays queries one reply at a time. Whatever happens
 * to the worker (out of memory, crash, a query that hangs) rejects what is pending with words
 * for the panel and ends the session; nothing here throws into the host otherwise.
 */
import type { Worker } from 'node:worker_threads';
import type { InspectorOpened } from '../shared/inspector';
import type { StageError } from '../shared/results';
import type { InspectionQuery } from '../inspect/inspection';
import type { InspectionRequest, InspectOutputJob, WorkerMessage } from './worker-protocol';
import { startWorker, workerFailure } from './worker-runner';

export interface InspectionLimits {
  workerScript: string;
  memoryLimitMb: number;
  /** For decoding the sample, and again for each query. */
  timeoutMs: number;
  signal?: AbortSignal;
}

/** Opening failed: the stage it reached and why (`cancelled` when the signal fired). */
export class InspectionFailure extends Error {
  override name = 'InspectionFailure';
  constructor(readonly error: StageError) {
    super(error.message);
  }
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

export class InspectionWorker {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private ended: string | undefined;

  private constructor(private readonly worker: Worker, private readonly timeoutMs: number) {}

  static open(job: InspectOutputJob, limits: InspectionLimits): Promise<{ worker: InspectionWorker; opened: Omit<InspectorOpened, 'sessionId'> }> {
    return new Promise((resolve, reject) => {
      if (limits.signal?.aborted) {
        reject(new InspectionFailure({ stage: 'cancelled', message: 'cancelled before start' }));
        return;
      }
      const worker = startWorker(limits.workerScript, job, limits.memoryLimitMb);
      const inspection = new InspectionWorker(worker, limits.timeoutMs);
      let lastStage: string | undefined;
      let opening = true;
      const during = () => (lastStage ? ` (during ${lastStage})` : '');
      const fail = (error: StageError) => {
        inspection.end(error.message);
        if (!opening) return;
        opening = false;
        clearTimeout(timer);
        limits.signal?.removeEventListener('abort', onAbort);
        reject(new InspectionFailure(error));
      };
      const timer = setTimeout(() => fail({ stage: 'timeout', message: `the decoded output was not ready within ${limits.timeoutMs} ms${during()}` }), limits.timeoutMs);
      const onAbort = () => fail({ stage: 'cancelled', message: 'cancelled' });
      limits.signal?.addEventListener('abort', onAbort, { once: true });

      worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'stage') lastStage = message.stage;
        else if (message.type === 'inspection-failed') fail(message.error);
        else if (message.type === 'inspection-answer') inspection.settle(message);
        else if (message.type === 'inspection-ready' && opening) {
          opening = false;
          clearTimeout(timer);
          limits.signal?.removeEventListener('abort', onAbort);
          resolve({ worker: inspection, opened: message.opened });
        }
      });
      worker.on('error', (error: Error & { code?: string }) => fail(workerFailure(error, 'the inspection worker', limits.memoryLimitMb, during())));
      worker.on('exit', (code) => fail({ stage: 'crash', message: `the inspection worker exited with code ${code}${during()}` }));
    });
  }

  /** Why the worker is gone, once it is. */
  get endedBecause(): string | undefined {
    return this.ended;
  }

  query(query: InspectionQuery): Promise<unknown> {
    if (this.ended !== undefined) return Promise.reject(new Error(`the inspector has stopped (${this.ended}): open it again`));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        // A query that hangs would block every later one: the worker goes, and says why.
        this.end(`a ${query.kind} query took longer than ${this.timeoutMs} ms`);
      }, this.timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      this.worker.postMessage({ type: 'inspection-query', id, query } satisfies InspectionRequest);
    });
  }

  close(): void {
    this.end('closed');
  }

  private settle(answer: Extract<WorkerMessage, { type: 'inspection-answer' }>): void {
    const pending = this.pending.get(answer.id);
    if (!pending) return;
    this.pending.delete(answer.id);
    clearTimeout(pending.timer);
    if (answer.ok) pending.resolve(answer.value);
    else pending.reject(new Error(answer.error));
  }

  private end(reason: string): void {
    if (this.ended !== undefined) return;
    this.ended = reason;
    for (const { reject, timer } of this.pending.values()) {
      clearTimeout(timer);
      reject(new Error(`the inspector has stopped: ${reason}`));
    }
    this.pending.clear();
    void this.worker.terminate();
  }
}
