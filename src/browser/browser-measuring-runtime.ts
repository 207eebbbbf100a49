/**
 * The browser runtime, host side, for both pages that measure in a browser: the extension's
 * results panel and the CLI's headless page. Codec jobs go to the page, which runs each in a
 * fresh Web Worker of a measuring frame (webview/common/browser-measuring.ts); the host only
 * relays messages, so its event loop stays free. The encoded bytes a browser returns are
 * compressed for their sizes and hashed in a Node worker, like every other library work.
 */
import type { WorkerFate, WorkerLimits } from '../engine/worker-launch';
import type { MeasuringRuntime } from '../engine/measuring-runtime';
import { whyNotInBrowser } from '../codecs/browser-support';
import { ChannelError, type ChannelClient } from '../shared/channel';
import { CancelledError } from '../shared/cancelled';
import type { CodecJob, CodecReport } from '../shared/codec-job';
import { MISSING_RUN_INPUT, type MeasureEvents, type PageMeasuringMethods } from '../shared/measure-frame';
import type { WorkStage } from '../shared/results';
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
  const measureOnce = async (job: CodecJob, strict: boolean): Promise<CodecReport> => {
    await sendInput();
    // The bytes stay out of each job: the page attaches the run's.
    const { bytes: _bytes, ...sample } = job.sample;
    return page.request(
      'measure-in-browser',
      { job: { ...job, sample }, inputId, timeoutMs: limits.timeoutMs, frameUrl: strict ? frameUrls.strict : frameUrls.normal },
      requestOptions,
    );
  };
  const send = async (job: CodecJob, strict: boolean, onStage: (stage: WorkStage) => void): Promise<WorkerFate<CodecReport>> => {
    const stopListening = page.on('stage', onStage);
    try {
      const report = await measureOnce(job, strict).catch((error: unknown) => {
        // The page no longer holds the input (re-created, or the run ended there): once more, with it.
        if (!(error instanceof ChannelError && error.code === MISSING_RUN_INPUT)) throw error;
        inputSent = undefined;
        return measureOnce(job, strict);
      });
      const encoded = report.outcome.status === 'completed' ? report.outcome.measurements.encoded : undefined;
      if (encoded !== undefined && !ArrayBuffer.isView(encoded))
        return { kind: 'failed', error: { stage: 'crash', message: `${pageName} returned the encoded bytes as ${typeof encoded}, not bytes` } };
      if (report.outcome.status === 'completed') delete report.outcome.measurements.encoded;
      return await withEncodedFacts(report, encoded, limits);
    } catch (error) {
      if (error instanceof CancelledError) return { kind: 'failed', error: { stage: 'cancelled', message: 'cancelled' } };
      const kind = error instanceof ChannelError ? error.kind : undefined;
      if (kind === 'timeout')
        return {
          kind: 'failed',
          error: {
            stage: 'timeout',
            message: `no result from ${pageName}'s measuring worker within ${limits.timeoutMs + 10_000} ms${options.timeoutHint ? ` (${options.timeoutHint})` : ''}`,
          },
        };
      return { kind: 'failed', error: { stage: 'crash', message: `${pageName} could not measure: ${error instanceof Error ? error.message : String(error)}` } };
    } finally {
      stopListening();
    }
  };
  return {
    name: 'browser',
    measure: (job, onStage) => send(job, false, onStage),
    measureWithoutCodeGeneration: (job, onStage) => send(job, true, onStage),
    unsupported: whyNotInBrowser,
  };
}
