/**
 * One run of a comparison: the one round loop, and the state it keeps per codec (`Entry`). How
 * each round is scheduled is a policy chosen once from what the runtime can do:
 * - the first round is pipelined (first-round-pipeline.ts: a codec opens while the one before
 *   it finishes) where the runtime opens a first round in steps, else each codec's job runs whole;
 * - later rounds time each codec in slices alternating with JSON's (later-round.ts) where the
 *   runtime opens timing sessions, else each codec's timing job runs whole.
 * Whatever the policy, a round ends the same way: stops are marked (round-stops.ts), rows are
 * streamed, and a quick run whose first round ran long stops there.
 */
import * as path from 'node:path';
import { idFromModulePath } from '../codecs/codec-source';
import { BASELINE_CODEC_ID, builtinCodecs, DEFAULT_CODEC_IDS, findBuiltinCodec } from '../codecs/registry';
import { sampleKindOf } from '../input/read-sample';
import type {
  CodecResult,
  CompletedResult,
  ComparisonReport,
  MeasurementSettings,
  SampleInfo,
  WorkStage,
  RoundsStopped,
  SampleOrigin,
} from '../shared/results';
import { remnantMatrix } from '../analysis/matrix';
import { DEFAULT_LIMITS, measurementSettings, QUICK_FIRST_ROUND_LIMIT_MS } from './settings';
import { buildRow, rowWithoutReport, sizesRow, type RowContext } from './rows';
import { inParallel } from '../shared/in-parallel';
import type { SizesReport, SizesRow } from '../shared/sizes';
import { roundOrder, rowOverRounds } from './rounds';
import { runtimeInfo, toolVersion } from './tool-info';
import { CancelledError, throwIfCancelled } from '../shared/cancelled';
import type { RoundEntry as TimedEntry } from './later-round';
import { runInWorker, type WorkerFate, type WorkerLimits } from './worker-launch';
import { judgeCodeGeneration, runWithoutCodeGeneration, type StrictRun } from './code-generation';
import { runPipeline } from './first-round-pipeline';
import type { CodecSource, SampleBytes, SampleKind, CodecJob, CodecReport } from '../shared/codec-job';
import { bundlePath } from '../processes/bundle-path';
import { withEndToEndSpeedups } from '../measurement/end-to-end-speedups';
import { nodeMeasuringRuntime } from './node-runtime';
import type { MeasuringRuntime } from './measuring-runtime';
import type { FirstRoundRun } from './first-round-session';
import { restrictedRuntime } from './restricted-runtime';
import { markStops, stillMeasuring } from './round-stops';
import { webBundleFields, webBundleSizesIn } from './web-bundle-sizes';
import { sampleInfoOrThrow } from './sample-info';
import type { CompareOptions } from './compare-options';

export interface ComparedSample {
  path: string;
  bytes?: Uint8Array;
  kind?: SampleKind;
  origin?: SampleOrigin;
}

interface Entry extends TimedEntry {
  /** The run without code generation (its timings, or how it failed); judged against the rounds in rowOf. */
  strictRun?: StrictRun;
  /** Set once the codec has had its last round (a run whose rounds stop per codec). */
  stopped?: RoundsStopped;
}

type OpenFirstRound = NonNullable<MeasuringRuntime['openFirstRound']>;
type TimeLaterRound = NonNullable<MeasuringRuntime['timeLaterRound']>;

/** What the run knows once the sample is read. */
interface ReadSample {
  input: SampleInfo;
  context: RowContext;
  bundleSizes: ReturnType<typeof webBundleSizesIn>;
}

/** Sizes-only jobs at once: one per core of the 2-core machines the figures are quoted on. */
const SIZE_JOBS_AT_ONCE = 2;

export function unknownCodecs(ids: readonly string[]): string[] {
  return ids.filter((id) => !findBuiltinCodec(id));
}

export class Comparison {
  private readonly settings: MeasurementSettings;
  private readonly limits: Omit<WorkerLimits, 'onStage'> & { workerScript: string };
  private readonly sampleBytes: SampleBytes;
  private readonly entries: Entry[];
  private readonly baseline: Entry;
  private readonly runtime: MeasuringRuntime;
  /** The first round in steps, overlapped (absent: each codec's first job runs whole). */
  private readonly pipelined: OpenFirstRound | undefined;
  /** Later rounds in slices beside JSON's (absent: each codec's timing job runs whole). */
  private readonly sliced: TimeLaterRound | undefined;
  private readonly clock: () => number;
  private rounds: number;
  private read: ReadSample | undefined;
  /** The baseline's first round, opened while the sample is read when the first round is pipelined (neither is timed). */
  private firstOpen: Promise<FirstRoundRun> | undefined;

