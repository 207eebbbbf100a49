/**
 * The host's side of a first round in steps (first-round-steps.ts is the worker's): one fresh
 * worker per codec (a sandboxed child for generated code: codec-sandbox.ts), asked to open, then to time, then to finish, so the pipeline
 * (first-round-pipeline.ts) decides what else runs between the steps. Like `runInWorker`, it
 * never rejects: whatever happens to the worker becomes a WorkerFate, and the worker is stopped
 * and waited for as soon as the run has ended, in the step that ended it.
 */
import type { StageError, WorkStage } from '../shared/results';
import { workerFailure, type StartedWorker, type WorkerFate, type WorkerLimits } from './worker-launch';
import { startCodecWorker } from './codec-sandbox';
import type { CodecWorkerMethods, FirstRoundOpened, WorkerMethods } from '../shared/worker-protocol';
import type { CodecJob, CodecReport } from '../shared/codec-job';

export interface FirstRoundRun {
  /** Times encode and decode (throughput against `jsonBytes`); nothing if the run has ended. */
  time(jsonBytes: number): Promise<void>;
  /** The first round's report, or how the worker failed; its worker has exited when this settles. */
  finish(): Promise<WorkerFate<CodecReport>>;
  /** Stops the worker without finishing (the run was abandoned: cancelled, or the sample unreadable). */
  close(): Promise<void>;
}

/** Starts a fresh worker and opens the codec in it (prepare, encode, decode, verify). */
export async function openFirstRound(job: CodecJob, limits: WorkerLimits): Promise<FirstRoundRun> {
  const run = new FirstRoundSession(limits);
  await run.open(job);
  return run;
}

class FirstRoundSession implements FirstRoundRun {
  private worker: StartedWorker<CodecWorkerMethods> | undefined;
  private lastStage: WorkStage | undefined;
  private fate: WorkerFate<CodecReport> | undefined;
  /** The job's timeout covers all of its steps, as it covers one `measure-codec`. */
  private readonly deadline: number;

  constructor(private readonly limits: WorkerLimits) {
    this.deadline = Date.now() + limits.timeoutMs;
  }

  async open(job: CodecJob): Promise<void> {
    if (this.limits.signal?.aborted) {
      this.fate = { kind: 'failed', error: { stage: 'cancelled', message: 'cancelled before start' } };
      return;
    }
    const started = await startCodecWorker(job, this.limits);
    if (started.kind === 'failed') {
      this.end(started);
      return;
    }
    this.worker = started.worker;
    this.worker.channel.on('stage', (stage) => {
      this.lastStage = stage;
      this.limits.onStage?.(stage);
    });
    await this.step('first-open', started.job);
  }

  async time(jsonBytes: number): Promise<void> {
    if (!this.fate) await this.step('first-time', { jsonBytes });
  }

  async finish(): Promise<WorkerFate<CodecReport>> {
    if (!this.fate) {
      const report = await this.request('first-finish', null);
      if (report !== undefined) this.end({ kind: 'answered', value: report, ...this.stageMark() });
    }
    await this.stop();
    return this.fate!;
  }

  async close(): Promise<void> {
    this.end({ kind: 'failed', error: { stage: 'cancelled', message: 'abandoned' } });
    await this.stop();
  }

  /** Open or time: the run goes on while the worker says it is ready. */
  private async step<M extends 'first-open' | 'first-time'>(method: M, params: WorkerMethods[M]['params']): Promise<void> {
    const opened: FirstRoundOpened | undefined = await this.request(method, params);
    if (opened !== undefined && !opened.ready) this.end({ kind: 'answered', value: opened.report, ...this.stageMark() });
    if (this.fate) await this.stop();
  }

  private async request<M extends 'first-open' | 'first-time' | 'first-finish'>(
    method: M,
    params: WorkerMethods[M]['params'],
  ): Promise<WorkerMethods[M]['result'] | undefined> {
    const worker = this.worker!;
    const { limits } = this;
    try {
      return await worker.channel.request(method, params, { timeoutMs: Math.max(1, this.deadline - Date.now()), signal: limits.signal });
    } catch (error) {
      const failure: StageError = workerFailure(
        error,
        worker.channel.gone,
        { what: worker.what, memoryLimitMb: limits.memoryLimitMb, timeoutMs: limits.timeoutMs, lastStage: this.lastStage },
        await worker.exit(),
      );
      this.end({ kind: 'failed', error: failure, ...this.stageMark() });
      return undefined;
    }
  }

  private stageMark(): { lastStage?: WorkStage } {
    return this.lastStage ? { lastStage: this.lastStage } : {};
  }

  private end(fate: WorkerFate<CodecReport>): void {
    this.fate ??= fate;
  }

  private async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (!worker) return;
    worker.channel.close();
    await worker.exited;
  }
}
