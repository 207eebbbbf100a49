/**
 * The browser measuring contexts' conversations, as method maps for the typed channel: a
 * measuring frame starts one dedicated Web Worker per job from the worker script it is given
 * and relays. The frame and the runner page only relay jobs and reports (the engine's
 * `CodecJob` / `CodecReport`, see src/browser/protocol.ts): here they are opaque apart from
 * what a relay touches. Plain data only: no Node, no DOM.
 */
import type { ErrorStage, WorkStage } from './results';

/** A codec report as a relay sees it: its outcome, and the encoded bytes a browser returns. */
export interface RelayedReport {
  schema: string;
  notes: string[];
  outcome: { status: 'completed'; measurements: { encoded?: Uint8Array } } | { status: 'timed' | 'skipped' } | { status: 'errored'; error: { stage: ErrorStage; message: string } };
}

export interface RelayedWorkerMethods {
  'measure-codec': { params: unknown; result: RelayedReport };
}

export interface FrameJob {
  /** The engine's CodecJob, with the sample's bytes. */
  job: unknown;
  /** The measuring worker's bundled script: the frame may fetch nothing (connect-src 'none'). */
  workerSource: string;
  /** The frame stops the worker after this long; the job then fails with stage `timeout`. */
  timeoutMs: number;
}

export interface MeasureFrameMethods {
  'measure-codec': { params: FrameJob; result: RelayedReport };
  /** What the frame's policy allows: whether `new Function` runs there (its workers inherit it). */
  'code-generation': { params: Record<string, never>; result: { allowed: boolean; error?: string } };
}

export interface MeasureEvents {
  stage: WorkStage;
}

/** What every browser job of a run shares: sent to the panel once, not with each job. */
export interface BrowserRunInput {
  /** Names this run's input: a job naming another (or none held) is refused with MISSING_RUN_INPUT. */
  inputId: string;
  sampleBytes: Uint8Array;
  /** The measuring worker's bundled script: the frame may fetch nothing (connect-src 'none'). */
  workerSource: string;
}

/** The code of the panel's refusal when it does not hold the job's input (its page was re-created since, or the run ended). */
export const MISSING_RUN_INPUT = 'missing-run-input';

/**
 * The host asks the panel to measure codec jobs in a measuring frame's Web Worker. The run's
 * sample and worker script go once ('browser-input'), not with each job: a 50 MB sample
 * crossed VS Code's webview messaging once per codec job.
 */
export interface PanelMeasuringMethods {
  'browser-input': { params: BrowserRunInput; result: Record<string, never> };
  'measure-in-browser': {
    params: {
      /** The engine's CodecJob without the sample's bytes: the panel attaches them. */
      job: { sample: object };
      inputId: string;
      timeoutMs: number;
      /** The measuring frame's address (the host's loopback server, as the webview reaches it). */
      frameUrl: string;
    };
    result: RelayedReport;
  };
}
