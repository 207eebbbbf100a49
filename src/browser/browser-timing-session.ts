/**
 * A later round's timing session in a browser: the codec opened in a Web Worker of a measuring
 * frame, which stays open (beside JSON's) for slices until closed, as a Node worker does for
 * SliceSession. Every request goes through the page; whatever stops it becomes a
 * SliceSessionError with the stage a row would say (browserFailure).
 */
import type { ChannelClient } from '../shared/channel';
import type { FrameSessionRef, MeasureEvents, PageJob, PageMeasuringMethods } from '../shared/measure-frame';
import type { CompressionTiming, StageError } from '../shared/results';
import type { TimedWindow } from '../shared/codec-job';
import type { TimingOperation } from '../shared/worker-protocol';
import { SliceSessionError, WarmedSession, type TimingSession } from '../engine/slice-session';
import type { RequestOptions } from '../shared/channel';

export interface BrowserSessionContext {
  page: ChannelClient<PageMeasuringMethods, MeasureEvents>;
  /** Each request's timeout and the run's signal. */
  requestOptions: RequestOptions;
  /** What an error from the page means, for a row. */
  failure(error: unknown): StageError;
  onStage?: (stage: 'prepare' | 'measure') => void;
}

export class BrowserTimingSession extends WarmedSession implements TimingSession {
  /** A browser has no brotli or zstd encoder: its rows' compression is the host's, untimed. */
  readonly timesCompression = false;

  private constructor(
    private readonly context: BrowserSessionContext,
    private readonly ref: FrameSessionRef,
    readonly bytes: number,
  ) {
    super();
  }

  /** `open` sends the job to the page (with the run's input, see browser-measuring-runtime.ts). */
  static async open(context: BrowserSessionContext, job: PageJob, open: () => Promise<PageOpened>): Promise<BrowserTimingSession> {
    context.onStage?.('prepare');
    const { session, opened } = await BrowserTimingSession.ask(context, open);
    if (!opened.ready) throw new SliceSessionError(opened.error);
    return new BrowserTimingSession(context, { frameUrl: job.frameUrl, session }, opened.bytes);
  }

  async warm(): Promise<void> {
    this.context.onStage?.('measure');
    this.keepWarmUp(
      await BrowserTimingSession.ask(this.context, () => this.context.page.request('timing-session-warm', this.ref, this.context.requestOptions)),
    );
  }

  slice(operation: TimingOperation, budgetMs: number, minSamples: number): Promise<TimedWindow> {
    const { page, requestOptions } = this.context;
    return BrowserTimingSession.ask(this.context, () =>
      page.request('timing-session-slice', { ...this.ref, request: { operation, budgetMs, minSamples } }, requestOptions),
    );
  }

  compression(): Promise<CompressionTiming> {
    return Promise.reject(new Error('a browser session times no compression (timesCompression is false)'));
  }

  /** Stops the frame's worker; a page that is gone has nothing left to stop. */
  async close(): Promise<void> {
    const { timeoutMs } = this.context.requestOptions;
    await this.context.page.request('timing-session-close', this.ref, timeoutMs === undefined ? {} : { timeoutMs }).catch(() => undefined);
  }

  private static async ask<T>(context: BrowserSessionContext, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw new SliceSessionError(context.failure(error));
    }
  }
}

type PageOpened = PageMeasuringMethods['open-timing-session']['result'];
