/**
 * Compares the encodings of one sample. Inspects the sample in a worker (the caller's thread
 * never parses it), then measures in rounds: each round runs the JSON baseline and every codec,
 * each in its own fresh worker, one after another so no two measurements compete for the CPU,
 * in an order rotated from round to round (rounds.ts). The first round also verifies the round
 * trip, finds remnants and compresses; later rounds only time, each codec until its speed-ups
 * have settled or the most rounds are reached (round-stops.ts). Rows stream through `onResult`;
 * the report says how busy the machine was meanwhile (machine-load-monitor.ts).
 */
import * as path from 'node:path';
import { idFromModulePath } from '../codecs/codec-source';
import type { SchemaVariants } from '../shared/variants';
import { BASELINE_CODEC_ID, builtinCodecs, DEFAULT_CODEC_IDS, findBuiltinCodec } from '../codecs/registry';
import { sampleKindOf } from '../input/read-sample';
import type { CodecResult, CompletedResult, ComparisonReport, SampleInfo, WorkStage, RoundProgress, SampleOrigin, RoundsStopped } from '../shared/results';
import { remnantMatrix } from '../analysis/matrix';
import { DEFAULT_LIMITS, type EngineLimits, measurementSettings, QUICK_FIRST_ROUND_LIMIT_MS } from './settings';
import { buildRow, rowWithoutReport, type RowContext } from './rows';
import { roundOrder, rowOverRounds } from './rounds';
import { runtimeInfo, toolVersion } from './tool-info';
import { CancelledError } from './cancelled';
import type { RoundEntry as TimedEntry } from './later-round';
import { runInWorker, type WorkerFate } from './worker-launch';
import { judgeCodeGeneration, runWithoutCodeGeneration, type StrictRun } from './code-generation';
import { runPipeline } from './first-round-pipeline';
import type { ProvidedSchema, CodecSource, SampleBytes, SampleKind, SampleScale, CodecJob, CodecReport, CodegenSettings } from '../shared/codec-job';
import { bundlePath } from '../processes/bundle-path';
import { withEndToEndSpeedups } from '../measurement/end-to-end-speedups';
import { nodeMeasuringRuntime } from './node-runtime';
import type { MeasuringRuntime } from './measuring-runtime';
import { restrictedRuntime } from './restricted-runtime';
import { machineWatchOf, watchMachineLoad } from './machine-load-monitor';
import { markStops, stillMeasuring } from './round-stops';
import { webBundleFields, webBundleSizesIn } from './web-bundle-sizes';
import { sampleInfoOrThrow } from './sample-info';
import type { MessagesPlan } from '../shared/messages';

export interface CompareOptions extends Partial<EngineLimits> {
  /** Built-in codec ids, in any order; default: all. The JSON baseline is always measured. */
  codecs?: readonly string[];
  /** Extra codec modules (paths) exporting `prepare`, each run like a built-in. */
  codecModules?: readonly string[];
  quick?: boolean;
  /**
   * The most rounds of JSON and every codec, each in a fresh worker (default DEFAULT_ROUNDS,
   * quick QUICK_ROUNDS). A codec's rounds stop before, from MIN_ADAPTIVE_ROUNDS on, once its
   * speed-ups have settled (settings.ts), unless `fixedRounds`.
   */
  rounds?: number;
  /** Every codec runs all `rounds`. */
  fixedRounds?: boolean;
  /** A codec's speed-ups are settled once their intervals lie within ± this of their medians (default SETTLED_WITHIN). */
  settledWithin?: number;
  /** A quick run whose first round takes longer stops after it (default QUICK_FIRST_ROUND_LIMIT_MS). */
  quickFirstRoundLimitMs?: number;
  /** Per codec and round. */
  timeBudgetMs?: number;
  minSamples?: number;
  /** Checked (in a worker) before any codec runs: a schema that does not load throws a SchemaInputError. */
  schema?: ProvidedSchema;
  /** Choices for inferred schemas (integers, doubles, fields); see schema/variants.ts. */
  variants?: Partial<SchemaVariants>;
  /** A size sweep's step: each worker scales the sample to this JSON size itself (scale-sample.ts). */
  scale?: SampleScale;
  signal?: AbortSignal;
  /** The bundled worker script; defaults to `worker.js` beside the running bundle. */
  workerScript?: string;
  onSampleRead?: (info: SampleInfo) => void;
  /**
   * Each shown row, once per round: in the first round as each codec finishes, in later rounds
   * all together as the round ends, sharper each time. The last round's rows are final.
   */
  onResult?: (result: CodecResult, progress: RoundProgress) => void;
  onStage?: (codec: string, stage: WorkStage, progress: RoundProgress) => void;
  /**
   * Where codecs are measured. Default: Node, each job in a fresh worker thread. A browser
   * runtime (browser-runtime.ts) sends the same jobs to Web Workers; rows carry its name.
   */
  runtime?: MeasuringRuntime;
  /** Also run each codec once with code generation from strings disabled (see code-generation.ts). */
  checkCodeGeneration?: boolean;
  /** Rows that run generated code (google-protobuf, ts-proto…): the cache and the tools' settings. */
  codegen?: CodegenSettings;
  /** Message mode: the sample is a stream, each record its own message (use compareMessages, engine/messages). */
  messages?: MessagesPlan;
  /**
   * The time now, in milliseconds, for the run's own rules (a quick run's first-round limit);
   * default Date.now. Tests of the round logic give one they move themselves.
   */
  clock?: () => number;
}

