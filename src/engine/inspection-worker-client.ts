/**
 * The host's side of an inspection worker: starts it with the same limits as a codec run, waits
 * for the decoded output to be ready, then asks it the decoded-output queries over its channel.
 * Whatever happens to the worker (out of memory, crash, a query that hangs) rejects what is
 * pending with words for the panel and ends the session; nothing here throws into the host
 * otherwise.
 */
import type { DecodedOutputQueries, InspectorOpened, DecodedOutputJob } from '../shared/inspector';
import { ChannelError, describeGone } from '../shared/channel';
import type { StageError, WorkStage } from '../shared/results';
import { workerFailure, type StartedWorker } from './worker-launch';
import { startCodecWorker } from './codec-sandbox';
import type { CodecWorkerMethods } from '../shared/worker-protocol';

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

export type DecodedOutputQuery = keyof DecodedOutputQueries;

export class InspectionWorker {
  private readonly channel: StartedWorker<CodecWorkerMethods>['channel'];
  private readonly exited: Promise<void>;

  private constructor(
    worker: StartedWorker<CodecWorkerMethods>,
    private readonly timeoutMs: number,
  ) {
    this.channel = worker.channel;
    this.exited = worker.exited;
  }

  static async open(job: DecodedOutputJob, limits: InspectionLimits): Promise<{ worker: InspectionWorker; opened: Omit<InspectorOpened, 'sessionId'> }> {
    if (limits.signal?.aborted) throw new InspectionFailure({ stage: 'cancelled', message: 'cancelled before start' });
    const started = await startCodecWorker(job, limits);
    if (started.kind === 'failed') throw new InspectionFailure(started.error);
    const { worker } = started;
    const { channel, exited } = worker;
    let lastStage: WorkStage | undefined;
    channel.on('stage', (stage) => {
      lastStage = stage;
    });
    try {
      const opened = await channel.request('open-decoded-output', started.job, { timeoutMs: limits.timeoutMs, signal: limits.signal });
      return { worker: new InspectionWorker(worker, limits.timeoutMs), opened };
    } catch (error) {
      const failure = workerFailure(
        error,
        channel.gone,
        {
          what: worker.what === 'the worker' ? 'the inspection worker' : worker.what,
          memoryLimitMb: limits.memoryLimitMb,
          timeoutMs: limits.timeoutMs,
          ...(lastStage ? { lastStage } : {}),
        },
        await worker.exit(),
      );
      channel.close(failure.message);
      await exited;
      throw new InspectionFailure(
        failure.stage === 'timeout'
          ? { stage: 'timeout', message: `the decoded output was not ready within ${limits.timeoutMs} ms${lastStage ? ` (during ${lastStage})` : ''}` }
          : failure,
      );
    }
  }

  /** Why the worker is gone, once it is. */
  get endedBecause(): string | undefined {
    const gone = this.channel.gone;
    return gone && (gone.reason === 'closed' ? gone.detail : describeGone(gone, 'the inspection worker'));
  }

  async query<Q extends DecodedOutputQuery>(query: Q, params: DecodedOutputQueries[Q]['params']): Promise<DecodedOutputQueries[Q]['result']> {
    const gone = this.channel.gone;
    if (gone) throw new Error(`the inspector has stopped (${gone.detail}): open it again`);
    try {
      return await this.channel.request(query, params, { timeoutMs: this.timeoutMs });
    } catch (error) {
      if (!(error instanceof ChannelError) || error.kind === 'remote') throw error;
      // A query that hangs would block every later one: the worker goes, and says why.
      if (error.kind === 'timeout') this.channel.close(`a ${query} query took longer than ${this.timeoutMs} ms`);
      throw new Error(`the inspector has stopped: ${this.endedBecause ?? error.message}`);
    }
  }

  /** Stops the worker; resolves once it has exited. */
  close(): Promise<void> {
    this.channel.close('closed');
    return this.exited;
  }
}