  /** `sizes`: the run will be `sizes()`, which times nothing (no first round is opened ahead). */
  constructor(
    private readonly sample: ComparedSample,
    private readonly options: CompareOptions,
    mode: 'compare' | 'sizes' = 'compare',
  ) {
    const unknown = unknownCodecs(options.codecs ?? []);
    if (unknown.length > 0)
      throw new Error(`unknown codec${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')} (known: ${builtinCodecs.map((c) => c.id).join(', ')})`);
    this.settings = measurementSettings(options);
    this.limits = {
      workerScript: options.workerScript ?? bundlePath('codec-worker'),
      memoryLimitMb: options.memoryLimitMb ?? DEFAULT_LIMITS.memoryLimitMb,
      timeoutMs: options.timeoutMs ?? DEFAULT_LIMITS.timeoutMs,
      signal: options.signal,
    };
    this.sampleBytes = { path: sample.path, kind: sample.kind ?? sampleKindOf(sample.path), ...(sample.bytes ? { bytes: sample.bytes } : {}) };
    const selected = options.codecs ?? [...DEFAULT_CODEC_IDS];
    const builtinOrder = [BASELINE_CODEC_ID, ...selected.filter((id) => id !== BASELINE_CODEC_ID)];
    const sources: Array<{ source: CodecSource; shown: boolean }> = [
      ...builtinOrder.map((id) => ({ source: { builtin: id }, shown: selected.includes(id) })),
      ...(options.codecModules ?? []).map((modulePath) => ({ source: { modulePath: path.resolve(modulePath) }, shown: true })),
    ];
    this.entries = sources.map(({ source, shown }) => ({
      source,
      shown,
      // The id its row will carry (a module that names itself differently is known only later).
      id: 'builtin' in source ? source.builtin : idFromModulePath(source.modulePath),
      timings: [],
      roundFailures: [],
    }));
    this.baseline = this.entries[0]!;
    this.rounds = this.settings.rounds ?? 1;
    this.runtime = restrictedRuntime(options.runtime ?? nodeMeasuringRuntime(this.limits), options.codegen?.restricted);
    // The strict-CSP run is a whole measurement of its own: it keeps the first round one job at a time.
    const pipelines = mode === 'compare' && !options.checkCodeGeneration && this.entries.every((entry) => this.runtime.unsupported(entry.source) === undefined);
    this.pipelined = pipelines ? this.runtime.openFirstRound : undefined;
    this.sliced = this.runtime.timeLaterRound;
    this.clock = options.clock ?? Date.now;
  }

  async run(): Promise<ComparisonReport> {
    const { input } = await this.readSample();
    // The first round's time, for the quick rule, counts from here: after the sample is read.
    const started = this.clock();
    for (let round = 1; round <= this.rounds; round++) {
      if (round === 1) await (this.pipelined ? this.pipelinedFirstRound(this.pipelined, this.firstOpen) : this.wholeJobs(1));
      else await (this.sliced ? this.slicedRound(this.sliced, round) : this.wholeJobs(round));
      const timedThisRound = this.entries.filter(stillMeasuring);
      markStops(this.entries, this.baseline, { round, rounds: this.rounds }, this.settings.adaptiveRounds, (entry) => {
        const row = this.rowOf(entry);
        return row.status === 'completed' ? row.speedupVsJson : null;
      });
      if (round > 1) for (const entry of timedThisRound) this.emit(entry, round);
      if (!this.entries.some(stillMeasuring)) break;
      if (round === 1) this.cutQuickRunShort(this.clock() - started);
    }
    const results = this.entries.filter((entry) => entry.shown).map((entry) => this.rowOf(entry));
    return {
      tool: { name: 'payload-lab', version: toolVersion() },
      runtime: runtimeInfo(),
      input,
      settings: this.settings,
      results,
      remnantMatrix: remnantMatrix(results),
    };
  }

  /**
   * Every figure of the first round that is not a time, and no timing: each shown codec's job
   * prepares, encodes, decodes, verifies, finds remnants and compresses. With nothing timed, no
   * job can disturb another's figures, so they run side by side.
   */
  async sizes(): Promise<SizesReport> {
    const { input } = await this.readSample();
    const shown = this.entries.filter((entry) => entry.shown);
    const results = await inParallel(shown, SIZE_JOBS_AT_ONCE, async (entry): Promise<SizesRow> => {
      if (this.options.signal?.aborted) throw new CancelledError('cancelled');
      const unsupported = this.runtime.unsupported(entry.source);
      const marks = { runtime: this.runtime.name, ...webBundleFields(this.read!.bundleSizes, entry.id) };
      if (unsupported) {
        const { error, ...row } = rowWithoutReport(entry.source, { stage: 'prepare', message: unsupported });
        const skipped: SizesRow = { ...row, ...marks, status: 'skipped', error };
        this.options.onSized?.(skipped);
        return skipped;
      }
      const job = this.jobFor(entry, 1);
      const fate = await this.runtime.measure({ ...job, measurement: { ...job.measurement, untimed: true } }, this.stageReporter(entry, 1));
      if (fate.kind === 'failed') throwIfCancelled(fate.error);
      const row = {
        ...(fate.kind === 'answered' ? sizesRow(fate.value, entry.source, this.read!.context) : rowWithoutReport(entry.source, fate.error)),
        ...marks,
      };
      this.options.onSized?.(row);
      return row;
    });
    return { tool: { name: 'payload-lab', version: toolVersion() }, kind: 'sizes', runtime: runtimeInfo(), input, timing: 'not measured', results };
  }

