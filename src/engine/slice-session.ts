/**
 * The host's side of timing in slices: one fresh worker opened for one codec, asked for slices
 * of encode or decode until closed. Like `runInWorker`, whatever happens to the worker becomes a
 * StageError (a `SliceSessionError`), and every worker is waited for until it has exited.
 */
import type { StageError, WorkStage, CompressionTiming } from '../shared/results';
import { workerFailure, type StartedWorker, type WorkerLimits } from './worker-launch';
import { startCodecWorker } from './codec-sandbox';
import type { CodecWorkerMethods, TimingOperation, TimingReady, CompressionWindows } from '../shared/worker-protocol';
import type { TimedWindow, CodecJob } from '../shared/codec-job';

export class SliceSessionError extends Error {
  constructor(readonly error: StageError) {
    super(error.message);
  }
}

/**
 * One codec open for timing in slices, wherever it runs: what later rounds ask of it
 * (later-round.ts, alternate-slices.ts). Every method throws a SliceSessionError when the
 * codec's worker stops; `close` settles once it has exited.
 */
export interface TimingSession {
  /** The encoded size the open found. */
  readonly bytes: number;
  readonly warmed: boolean;
  /** Each operation's per-call time from its warm-up; only once warmed. */
  readonly perCallNs: Record<TimingOperation, number>;
  /** Whether `compression` times anything here (a browser has no brotli or zstd encoder to time). */
  readonly timesCompression: boolean;
  warm(): Promise<void>;
  slice(operation: TimingOperation, budgetMs: number, minSamples: number): Promise<TimedWindow>;
  compression(windows: CompressionWindows): Promise<CompressionTiming>;
  close(): Promise<void>;
}

/** Opens one codec for a later round's slices (a fresh worker with it prepared); throws a SliceSessionError. */
export type OpenTimingSession = (job: CodecJob, limits: WorkerLimits) => Promise<TimingSession>;

/** What every timing session keeps alike: its warm-up's per-call times, once warmed. */
export abstract class WarmedSession {
  private warmCalls: Record<TimingOperation, number> | undefined;

  get warmed(): boolean {
    return this.warmCalls !== undefined;
  }

  /** Each operation's per-call time from its warm-up (what the slices' plan and batches follow). */
  get perCallNs(): Record<TimingOperation, number> {
    if (!this.warmCalls) throw new Error('the session has not warmed up');
    return this.warmCalls;
  }

  /** The warm-up's answer: its per-call times kept, or why it failed thrown (a SliceSessionError). */
  protected keepWarmUp(ready: TimingReady): void {
    if (!ready.ready) throw new SliceSessionError(ready.error);
    this.warmCalls = ready.perCallNs;
  }
}

/** Node's timing session: a fresh worker thread (or sandboxed child) per codec and round. */
export class SliceSession extends WarmedSession implements TimingSession {
  readonly timesCompression = true;

  private constructor(
    private readonly worker: StartedWorker<CodecWorkerMethods>,
    private readonly limits: WorkerLimits,
    readonly bytes: number,
    /** The stage the worker said last (what a failure says it was doing). */
    private readonly lastStage: () => WorkStage | undefined,
  ) {
    super();
  }

  /**
   * A fresh worker with the codec open (prepared, each operation called once), not yet warm:
   * `warm` before the first slice. Throws a SliceSessionError (worker stopped).
   */
  static async open(job: CodecJob, limits: WorkerLimits): Promise<SliceSession> {
    if (limits.signal?.aborted) throw new SliceSessionError({ stage: 'cancelled', message: 'cancelled before start' });
    const started = await startCodecWorker(job, limits);
    if (started.kind === 'failed') throw new SliceSessionError(started.error);
    const { worker } = started;
    let lastStage: WorkStage | undefined;
    worker.channel.on('stage', (stage) => {
      lastStage = stage;
      limits.onStage?.(stage);
    });
    try {
      const opened = await worker.channel.request('open-for-slices', started.job, { timeoutMs: limits.timeoutMs, signal: limits.signal });
      if (!opened.ready) throw new SliceSessionError(opened.error);
      return new SliceSession(worker, limits, opened.bytes, () => lastStage);
    } catch (error) {
      worker.channel.close();
      await worker.exited;
      if (error instanceof SliceSessionError) throw error;
      throw new SliceSessionError(
        workerFailure(
          error,
          worker.channel.gone,
          { what: worker.what, memoryLimitMb: limits.memoryLimitMb, timeoutMs: limits.timeoutMs, lastStage },
          await worker.exit(),
        ),
      );
    }
  }

  /** Warms both operations up; throws a SliceSessionError (the worker is left for `close`). */
  async warm(): Promise<void> {
    this.keepWarmUp(
      await this.ask(() => this.worker.channel.request('warm-for-slices', null, { timeoutMs: this.limits.timeoutMs, signal: this.limits.signal })),
    );
  }

  slice(operation: TimingOperation, budgetMs: number, minSamples: number): Promise<TimedWindow> {
    return this.ask(() =>
      this.worker.channel.request('time-slice', { operation, budgetMs, minSamples }, { timeoutMs: this.limits.timeoutMs, signal: this.limits.signal }),
    );
  }

  /** This round's compression times of the codec's encoded bytes (after its slices). */
  compression(windows: CompressionWindows): Promise<CompressionTiming> {
    return this.ask(() => this.worker.channel.request('time-compression', windows, { timeoutMs: this.limits.timeoutMs, signal: this.limits.signal }));
  }

  private async ask<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw new SliceSessionError(
        workerFailure(
          error,
          this.worker.channel.gone,
          {
            what: this.worker.what,
            memoryLimitMb: this.limits.memoryLimitMb,
            timeoutMs: this.limits.timeoutMs,
            lastStage: this.lastStage(),
          },
          await this.worker.exit(),
        ),
      );
    }
  }

  /** Stops the worker; settles once it has exited. */
  async close(): Promise<void> {
    this.worker.channel.close();
    await this.worker.exited;
  }
}
