/**
 * The size sweep: the user's sample scaled from about 1 KB to a maximum in steps (×4 by
 * default), each size measured as a comparison is (compare.ts: verified round trip, fresh
 * workers, rounds, intervals), then each codec's growth slope. Every worker scales the sample
 * itself from the file's records (scale-sample.ts): the caller holds only the result rows.
 */
import type { SweepNote } from '../shared/sweep-notes';
import { sampleKindOf, SampleInputError } from '../input/read-sample';
import type { SampleInfo, CodecResult, WorkStage, RoundProgress } from '../shared/results';
import type { SweepReport, SweepSize } from '../shared/sweep';
import { compareSample, type CompareOptions } from './compare';
import { growthSlopes } from '../measurement/growth';
import { sweepSizes } from '../measurement/scale-sample';
import { DEFAULT_LIMITS, measurementSettings } from './settings';
import { runtimeInfo, toolVersion } from './tool-info';
import { runInWorker } from './worker-launch';
import type { SampleGrowth, SampleKind } from '../shared/codec-job';
import { bundlePath } from '../processes/bundle-path';
import { throwIfCancelled } from '../shared/cancelled';

export const KB = 1024;
export const MB = 1024 * 1024;
export const DEFAULT_SWEEP_MIN_BYTES = 1 * KB;
export const DEFAULT_SWEEP_MAX_BYTES = 16 * MB;
export const MAX_SWEEP_BYTES = 1024 * MB;
export const DEFAULT_STEP_FACTOR = 4;
/** Sizes above the sample's own are made of fresh records unless repetition is asked for. */
export const DEFAULT_SWEEP_GROWTH: SampleGrowth = 'fresh';

export interface SweepOptions extends Omit<CompareOptions, 'scale' | 'onResult' | 'onStage' | 'onSampleRead'> {
  minJsonBytes?: number;
  maxJsonBytes?: number;
  /** Each size this many times the previous (default 4); ignored when `sizes` are given. */
  stepFactor?: number;
  /** Target JSON sizes, instead of a range. */
  sizes?: readonly number[];
  /**
   * Past the sample's own size: fresh records generated from its records' profile (default),
   * or its records repeated (which favours compression).
   */
  growth?: SampleGrowth;
  /** Once the sizes are known (each the closest whole number of records to its target). */
  onPlan?: (sizes: SampleInfo[]) => void;
  onResult?: (sizeIndex: number, result: CodecResult, progress: RoundProgress) => void;
  onStage?: (sizeIndex: number, codec: string, stage: WorkStage, progress: RoundProgress) => void;
  onSize?: (sizeIndex: number, size: SweepSize) => void;
}

export function sweepTargets(options: Pick<SweepOptions, 'minJsonBytes' | 'maxJsonBytes' | 'stepFactor' | 'sizes'>): number[] {
  const max = options.maxJsonBytes ?? DEFAULT_SWEEP_MAX_BYTES;
  if (max > MAX_SWEEP_BYTES) throw new RangeError(`a sweep goes up to ${MAX_SWEEP_BYTES / MB} MB of JSON, not ${(max / MB).toFixed(0)} MB`);
  if (options.sizes && options.sizes.length > 0) return [...options.sizes].sort((a, b) => a - b);
  return sweepSizes(Math.min(options.minJsonBytes ?? DEFAULT_SWEEP_MIN_BYTES, max), max, options.stepFactor ?? DEFAULT_STEP_FACTOR);
}

