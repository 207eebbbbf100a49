/**
 * Compares the encodings of one sample. Inspects the sample in a worker (the caller's thread
 * never parses it), then runs each codec in its own fresh worker, one after another so no two
 * measurements compete for the CPU, the JSON baseline first so every speed-up comes from the
 * same run. Rows are streamed through `onResult` as each codec finishes.
 */
import * as path from 'node:path';
import type { ProvidedSchema } from '../codecs/codec';
import { idFromModulePath } from '../codecs/codec-source';
import type { SchemaVariants } from '../schema/variants';
import { SchemaInputError } from '../schema/schema-problem';
import { BASELINE_CODEC_ID, builtinCodecs, findBuiltinCodec } from '../codecs/registry';
import { sampleKindOf, SampleInputError, type SampleKind } from '../input/read-sample';
import type { CodecResult, ComparisonReport, SampleInfo, WorkStage } from '../shared/results';
import { remnantMatrix } from '../analysis/matrix';
import { DEFAULT_LIMITS, type EngineLimits, measurementSettings } from './settings';
import { buildRow, rowWithoutReport, type RowContext } from './rows';
import { runtimeInfo, toolVersion } from './tool-info';
import { runInWorker, type WorkerFate } from './worker-runner';
import type { CodecSource, SampleBytes, WorkerMethods } from './worker-protocol';

export interface CompareOptions extends Partial<EngineLimits> {
  /** Built-in codec ids, in any order; default: all. The JSON baseline is always measured. */
  codecs?: readonly string[];
  /** Extra codec modules (paths) exporting `prepare`, each run like a built-in. */
  codecModules?: readonly string[];
  quick?: boolean;
  timeBudgetMs?: number;
  minSamples?: number;
  /** Precision to reach past the budget (default 0.02; null: stop at the budget). */
  targetRme?: number | null;
  /** Checked (in a worker) before any codec runs: a schema that does not load throws a SchemaInputError. */
  schema?: ProvidedSchema;
  /** Choices for inferred schemas (integers, doubles, fields); see schema/variants.ts. */
  variants?: Partial<SchemaVariants>;
  signal?: AbortSignal;
  /** The bundled worker script; defaults to `worker.js` beside the running bundle. */
  workerScript?: string;
  onInspected?: (info: SampleInfo) => void;
  onResult?: (result: CodecResult) => void;
  onStage?: (codec: string, stage: WorkStage) => void;
}

export class CancelledError extends Error {
  override name = 'CancelledError';
}

/** The rows a run shows, in order: the JSON baseline first when it is shown. */
export function displayedCodecOrder(selected: readonly string[]): string[] {
  return selected.includes(BASELINE_CODEC_ID) ? [BASELINE_CODEC_ID, ...selected.filter((id) => id !== BASELINE_CODEC_ID)] : [...selected];
}

export function unknownCodecs(ids: readonly string[]): string[] {
  return ids.filter((id) => !findBuiltinCodec(id));
}

/**
 * `sample.bytes` absent: every worker reads `sample.path` itself (use it for files on disk;
 * give bytes for unsaved editor text).
 */
export async function compareSample(
  sample: { path: string; bytes?: Uint8Array; kind?: SampleKind },
  options: CompareOptions = {},
): Promise<ComparisonReport> {
  const unknown = unknownCodecs(options.codecs ?? []);
  if (unknown.length > 0) {
    throw new Error(`unknown codec${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')} (known: ${builtinCodecs.map((c) => c.id).join(', ')})`);
  }
  const settings = measurementSettings(options);
  const limits = {
    workerScript: options.workerScript ?? path.join(__dirname, 'worker.js'),
    memoryLimitMb: options.memoryLimitMb ?? DEFAULT_LIMITS.memoryLimitMb,
    timeoutMs: options.timeoutMs ?? DEFAULT_LIMITS.timeoutMs,
    signal: options.signal,
  };
  const sampleBytes: SampleBytes = { path: sample.path, kind: sample.kind ?? sampleKindOf(sample.path), ...(sample.bytes ? { bytes: sample.bytes } : {}) };

  const read = await runInWorker('read-sample', { sample: sampleBytes, schema: options.schema }, limits);
  const input = sampleInfoOrThrow(read, sample.path);
  options.onInspected?.(input);

  const selected = options.codecs ?? builtinCodecs.map((codec) => codec.id);
  const builtinOrder = [BASELINE_CODEC_ID, ...selected.filter((id) => id !== BASELINE_CODEC_ID)];
  const sources: Array<{ source: CodecSource; shown: boolean }> = [
    ...builtinOrder.map((id) => ({ source: { builtin: id }, shown: selected.includes(id) })),
    ...(options.codecModules ?? []).map((modulePath) => ({ source: { modulePath: path.resolve(modulePath) }, shown: true })),
  ];

  const context: RowContext = { jsonBytes: input.jsonBytes };
  const results: CodecResult[] = [];
  for (const { source, shown } of sources) {
    if (options.signal?.aborted) throw new CancelledError('cancelled');
    // The id its row will carry (a module that names itself differently is known only later).
    const id = 'builtin' in source ? source.builtin : idFromModulePath(source.modulePath);
    const fate = await runInWorker(
      'measure-codec',
      {
        codec: source,
        sample: sampleBytes,
        jsonBytes: input.jsonBytes,
        schema: options.schema,
        variants: options.variants,
        measurement: {
          operationBudgetMs: settings.timeBudgetMs / 2,
          minSamples: settings.minSamples,
          targetRme: settings.targetRme,
          maxBudgets: settings.maxBudgets,
        },
      },
      { ...limits, onStage: (stage) => options.onStage?.(id, stage) },
    );
    if (fate.kind === 'failed' && fate.error.stage === 'cancelled') throw new CancelledError(fate.error.message);
    const row = fate.kind === 'answered' ? buildRow(fate.value, source, context) : rowWithoutReport(source, fate.error);
    if ('builtin' in source && source.builtin === BASELINE_CODEC_ID) context.baseline = row;
    if (!shown) continue;
    results.push(row);
    options.onResult?.(row);
  }

  return {
    tool: { name: 'payload-lab', version: toolVersion() },
    runtime: runtimeInfo(),
    input,
    settings,
    results,
    remnantMatrix: remnantMatrix(results),
  };
}

function sampleInfoOrThrow(fate: WorkerFate<WorkerMethods['read-sample']['result']>, samplePath: string): SampleInfo {
  if (fate.kind === 'failed') {
    if (fate.error.stage === 'cancelled') throw new CancelledError(fate.error.message);
    throw new SampleInputError(`${samplePath}: could not read the sample: ${fate.error.message}`, samplePath);
  }
  const read = fate.value;
  if ('sample' in read) return read.sample;
  if ('schemaFailure' in read) throw new SchemaInputError(read.schemaFailure.path, read.schemaFailure.problem);
  const { message, line, column } = read.inputProblem;
  throw new SampleInputError(message, samplePath, line, column);
}
