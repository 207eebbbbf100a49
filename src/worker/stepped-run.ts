/**
 * What a codec's run needs in whichever runtime hosts it, and the steps a host drives: open,
 * time, finish. `SteppedRun` holds what a document's run (CodecRun, codec-run-core.ts) and a
 * stream's (MessagesRun, messages/messages-run.ts) do alike: stages reported as entered, a step
 * that fails ending the run as errored at its stage, the measuring options, the round-trip
 * check before timing. Nothing from Node.
 */
import type { LoadedCodec } from '../codecs/load-codec';
import { verifyRoundTrip, type VerifyOptions } from '../analysis/verify';
import type { CompressedSizes, EndToEndDecode, RoundTrip, TimingStats, WorkStage } from '../shared/results';
import type { GcWindowFigures } from './gc-window';
import type { MeasureOptions } from './measure';
import type { CodecSource, SampleBytes, CodecJob, CodecReport } from '../shared/codec-job';
import type { TimedCompression } from '../compression/compression-windows';
import type { CompressionWindows } from '../shared/worker-protocol';
import { isStackOverflow } from '../analysis/json-text';

export interface StageReporter {
  (stage: WorkStage): void;
}

export interface CodecRunRuntime {
  loadCodec(source: CodecSource): Promise<LoadedCodec>;
  libraryVersion(library: string): string;
  sampleBytes(sample: SampleBytes): Uint8Array;
  collectGarbage?: () => void;
  watchGarbageCollection?: () => () => GcWindowFigures;
  /**
   * gzip / brotli / zstd sizes of the encoded bytes; absent where the runtime cannot compress
   * with all three (a browser): the report then carries the bytes for the host to compress.
   */
  compressedSizes?: (encoded: Uint8Array) => Promise<CompressedSizes>;
  /**
   * The same sizes with compression and decompression time per call, timed like encode and
   * decode (Node: compression/compression-timing.ts); absent where the runtime does not time them.
   */
  timeCompression?: (encoded: Uint8Array, windows: CompressionWindows) => Promise<TimedCompression>;
  /** Times compressed bytes → decoded value, for each compression the runtime can decompress. */
  endToEndDecode(encoded: Uint8Array, decode: (bytes: Uint8Array) => unknown, options: MeasureOptions): Promise<EndToEndDecode>;
}

/** What a host drives in a first round: CodecRun for a document, MessagesRun for a stream. */
export interface CodecRunSteps {
  /** Still going: opened (and verified), not failed or skipped. */
  readonly ready: boolean;
  readonly report: CodecReport;
  time(jsonBytes: number): Promise<void>;
  finish(): Promise<CodecReport>;
}

/** A report before anything ran: errored at input until a step says otherwise. */
export const blankReport = (): CodecReport => ({ schema: 'none', notes: [], outcome: { status: 'errored', error: { stage: 'input', message: '' } } });

export abstract class SteppedRun<Opened, Job extends CodecJob = CodecJob> implements CodecRunSteps {
  protected stage: WorkStage = 'input';
  protected opened: Opened | undefined;
  /** Bytes encoded before a failure, reported beside the error. */
  protected bytes: number | undefined;
  protected timings: { encode: TimingStats; decode: TimingStats } | undefined;
  /** Set by a first round's open, once verified. */
  protected roundTrip: RoundTrip | undefined;

  protected constructor(
    protected readonly runtime: CodecRunRuntime,
    protected readonly job: Job,
    private readonly enterStage: StageReporter,
    readonly report: CodecReport,
  ) {}

  get ready(): boolean {
    return this.opened !== undefined;
  }

  abstract time(jsonBytes: number): Promise<void>;
  abstract finish(): Promise<CodecReport>;

  protected enter(next: WorkStage): void {
    this.stage = next;
    this.enterStage(next);
  }

  protected measureOptions(jsonBytes: number): MeasureOptions {
    const { runtime, job } = this;
    return {
      budgetMs: job.measurement.operationBudgetMs,
      minSamples: job.measurement.minSamples,
      ...(job.measurement.warmupMs === undefined ? {} : { warmupMs: job.measurement.warmupMs }),
      jsonBytes,
      collectGarbage: runtime.collectGarbage,
      watchGarbageCollection: runtime.watchGarbageCollection,
    };
  }

  /** The round trip, checked before any timing: a failed one ends the run at `verify`. */
  protected verified(
    original: unknown,
    decoded: unknown,
    what: string,
    rules: Pick<VerifyOptions, 'semantics' | 'schemaDefault' | 'schemaEnum'> = {},
  ): RoundTrip {
    this.enter('verify');
    const roundTrip = verifyRoundTrip(original, decoded, rules);
    if (roundTrip.status !== 'failed') return roundTrip;
    const first = roundTrip.differences[0];
    throw new Error(`round trip failed: ${first ? `${first.path}: ${first.detail}` : what}`);
  }

  /** A timing step on the opened codec; a later round's run ends with it (it only times). */
  protected async timingStep(body: (opened: Opened) => Promise<void>): Promise<void> {
    const opened = this.opened;
    if (!opened) return;
    await this.step(() => body(opened));
    if (!this.job.measurement.verify) this.opened = undefined;
  }

  /** A first round's last step, after timing; the report as it stands when the run went no further. */
  protected async finishingStep(
    body: (opened: Opened, timings: NonNullable<SteppedRun<Opened>['timings']>, roundTrip: RoundTrip) => Promise<void>,
  ): Promise<CodecReport> {
    const { opened, timings, roundTrip } = this;
    if (!opened || !timings || !roundTrip) return this.report;
    this.opened = undefined;
    await this.step(() => body(opened, timings, roundTrip));
    return this.report;
  }

  /** A sizes-only run's last step (`MeasurementPlan.untimed`): nothing was timed before it. */
  protected async untimedStep(body: (opened: Opened, roundTrip: RoundTrip) => Promise<void>): Promise<CodecReport> {
    const { opened, roundTrip } = this;
    if (!opened || !roundTrip) return this.report;
    this.opened = undefined;
    await this.step(() => body(opened, roundTrip));
    return this.report;
  }

  /** Runs a step; an error ends the run as errored at the stage it was in. */
  protected async step(body: () => Promise<void>): Promise<void> {
    try {
      await body();
    } catch (error) {
      this.opened = undefined;
      this.report.outcome = {
        status: 'errored',
        error: { stage: this.stage, message: describeFailure(error, this.stage) },
        ...(this.bytes === undefined ? {} : { bytes: this.bytes }),
      };
    }
  }
}

/** Stages where the code that ran is the library's (and the sample's depth its input). */
const LIBRARY_STAGES: ReadonlySet<WorkStage> = new Set(['prepare', 'encode', 'decode', 'measure']);

/**
 * An error's message, with what a stack overflow in the library's own code means: its result
 * on this sample, not a fault of the run.
 */
export function describeFailure(error: unknown, stage: WorkStage): string {
  const message = describeError(error);
  if (!isStackOverflow(error) || !LIBRARY_STAGES.has(stage)) return message;
  return `${message}: the library recursed past the worker's call stack (the sample nests too deeply for it)`;
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