export async function sweepSample(sample: { path: string; bytes?: Uint8Array; kind?: SampleKind }, options: SweepOptions = {}): Promise<SweepReport> {
  const targets = sweepTargets(options);
  const kind = sample.kind ?? sampleKindOf(sample.path);
  const sampleBytes = { path: sample.path, kind, ...(sample.bytes ? { bytes: sample.bytes } : {}) };
  const limits = {
    workerScript: options.workerScript ?? bundlePath('codec-worker'),
    memoryLimitMb: options.memoryLimitMb ?? DEFAULT_LIMITS.memoryLimitMb,
    timeoutMs: options.timeoutMs ?? DEFAULT_LIMITS.timeoutMs,
    signal: options.signal,
  };
  const growth = options.growth ?? DEFAULT_SWEEP_GROWTH;
  const planned = await runInWorker('plan-sweep', { sample: sampleBytes, targets, growth }, limits);
  if (planned.kind === 'failed') {
    throwIfCancelled(planned.error);
    throw new SampleInputError(`${sample.path}: could not read the sample: ${planned.error.message}`, sample.path);
  }
  if ('inputProblem' in planned.value) {
    const { message, line, column } = planned.value.inputProblem;
    throw new SampleInputError(message, sample.path, line, column);
  }
  // Targets closer together than a record collapse to one size.
  const plan = planned.value.sizes.filter((info, index, all) => index === 0 || info.records !== all[index - 1]!.records);
  options.onPlan?.(plan);

  const sizes: SweepSize[] = [];
  let settings = measurementSettings(options);
  for (const [sizeIndex, info] of plan.entries()) {
    const scale = { targetJsonBytes: info.scaling!.targetJsonBytes, growth };
    const report = await compareSample(sample, {
      ...options,
      scale,
      onResult: (row, progress) => options.onResult?.(sizeIndex, row, progress),
      onStage: (codec, stage, progress) => options.onStage?.(sizeIndex, codec, stage, progress),
    });
    // A size whose quick first round ran long had one round only: the sweep reports the least rounds.
    if ((report.settings.rounds ?? 1) < (settings.rounds ?? 1)) settings = report.settings;
    const size: SweepSize = {
      targetJsonBytes: scale.targetJsonBytes,
      jsonBytes: report.input.jsonBytes,
      scaling: report.input.scaling!,
      results: report.results,
    };
    sizes.push(size);
    options.onSize?.(sizeIndex, size);
  }
  const first = plan[0]!;
  const scaling = first.scaling!;
  const largest = plan[plan.length - 1]!.scaling!;
  return {
    tool: { name: 'payload-lab', version: toolVersion() },
    runtime: runtimeInfo(),
    sample: {
      path: sample.path,
      fileBytes: first.fileBytes,
      kind,
      recordsPath: scaling.recordsPath,
      sourceRecords: scaling.sourceRecords,
      growth: largest.growth ?? 'repeat',
      ...(largest.growthFallback === undefined ? {} : { growthFallback: largest.growthFallback }),
    },
    settings: {
      ...settings,
      minJsonBytes: first.jsonBytes,
      maxJsonBytes: plan[plan.length - 1]!.jsonBytes,
      stepFactor: options.sizes && options.sizes.length > 0 ? null : (options.stepFactor ?? DEFAULT_STEP_FACTOR),
    },
    sizes,
    growth: growthSlopes(sizes),
    notes: scalingNotes(plan),
  };
}

/** How the sample was scaled: which growth the sizes (and the plot) use. */
export function scalingNotes(plan: ReadonlyArray<Pick<SampleInfo, 'scaling'>>): SweepNote[] {
  const scaling = plan[0]?.scaling;
  if (!scaling) return [];
  const records = { sourceRecords: scaling.sourceRecords, recordsPath: scaling.recordsPath };
  const grown = plan.map((info) => info.scaling).filter((size) => size !== undefined && size.records > size.sourceRecords);
  if (grown.length === 0) return [{ code: 'first-records', ...records }];
  const largest = grown[grown.length - 1]!;
  if (largest.growth === 'fresh') return [{ code: 'fresh-records', ...records }, { code: 'fresh-compression' }];
  return [{ code: 'repeated-records', ...records }, ...(largest.growthFallback ? [largest.growthFallback] : []), { code: 'repeat-compression' }];
}

/** A limit search without a sweep, as a document of the sweep's shape (no sizes). */
export function limitsOnlyReport(samplePath: string): SweepReport {
  return {
    tool: { name: 'payload-lab', version: toolVersion() },
    runtime: runtimeInfo(),
    sample: { path: samplePath, fileBytes: 0, kind: sampleKindOf(samplePath), recordsPath: '', sourceRecords: 0, growth: 'repeat' },
    settings: { ...measurementSettings({}), minJsonBytes: 0, maxJsonBytes: 0, stepFactor: null },
    sizes: [],
    growth: [],
    notes: [],
  };
}