  private async readSample(): Promise<ReadSample> {
    const { options } = this;
    const reading = runInWorker(
      'read-sample',
      {
        sample: this.sampleBytes,
        schema: options.schema,
        ...(options.scale ? { scale: options.scale } : {}),
        ...(options.messages ? { messages: options.messages } : {}),
      },
      this.limits,
    );
    // Its job learns the sample's JSON size with its timing.
    this.firstOpen = this.pipelined?.(this.jobFor(this.baseline, 1, 0), this.stageReporter(this.baseline, 1));
    let input: SampleInfo;
    try {
      input = sampleInfoOrThrow(await reading, this.sample.path);
      if (this.sample.origin !== undefined && this.sample.origin !== 'file') input = { ...input, origin: this.sample.origin };
    } catch (error) {
      if (this.firstOpen) await (await this.firstOpen).close();
      throw error;
    }
    options.onSampleRead?.(input);
    this.read = { input, context: { jsonBytes: input.jsonBytes }, bundleSizes: webBundleSizesIn(path.dirname(this.limits.workerScript)) };
    return this.read;
  }

  private get input(): SampleInfo {
    if (!this.read) throw new Error('the sample has not been read yet');
    return this.read.input;
  }

  /** The first round verifies the round trip; later rounds only time. */
  private jobFor(entry: Entry, round: number, jsonBytes = this.input.jsonBytes): CodecJob {
    const { options, settings } = this;
    return {
      codec: entry.source,
      sample: this.sampleBytes,
      jsonBytes,
      schema: options.schema,
      variants: options.variants,
      measurement: {
        operationBudgetMs: settings.timeBudgetMs / 2,
        minSamples: settings.minSamples,
        ...(settings.warmupMs === undefined ? {} : { warmupMs: settings.warmupMs }),
        verify: round === 1,
        ...(settings.quick ? { firstLook: true } : {}),
      },
      ...(entry.inferred === undefined ? {} : { inferred: entry.inferred }),
      ...(options.scale ? { scale: options.scale } : {}),
      ...(options.codegen ? { codegen: options.codegen } : {}),
      ...(options.messages ? { messages: options.messages } : {}),
    };
  }

  private stageReporter(entry: Entry, round: number): (stage: WorkStage) => void {
    return (stage) => this.options.onStage?.(entry.id, stage, { round, rounds: this.rounds });
  }

  private async pipelinedFirstRound(open: OpenFirstRound, firstOpen: Promise<FirstRoundRun> | undefined): Promise<void> {
    const { jsonBytes } = this.input;
    await runPipeline(
      this.entries,
      {
        open: (entry) => open(this.jobFor(entry, 1), this.stageReporter(entry, 1)),
        time: (_entry, run) => run.time(jsonBytes),
        finish: async (entry, run) => this.recordFirst(entry, await run.finish(), this.jobFor(entry, 1), this.stageReporter(entry, 1)),
        abandon: (run) => run.close(),
      },
      firstOpen,
    );
  }

  private async slicedRound(timeLaterRound: TimeLaterRound, round: number): Promise<void> {
    await timeLaterRound({
      round,
      rounds: this.rounds,
      baseline: this.completed(this.baseline) ? this.baseline : undefined,
      codecs: roundOrder(this.entries.slice(1), round - 1).filter(stillMeasuring),
      jobFor: (entry) => this.jobFor(entry, round),
      onStage: (id, stage) => this.options.onStage?.(id, stage, { round, rounds: this.rounds }),
      plan: { operationBudgetMs: this.settings.timeBudgetMs / 2, minSamples: this.settings.minSamples },
    });
  }

