/**
 * The browser runtime's conversations, typed with the engine's own job and report end to end:
 * the host (the extension, or the CLI) asks a page (the panel, or the CLI's headless page) to
 * measure codec jobs; the page hands each to a measuring frame, which runs it in a fresh
 * dedicated Web Worker. Every relay carries `CodecJob` and `CodecReport` as they are: nothing on
 * the way casts what it gets back. Plain data only: no Node, no DOM.
 */
import type { CodecJob, CodecReport, SampleBytes, TimedWindow } from './codec-job';
import type { WorkStage } from './results';
import type { TimingOpened, TimingReady, TimingSliceRequest } from './worker-protocol';

/**
 * The measuring Web Worker: one codec job, answered like a Node worker's 'measure-codec'; or one
 * codec open for a later round's slices, answered like a Node worker's slices (timing-slices.ts).
 */
export interface BrowserWorkerMethods {
  'measure-codec': { params: CodecJob; result: CodecReport };
  'open-for-slices': { params: CodecJob; result: TimingOpened };
  'warm-for-slices': { params: null; result: TimingReady };
  'time-slice': { params: TimingSliceRequest; result: TimedWindow };
}

/** A timing session of a frame or a page: its worker, by the number the frame gave it. */
export interface SessionRef {
  session: number;
}

export interface MeasureEvents {
  stage: WorkStage;
}

export interface FrameJob {
  job: CodecJob;
  /** The measuring worker's bundled script: the frame may fetch nothing (connect-src 'none'). */
  workerSource: string;
  /** The frame stops the worker after this long; the job then fails with stage `timeout`. */
  timeoutMs: number;
}

/** Whether a frame's policy lets `new Function` run (its workers inherit it). */
export interface CodeGenerationAllowed {
  allowed: boolean;
  error?: string;
}

/**
 * A measuring frame: relays each job to a fresh Web Worker; a timing session keeps its worker
 * open (several at once: JSON's beside a codec's) until it is closed.
 */
export interface MeasureFrameMethods {
  'measure-codec': { params: FrameJob; result: CodecReport };
  'code-generation': { params: Record<string, never>; result: CodeGenerationAllowed };
  'open-session': { params: FrameJob; result: SessionRef & { opened: TimingOpened } };
  'session-warm': { params: SessionRef; result: TimingReady };
  'session-slice': { params: SessionRef & { request: TimingSliceRequest }; result: TimedWindow };
  'session-close': { params: SessionRef; result: Record<string, never> };
}

/** What every browser job of a run shares: sent to the page once, not with each job. */
export interface BrowserRunInput {
  /** Names this run's input: a job naming another (or none held) is refused with MISSING_RUN_INPUT. */
  inputId: string;
  sampleBytes: Uint8Array;
  /** The measuring worker's bundled script: the frame may fetch nothing (connect-src 'none'). */
  workerSource: string;
}

/** The code of a page's refusal when it does not hold the job's input (its page was re-created since, or the run ended). */
export const MISSING_RUN_INPUT = 'missing-run-input';

/** A codec job as it crosses to the page: without the sample's bytes, which the page attaches. */
export type JobWithoutBytes = Omit<CodecJob, 'sample'> & { sample: Omit<SampleBytes, 'bytes'> };

/**
 * The host asks a page to measure codec jobs in a measuring frame's Web Worker. The run's sample
 * and worker script go once ('browser-input'), not with each job: a 50 MB sample crossed VS
 * Code's webview messaging once per codec job.
 */
export interface PageMeasuringMethods {
  'browser-input': { params: BrowserRunInput; result: Record<string, never> };
  'measure-in-browser': { params: PageJob; result: CodecReport };
  /** A later round's timing session, relayed to the frame at `frameUrl` (see MeasureFrameMethods). */
  'open-timing-session': { params: PageJob; result: SessionRef & { opened: TimingOpened } };
  'timing-session-warm': { params: FrameSessionRef; result: TimingReady };
  'timing-session-slice': { params: FrameSessionRef & { request: TimingSliceRequest }; result: TimedWindow };
  'timing-session-close': { params: FrameSessionRef; result: Record<string, never> };
}

export interface PageJob {
  job: JobWithoutBytes;
  inputId: string;
  timeoutMs: number;
  /** The measuring frame's address (the host's loopback server, as the page reaches it). */
  frameUrl: string;
}

export interface FrameSessionRef extends SessionRef {
  frameUrl: string;
}

/** The browser the CLI's headless page runs in, and what its two frames allow. */
export interface BrowserDescription {
  userAgent: string;
  codeGeneration: { normal: CodeGenerationAllowed; strict: CodeGenerationAllowed };
}

/** The CLI's headless page answers what the panel does, and says which browser it is. */
export interface HeadlessPageMethods extends PageMeasuringMethods {
  'describe-browser': { params: { frameUrls: { normal: string; strict: string } }; result: BrowserDescription };
}
