/**
 * The browser runtime of the extension: codec jobs go to the results panel, which runs each in
 * a fresh Web Worker of a measuring frame (webview/browser-measuring.ts). The host only relays
 * messages, so its event loop stays free; the encoded bytes a browser returns are compressed
 * for their sizes and hashed in a Node worker, like every other library work.
 */
import type { WorkerFate, WorkerLimits } from '../engine/worker-launch';
import { withEncodedFacts } from '../browser/encoded-facts';
import { whyNotInBrowser } from '../codecs/browser-support';
import { ChannelError } from '../shared/channel';
import { MISSING_RUN_INPUT } from '../shared/measure-frame';
import type { WorkStage } from '../shared/results';
import type { ResultsPanel } from '../panel/results-panel';
import type { MeasuringFrames } from './measuring-frame-server';
import type { CodecJob, CodecReport } from '../shared/codec-job';
import type { MeasuringRuntime } from '../engine/measuring-runtime';

export interface PanelBrowserOptions {
  panel: ResultsPanel;
  frames: MeasuringFrames;
  /** dist/browser/measure-worker.js: the frame may fetch nothing, so the script travels to the panel (once per run, with the sample). */
  workerSource: string;
  sampleBytes: Uint8Array;
  /** For the Node worker that compresses, and the per-job timeout. */
  limits: Omit<WorkerLimits, 'onStage'>;
}

export function panelBrowserRuntime(options: PanelBrowserOptions): MeasuringRuntime {
  const { panel, frames, limits } = options;
  const inputId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  const requestOptions = { timeoutMs: limits.timeoutMs + 10_000, ...(limits.signal ? { signal: limits.signal } : {}) };
  /** The run's input as the panel's current page holds it: sent before the first job, and again when the page refuses a job without it. */
  let inputSent: Promise<unknown> | undefined;
  const sendInput = () => {
    inputSent ??= panel.measuring.request('browser-input', { inputId, sampleBytes: options.sampleBytes, workerSource: options.workerSource }, requestOptions).catch((error: unknown) => {
      inputSent = undefined;
      throw error;
    });
    return inputSent;
  };
  const measureOnce = async (job: CodecJob, strict: boolean) => {
    await sendInput();
    return panel.measuring.request(
      'measure-in-browser',
      // The bytes stay out of each job: the panel attaches the run's.
      { job: { ...job, sample: { ...job.sample, bytes: undefined } }, inputId, timeoutMs: limits.timeoutMs, frameUrl: strict ? frames.strictFrameUrl : frames.frameUrl },
      requestOptions,
    );
  };
  const send = async (job: CodecJob, strict: boolean, onStage: (stage: WorkStage) => void): Promise<WorkerFate<CodecReport>> => {
    const stopListening = panel.measuring.on('stage', onStage);
    try {
      const report = (await measureOnce(job, strict).catch((error: unknown) => {
        // The page no longer holds the input (re-created, or the run ended there): once more, with it.
        if (!(error instanceof ChannelError && error.code === MISSING_RUN_INPUT)) throw error;
        inputSent = undefined;
        return measureOnce(job, strict);
      })) as unknown as CodecReport;
      const encoded = report.outcome.status === 'completed' ? report.outcome.measurements.encoded : undefined;
      if (encoded !== undefined && !ArrayBuffer.isView(encoded)) return { kind: 'failed', error: { stage: 'crash', message: `the panel returned the encoded bytes as ${typeof encoded}, not bytes` } };
      if (report.outcome.status === 'completed') delete report.outcome.measurements.encoded;
      return await withEncodedFacts(report, encoded, limits);
    } catch (error) {
      const kind = error instanceof ChannelError ? error.kind : undefined;
      if (kind === 'cancelled') return { kind: 'failed', error: { stage: 'cancelled', message: 'cancelled' } };
      if (kind === 'timeout') return { kind: 'failed', error: { stage: 'timeout', message: `no result from the panel's measuring worker within ${limits.timeoutMs + 10_000} ms (a hidden panel's page and its workers are re-created)` } };
      return { kind: 'failed', error: { stage: 'crash', message: `the panel could not measure: ${error instanceof Error ? error.message : String(error)}` } };
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