  /** A round of whole jobs, one codec after another in the round's order (in later rounds, only codecs still measuring). */
  private async wholeJobs(round: number): Promise<void> {
    const order = roundOrder(this.entries, round - 1).filter((entry) => round === 1 || stillMeasuring(entry));
    for (const entry of order) {
      if (this.options.signal?.aborted) throw new CancelledError('cancelled');
      const job = this.jobFor(entry, round);
      const onStage = this.stageReporter(entry, round);
      const unsupported = this.runtime.unsupported(entry.source);
      const fate: WorkerFate<CodecReport> = unsupported
        ? { kind: 'answered', value: { schema: 'none', notes: [], outcome: { status: 'skipped', error: { stage: 'prepare', message: unsupported } } } }
        : await this.runtime.measure(job, onStage);
      if (fate.kind === 'failed') throwIfCancelled(fate.error);
      if (round === 1) {
        await this.recordFirst(entry, fate, job, onStage);
        continue;
      }
      const report = fate.kind === 'answered' ? fate.value : undefined;
      if (report?.outcome.status === 'timed') {
        entry.timings.push({ round, ...report.outcome.timings });
        continue;
      }
      const error =
        report && (report.outcome.status === 'errored' || report.outcome.status === 'skipped')
          ? report.outcome.error
          : fate.kind === 'failed'
            ? fate.error
            : { stage: 'crash' as const, message: 'no result' };
      entry.roundFailures.push({ code: 'round-failed', round, rounds: this.rounds, error });
    }
  }

  /** A first round's answer: the row (streamed at once, with its speed-ups: JSON ran first), timings, the strict run if asked. */
  private async recordFirst(entry: Entry, fate: WorkerFate<CodecReport>, job: CodecJob, onStage: (stage: WorkStage) => void): Promise<void> {
    if (fate.kind === 'failed') throwIfCancelled(fate.error);
    const report = fate.kind === 'answered' ? fate.value : undefined;
    entry.first = report
      ? buildRow(report, entry.source, this.read!.context)
      : rowWithoutReport(entry.source, fate.kind === 'failed' ? fate.error : { stage: 'crash', message: 'no result' });
    entry.inferred = report?.inferred;
    if (report?.outcome.status === 'completed') {
      entry.timings.push({ round: 1, ...report.outcome.measurements });
      if (this.options.checkCodeGeneration) entry.strictRun = await runWithoutCodeGeneration(this.runtime, job, onStage);
    }
    this.emit(entry, 1);
  }

  /** A quick look stays quick on a big or slow sample: one round, and the run says so. */
  private cutQuickRunShort(firstRoundMs: number): void {
    const limitMs = this.options.quickFirstRoundLimitMs ?? QUICK_FIRST_ROUND_LIMIT_MS;
    if (this.rounds <= 1 || !this.settings.quick || firstRoundMs <= limitMs) return;
    this.rounds = 1;
    this.settings.rounds = 1;
    this.settings.roundsCutShort = { code: 'quick-first-round-over-limit', firstRoundMs, limitMs };
    for (const entry of this.entries) this.emit(entry, 1);
  }

  private completed(entry: Entry): boolean {
    return entry.first?.status === 'completed';
  }

  private emit(entry: Entry, round: number): void {
    if (entry.shown) this.options.onResult?.(this.rowOf(entry), { round, rounds: this.rounds });
  }

  /** What a row carries beside its figures: the runtime, the strict-CSP verdict, the bundle's size. */
  private marks(entry: Entry, row?: CompletedResult) {
    const { baseline } = this;
    const jsonRow =
      baseline.first?.status === 'completed' ? rowOverRounds(baseline.first, baseline.timings, baseline.timings, this.input.jsonBytes) : undefined;
    const codeGeneration = entry.strictRun && judgeCodeGeneration(entry.strictRun, row, { strict: baseline.strictRun, row: jsonRow });
    return { runtime: this.runtime.name, ...(codeGeneration ? { codeGeneration } : {}), ...webBundleFields(this.read!.bundleSizes, entry.id) };
  }

  /** The row as it stands: the first round's, with every round's timings so far. */
  private rowOf(entry: Entry): CodecResult {
    const first = entry.first!;
    if (first.status !== 'completed') return { ...first, ...this.marks(entry) };
    const jsonFirst = this.baseline.first?.status === 'completed' ? this.baseline.first : undefined;
    const row = rowOverRounds(first, entry.timings, jsonFirst ? this.baseline.timings : undefined, this.input.jsonBytes);
    const endToEnd = row.endToEnd && withEndToEndSpeedups(row.endToEnd, jsonFirst?.endToEnd);
    const withMarks = {
      ...row,
      ...this.marks(entry, row),
      ...(endToEnd ? { endToEnd } : {}),
      ...(this.settings.adaptiveRounds && entry.stopped ? { roundsStopped: entry.stopped } : {}),
    };
    return entry.roundFailures.length > 0 ? { ...withMarks, roundFailures: [...entry.roundFailures] } : withMarks;
  }
}