interface RoundEntry extends TimedEntry {
  /** The run without code generation (its timings, or how it failed); judged against the rounds in rowOf. */
  strictRun?: StrictRun;
  /** Set once the codec has had its last round (a run whose rounds stop per codec). */
  stopped?: RoundsStopped;
}

export { CancelledError };

/** The rows a run shows, in order: the JSON baseline first when it is shown. */
export function displayedCodecOrder(selected: readonly string[]): string[] {
  return selected.includes(BASELINE_CODEC_ID) ? [BASELINE_CODEC_ID, ...selected.filter((id) => id !== BASELINE_CODEC_ID)] : [...selected];
}

export function unknownCodecs(ids: readonly string[]): string[] {
  return ids.filter((id) => !findBuiltinCodec(id));
}

/**
 * `sample.bytes` absent: every worker reads `sample.path` itself (use it for files on disk;
 * give bytes for unsaved editor text). `origin` is only reported (SampleInfo.origin).
 */
export async function compareSample(
  sample: { path: string; bytes?: Uint8Array; kind?: SampleKind; origin?: SampleOrigin },
  options: CompareOptions = {},
): Promise<ComparisonReport> {
  // How busy the machine is, read over the whole run: other work distorts every time in it.
  const machine = watchMachineLoad(machineWatchOf(options.runtime));
  try {
    const report = await measureSample(sample, options);
    return { ...report, settings: { ...report.settings, machineLoad: machine.stop() } };
  } finally {
    machine.stop();
  }
}

