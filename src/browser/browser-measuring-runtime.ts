/**
 * The browser runtime, host side, for both pages that measure in a browser: the extension's
 * results panel and the CLI's headless page. Codec jobs go to the page, which runs each in a
 * fresh Web Worker of a measuring frame (webview/common/browser-measuring.ts); the host only
 * relays messages, so its event loop stays free. The encoded bytes a browser returns are
 * compressed for their sizes and hashed in a Node worker, like every other library work. Later
 * rounds are timed in slices in turn with JSON's, as in Node (later-round.ts), each codec in a
 * frame's worker kept open for the round (browser-timing-session.ts).
 */
import type { WorkerFate, WorkerLimits } from '../engine/worker-launch';
import type { MeasuringRuntime } from '../engine/measuring-runtime';
import { whyNotInBrowser } from '../codecs/browser-support';
import { ChannelError, type ChannelClient } from '../shared/channel';
import { CancelledError } from '../shared/cancelled';
import type { CodecJob, CodecReport } from '../shared/codec-job';
import { MISSING_RUN_INPUT, type MeasureEvents, type PageJob, type PageMeasuringMethods } from '../shared/measure-frame';
import type { StageError, WorkStage } from '../shared/results';
import { timeLaterRound } from '../engine/later-round';
import { SliceSessionError, type OpenTimingSession } from '../engine/slice-session';
import { BrowserTimingSession } from './browser-timing-session';
import { withEncodedFacts } from './encoded-facts';

export interface BrowserMeasuringOptions {
  /** The conversation with the page that holds the measuring frames. */
  page: ChannelClient<PageMeasuringMethods, MeasureEvents>;
  /** Words for failures: "the panel", "the headless browser". */
  pageName: string;
  /** Said after a timeout: what else may have happened to the page. */
  timeoutHint?: string;
  /** The two measuring frames' addresses, as the page reaches them. */
  frameUrls: { normal: string; strict: string };
  /** dist/browser/measure-worker.js: a frame may fetch nothing, so the script travels to the page (once per run, with the sample). */
  workerSource: string;
  sampleBytes: Uint8Array;
  /** For the Node worker that compresses, and the per-job timeout. */
  limits: Omit<WorkerLimits, 'onStage'>;
}

export function browserMeasuringRuntime(options: BrowserMeasuringOptions): MeasuringRuntime {
  const { page, pageName, frameUrls, limits } = options;
  const inputId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  const requestOptions = { timeoutMs: limits.timeoutMs + 10_000, ...(limits.signal ? { signal: limits.signal } : {}) };
  /** The run's input as the page holds it: sent before the first job, and again when the page refuses a job without it. */
  let inputSent: Promise<unknown> | undefined;
  const sendInput = () => {
    inputSent ??= page
      .request('browser-input', { inputId, sampleBytes: options.sampleBytes, workerSource: options.workerSource }, requestOptions)
      .catch((error: unknown) => {
        inputSent = undefined;
        throw error;
      });
    return inputSent;
  };
  /** The page's answer to a job of this run; sent again with the run's input when the page no longer holds it (re-created, or the run ended there). */
  const withInput = async <T>(ask: () => Promise<T>): Promise<T> => {
    await sendInput();
    return ask().catch(async (error: unknown) => {
      if (!(error instanceof ChannelError && error.code === MISSING_RUN_INPUT)) throw error;
      inputSent = undefined;
      await sendInput();
      return ask();
    });
  };
  const pageJob = (job: CodecJob, strict: boolean): PageJob => {
    // The bytes stay out of each job: the page attaches the run's.
    const { bytes: _bytes, ...sample } = job.sample;
    return { job: { ...job, sample }, inputId, timeoutMs: limits.timeoutMs, frameUrl: strict ? frameUrls.strict : frameUrls.normal };
  };
  const failure = (error: unknown): StageError => {
    if (error instanceof CancelledError) return { stage: 'cancelled', message: 'cancelled' };
    if (error instanceof ChannelError && error.kind === 'timeout')
      return {
        stage: 'timeout',
        message: `no result from ${pageName}'s measuring worker within ${limits.timeoutMs + 10_000} ms${options.timeoutHint ? ` (${options.timeoutHint})` : ''}`,
      };
    return { stage: 'crash', message: `${pageName} could not measure: ${error instanceof Error ? error.message : String(error)}` };
  };
  const send = async (job: CodecJob, strict: boolean, onStage: (stage: WorkStage) => void): Promise<WorkerFate<CodecReport>> => {
    const stopListening = page.on('stage', onStage);
    try {
      const report = await withInput(() => page.request('measure-in-browser', pageJob(job, strict), requestOptions));
      const encoded = report.outcome.status === 'completed' ? report.outcome.measurements.encoded : undefined;
      if (encoded !== undefined && !ArrayBuffer.isView(encoded))
        return { kind: 'failed', error: { stage: 'crash', message: `${pageName} returned the encoded bytes as ${typeof encoded}, not bytes` } };
      if (report.outcome.status === 'completed') delete report.outcome.measurements.encoded;
      return await withEncodedFacts(report, encoded, limits);
    } catch (error) {
      return { kind: 'failed', error: failure(error) };
    } finally {
      stopListening();
    }
  };
  /** A later round's codec, open in a frame's worker for slices beside JSON's. */
  const openSession: OpenTimingSession = (job, sessionLimits) => {
    if (sessionLimits.signal?.aborted) return Promise.reject(new SliceSessionError({ stage: 'cancelled', message: 'cancelled before start' }));
    const sent = pageJob(job, false);
    const context = { page, requestOptions, failure, ...(sessionLimits.onStage ? { onStage: sessionLimits.onStage } : {}) };
    return BrowserTimingSession.open(context, sent, () => withInput(() => page.request('open-timing-session', sent, requestOptions)));
  };
  return {
    name: 'browser',
    measure: (job, onStage) => send(job, false, onStage),
    measureWithoutCodeGeneration: (job, onStage) => send(job, true, onStage),
    unsupported: whyNotInBrowser,
    // One worker opens at a time: a browser's workers share the page's process with the frame's others.
    timeLaterRound: (round) => timeLaterRound({ ...round, limits, open: openSession, opensAtOnce: 1 }),
  };
}
