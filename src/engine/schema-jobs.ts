/**
 * Schema work the extension asks for, each run in a worker: protobufjs and avsc load only there,
 * so the extension's bundle stays small. A schema that does not load throws a SchemaInputError
 * (file:line:column), a cancelled job a CancelledError; a worker that fails otherwise throws an
 * Error saying how.
 */
import { SchemaInputError } from '../schema/schema-problem';
import { DEFAULT_LIMITS } from './settings';
import { runInWorker, type WorkerLimits } from './worker-launch';
import type { SchemaVariants } from '../shared/variants';
import type { FormatSchemaInfo, SchemaFailure, WorkerMethods } from '../shared/worker-protocol';
import type { CodegenSettings, FormatSchemaFile, InferredSchemaFormat, ProvidedSchema, SampleBytes } from '../shared/codec-job';
import { bundlePath } from '../processes/bundle-path';
import { throwIfCancelled } from '../shared/cancelled';

export interface SchemaJobOptions extends Partial<Omit<WorkerLimits, 'onStage'>> {}

export interface SchemaInfo {
  /** A .proto's message types in file order; empty for an .avsc. */
  messageTypes: string[];
  defaultType?: string;
}

type SchemaMethod = 'schema-info' | 'generate-sample' | 'infer-schema' | 'format-schema-info';

async function runSchemaJob<M extends SchemaMethod>(
  method: M,
  params: WorkerMethods[M]['params'],
  options: SchemaJobOptions,
): Promise<WorkerMethods[M]['result']> {
  const fate = await runInWorker(method, params, {
    workerScript: options.workerScript ?? bundlePath('codec-worker'),
    memoryLimitMb: options.memoryLimitMb ?? DEFAULT_LIMITS.memoryLimitMb,
    timeoutMs: options.timeoutMs ?? DEFAULT_LIMITS.timeoutMs,
    signal: options.signal,
  });
  if (fate.kind === 'failed') throwIfCancelled(fate.error);
  if (fate.kind === 'failed') throw new Error(`the schema worker failed: ${fate.error.message}`);
  return fate.value;
}

function throwSchemaFailure(failure: SchemaFailure): never {
  throw new SchemaInputError(failure.path, failure.problem);
}

/** Loads the schema: its message types and the default one, or a SchemaInputError. */
export async function loadSchemaInfo(schema: ProvidedSchema, options: SchemaJobOptions = {}): Promise<SchemaInfo> {
  const info = await runSchemaJob('schema-info', { schema }, options);
  if ('schemaFailure' in info) throwSchemaFailure(info.schemaFailure);
  return { messageTypes: info.messageTypes, ...(info.defaultType ? { defaultType: info.defaultType } : {}) };
}

/** `count` records of the schema's root type (a .proto's `typeName`), as JSON text bytes. */
export async function generateSampleBytes(schema: ProvidedSchema, count: number, seed: number, options: SchemaJobOptions = {}): Promise<Uint8Array> {
  const generated = await runSchemaJob('generate-sample', { schema, count, seed }, options);
  if ('schemaFailure' in generated) throwSchemaFailure(generated.schemaFailure);
  return generated.bytes;
}

/** The schema inferred from the sample, as text (`.proto`, laid-out Avro JSON, or translated to .fbs, .capnp, .bop). */
export async function inferSchemaTextOf(
  sample: SampleBytes,
  format: InferredSchemaFormat,
  variants?: Partial<SchemaVariants>,
  options: SchemaJobOptions = {},
): Promise<string> {
  const inferred = await runSchemaJob('infer-schema', { sample, format, ...(variants ? { variants } : {}) }, options);
  if ('inputProblem' in inferred) throw new Error(inferred.inputProblem.message);
  return inferred.text;
}

/**
 * A user's own .fbs, .capnp or .bop read by its tool (in a child process of the worker; cached
 * with the generated code): its first problem, its roots, or why it cannot be used.
 */
export async function readFormatSchemaInfo(file: FormatSchemaFile, codegen: CodegenSettings, options: SchemaJobOptions = {}): Promise<FormatSchemaInfo> {
  return runSchemaJob('format-schema-info', { file, codegen }, options);
}
