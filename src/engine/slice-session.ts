/**
 * The host's side of timing in slices: one fresh worker opened for one codec, asked for slices
 * of encode or decode until closed. Like `runInWorker`, whatever happens to the worker becomes a
 * StageError (a `SliceSessionError`), and every worker is waited for until it has exited.
 */
import type { StageError, WorkStage, CompressionTiming } from '../shared/results';
import { startWorker, workerFailure, type StartedWorker, type WorkerLimits } from './worker-launch';
import type { TimingOperation, CompressionWindows } from '../shared/worker-protocol';
import type { TimedWindow, CodecJob } from '../shared/codec-job';

export class SliceSessionError extends Error {
  constructor(readonly error: StageError) {
    super(error.message);
  }
}

export class SliceSession {
  private lastStage: WorkStage | undefined;

  private constructor(
    private readonly worker: StartedWorker,
    private readonly limits: WorkerLimits,
    readonly bytes: number,
    readonly perCallNs: Record<TimingOperation, number>,
  ) {}

  /** A fresh worker with the codec open and warm; throws a SliceSessionError (worker stopped). */
  static async open(job: CodecJob, limits: WorkerLimits): Promise<SliceSession> {
    if (limits.signal?.aborted) throw new SliceSessionError({ stage: 'cancelled', message: 'cancelled before start' });
    const worker = startWorker(limits.workerScript, limits.memoryLimitMb);
    let lastStage: WorkStage | undefined;
    worker.channel.on('stage', (stage) => {
      lastStage = stage;
      limits.onStage?.(stage);
    });
    try {
      const ready = await worker.channel.request('open-for-slices', job, { timeoutMs: limits.timeoutMs, signal: limits.signal });
      if (!ready.ready) throw new SliceSessionError(ready.error);
      const session = new SliceSession(worker, limits, ready.bytes, ready.perCallNs);
      session.lastStage = lastStage;
      return session;
    } catch (error) {
      worker.channel.close();
      await worker.exited;
      if (error instanceof SliceSessionError) throw error;
      throw new SliceSessionError(workerFailure(error, worker.channel.gone, { what: 'the worker', memoryLimitMb: limits.memoryLimitMb, timeoutMs: limits.timeoutMs, lastStage }));
    }
  }

  slice(operation: TimingOperation, budgetMs: number, minSamples: number): Promise<TimedWindow> {
    return this.ask(() => this.worker.channel.request('time-slice', { operation, budgetMs, minSamples }, { timeoutMs: this.limits.timeoutMs, signal: this.limits.signal }));
  }

  /** This round's compression times of the codec's encoded bytes (after its slices). */
  compression(windows: CompressionWindows): Promise<CompressionTiming> {
    return this.ask(() => this.worker.channel.request('time-compression', windows, { timeoutMs: this.limits.timeoutMs, signal: this.limits.signal }));
  }

  private async ask<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw new SliceSessionError(workerFailure(error, this.worker.channel.gone, {
        what: 'the worker', memoryLimitMb: this.limits.memoryLimitMb, timeoutMs: this.limits.timeoutMs, lastStage: this.lastStage,
      }));
    }
  }

  /** Stops the worker; settles once it has exited. */
  async close(): Promise<void> {
    this.worker.channel.close();
    await this.worker.exited;
  }
}