async function measureSample(
  sample: { path: string; bytes?: Uint8Array; kind?: SampleKind; origin?: SampleOrigin },
  options: CompareOptions,
): Promise<ComparisonReport> {
  const unknown = unknownCodecs(options.codecs ?? []);
  if (unknown.length > 0) {
    throw new Error(`unknown codec${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')} (known: ${builtinCodecs.map((c) => c.id).join(', ')})`);
  }
  const settings = measurementSettings(options);
  const limits = {
    workerScript: options.workerScript ?? bundlePath('codec-worker'),
    memoryLimitMb: options.memoryLimitMb ?? DEFAULT_LIMITS.memoryLimitMb,
    timeoutMs: options.timeoutMs ?? DEFAULT_LIMITS.timeoutMs,
    signal: options.signal,
  };
  const sampleBytes: SampleBytes = { path: sample.path, kind: sample.kind ?? sampleKindOf(sample.path), ...(sample.bytes ? { bytes: sample.bytes } : {}) };

  const reading = runInWorker(
    'read-sample',
    {
      sample: sampleBytes,
      schema: options.schema,
      ...(options.scale ? { scale: options.scale } : {}),
      ...(options.messages ? { messages: options.messages } : {}),
    },
    limits,
  );

  const selected = options.codecs ?? [...DEFAULT_CODEC_IDS];
  const builtinOrder = [BASELINE_CODEC_ID, ...selected.filter((id) => id !== BASELINE_CODEC_ID)];
  const sources: Array<{ source: CodecSource; shown: boolean }> = [
    ...builtinOrder.map((id) => ({ source: { builtin: id }, shown: selected.includes(id) })),
    ...(options.codecModules ?? []).map((modulePath) => ({ source: { modulePath: path.resolve(modulePath) }, shown: true })),
  ];

  const entries: RoundEntry[] = sources.map(({ source, shown }) => ({
    source,
    shown,
    // The id its row will carry (a module that names itself differently is known only later).
    id: 'builtin' in source ? source.builtin : idFromModulePath(source.modulePath),
    timings: [],
    roundFailures: [],
  }));
  const baseline = entries[0]!;
  let rounds = settings.rounds ?? 1;
  const runtime = restrictedRuntime(options.runtime ?? nodeMeasuringRuntime(limits), options.codegen?.restricted);
  const openFirstRound = runtime.openFirstRound;
  // The strict-CSP run is a whole measurement of its own: it keeps the first round one job at a time.
  const pipelined =
    openFirstRound && !options.checkCodeGeneration && entries.every((entry) => runtime.unsupported(entry.source) === undefined) ? openFirstRound : undefined;
  const speedupsOf = (row: CodecResult) => (row.status === 'completed' ? row.speedupVsJson : null);
  const stageReporter = (entry: RoundEntry, round: number) => (stage: WorkStage) => options.onStage?.(entry.id, stage, { round, rounds });
  const jobFor = (entry: RoundEntry, verify: boolean, jsonBytes: number): CodecJob => ({
    codec: entry.source,
    sample: sampleBytes,
    jsonBytes,
    schema: options.schema,
    variants: options.variants,
    measurement: { operationBudgetMs: settings.timeBudgetMs / 2, minSamples: settings.minSamples, verify, ...(settings.quick ? { firstLook: true } : {}) },
    ...(entry.inferred === undefined ? {} : { inferred: entry.inferred }),
    ...(options.scale ? { scale: options.scale } : {}),
    ...(options.codegen ? { codegen: options.codegen } : {}),
    ...(options.messages ? { messages: options.messages } : {}),
  });

  // The baseline's worker opens while the sample is read: neither is timed. (Its job learns the
  // sample's JSON size with its timing.)
  const firstOpen = pipelined && pipelined(jobFor(baseline, true, 0), stageReporter(baseline, 1));
  let input: SampleInfo;
  try {
    input = sampleInfoOrThrow(await reading, sample.path);
    if (sample.origin !== undefined && sample.origin !== 'file') input = { ...input, origin: sample.origin };
  } catch (error) {
    if (firstOpen) await (await firstOpen).close();
    throw error;
  }
  options.onSampleRead?.(input);
  const context: RowContext = { jsonBytes: input.jsonBytes };
  // The first round's time, for the quick rule below, counts from here as it did before the
  // baseline's open overlapped the read.
  const clock = options.clock ?? Date.now;
  const started = clock();
  const bundleSizes = webBundleSizesIn(path.dirname(limits.workerScript));
  const marks = (entry: RoundEntry, row?: CompletedResult) => {
    const jsonRow = baseline.first?.status === 'completed' ? rowOverRounds(baseline.first, baseline.timings, baseline.timings, input.jsonBytes) : undefined;
    const codeGeneration = entry.strictRun && judgeCodeGeneration(entry.strictRun, row, { strict: baseline.strictRun, row: jsonRow });
    return { runtime: runtime.name, ...(codeGeneration ? { codeGeneration } : {}), ...webBundleFields(bundleSizes, entry.id) };
  };
  const rowOf = (entry: RoundEntry): CodecResult => {
    const first = entry.first!;
    if (first.status !== 'completed') return { ...first, ...marks(entry) };
    const jsonFirst = baseline.first?.status === 'completed' ? baseline.first : undefined;
    const row = rowOverRounds(first, entry.timings, jsonFirst ? baseline.timings : undefined, input.jsonBytes);
    const endToEnd = row.endToEnd && withEndToEndSpeedups(row.endToEnd, jsonFirst?.endToEnd);
    const withMarks = {
      ...row,
      ...marks(entry, row),
      ...(endToEnd ? { endToEnd } : {}),
      ...(settings.adaptiveRounds && entry.stopped ? { roundsStopped: entry.stopped } : {}),
    };
    return entry.roundFailures.length > 0 ? { ...withMarks, roundFailures: [...entry.roundFailures] } : withMarks;
  };
  const emit = (entry: RoundEntry, round: number) => {
    if (entry.shown) options.onResult?.(rowOf(entry), { round, rounds });
  };

  const completed = (entry: RoundEntry) => entry.first?.status === 'completed';
  /** A first round's answer: the row (streamed at once, with its speed-ups: JSON ran first), timings, the strict run if asked. */
  const recordFirst = async (entry: RoundEntry, fate: WorkerFate<CodecReport>, job: CodecJob, onStage: (stage: WorkStage) => void) => {
    if (fate.kind === 'failed' && fate.error.stage === 'cancelled') throw new CancelledError(fate.error.message);
    const report = fate.kind === 'answered' ? fate.value : undefined;
    entry.first = report
      ? buildRow(report, entry.source, context)
      : rowWithoutReport(entry.source, fate.kind === 'failed' ? fate.error : { stage: 'crash', message: 'no result' });
    entry.inferred = report?.inferred;
    if (report?.outcome.status === 'completed') {
      entry.timings.push({ round: 1, ...report.outcome.measurements });
      if (options.checkCodeGeneration) entry.strictRun = await runWithoutCodeGeneration(runtime, job, onStage);
    }
    emit(entry, 1);
  };

  for (let index = 0; index < rounds; index++) {
    const round = index + 1;
    const timeLaterRound = runtime.timeLaterRound;
    if (index > 0 && timeLaterRound) {
      // Later rounds time each codec in slices alternating with JSON's (later-round.ts).
      await timeLaterRound({
        round,
        rounds,
        baseline: completed(baseline) ? baseline : undefined,
        codecs: roundOrder(entries.slice(1), index).filter(stillMeasuring),
        jobFor: (entry) => jobFor(entry, false, input.jsonBytes),
        onStage: (id, stage) => options.onStage?.(id, stage, { round, rounds }),
        plan: { operationBudgetMs: settings.timeBudgetMs / 2, minSamples: settings.minSamples },
      });
    }
    if (index === 0 && pipelined) {
      await runPipeline(
        entries,
        {
          open: (entry) => pipelined(jobFor(entry, true, input.jsonBytes), stageReporter(entry, round)),
          time: (_entry, run) => run.time(input.jsonBytes),
          finish: async (entry, run) => recordFirst(entry, await run.finish(), jobFor(entry, true, input.jsonBytes), stageReporter(entry, round)),
          abandon: (run) => run.close(),
        },
        firstOpen || undefined,
      );
    }
    // After the first round, only codecs whose first round completed, and whose rounds have not stopped, are timed again.
    const order =
      (index > 0 && timeLaterRound) || (index === 0 && pipelined) ? [] : roundOrder(entries, index).filter((entry) => index === 0 || stillMeasuring(entry));
    for (const entry of order) {
      if (options.signal?.aborted) throw new CancelledError('cancelled');
      const job = jobFor(entry, index === 0, input.jsonBytes);
      const onStage = (stage: WorkStage) => options.onStage?.(entry.id, stage, { round, rounds });
      const unsupported = runtime.unsupported(entry.source);
      const fate: WorkerFate<CodecReport> = unsupported
        ? { kind: 'answered', value: { schema: 'none', notes: [], outcome: { status: 'skipped', error: { stage: 'prepare', message: unsupported } } } }
        : await runtime.measure(job, onStage);
      if (fate.kind === 'failed' && fate.error.stage === 'cancelled') throw new CancelledError(fate.error.message);
      const report = fate.kind === 'answered' ? fate.value : undefined;
      const failure = fate.kind === 'failed' ? fate.error : undefined;
      if (index === 0) {
        await recordFirst(entry, fate, job, onStage);
      } else if (report?.outcome.status === 'timed') {
        entry.timings.push({ round, ...report.outcome.timings });
      } else {
        const error =
          report && (report.outcome.status === 'errored' || report.outcome.status === 'skipped')
            ? report.outcome.error
            : (failure ?? { stage: 'crash' as const, message: 'no result' });
        entry.roundFailures.push({ code: 'round-failed', round, rounds, error });
      }
    }
    const timedThisRound = entries.filter(stillMeasuring);
    markStops(entries, baseline, { round, rounds }, settings.adaptiveRounds, (entry) => speedupsOf(rowOf(entry)));
    if (index > 0) for (const entry of timedThisRound) emit(entry, round);
    if (!entries.some(stillMeasuring)) break;
    const elapsedMs = clock() - started;
    const limitMs = options.quickFirstRoundLimitMs ?? QUICK_FIRST_ROUND_LIMIT_MS;
    if (index === 0 && rounds > 1 && settings.quick && elapsedMs > limitMs) {
      // A quick look stays quick on a big or slow sample: one round, and the run says so.
      rounds = 1;
      settings.rounds = 1;
      settings.roundsCutShort = { code: 'quick-first-round-over-limit', firstRoundMs: elapsedMs, limitMs };
      for (const entry of entries) emit(entry, round);
    }
  }
  const results = entries.filter((entry) => entry.shown).map(rowOf);

  return {
    tool: { name: 'payload-lab', version: toolVersion() },
    runtime: runtimeInfo(),
    input,
    settings,
    results,
    remnantMatrix: remnantMatrix(results),
  };
}
