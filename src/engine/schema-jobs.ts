/**
 * Schema work the extension asks for, each run in a worker: protobufjs and avsc load only there,
 * so the extension's bundle stays small. A schema that does not load throws a SchemaInputError
 * (file:line:column), a cancelled job a CancelledError; a worker that fails otherwise throws an
 * Error saying how.
 */
import * as path from 'node:path';
import type { ProvidedSchema } from '../codecs/codec';
import { SchemaInputError } from '../schema/schema-problem';
import { CancelledError } from './compare';
import { DEFAULT_LIMITS } from './settings';
import { runWorkerJob, type WorkerFate, type WorkerLimits } from './worker-runner';
import type { SchemaVariants } from '../schema/variants';
import type { SampleBytes, WorkerJob, WorkerMessage } from './worker-protocol';

export interface SchemaJobOptions extends Partial<Omit<WorkerLimits, 'onStage'>> {}

export interface SchemaInfo {
  /** A .proto's message types in file order; empty for an .avsc. */
  messageTypes: string[];
  defaultType?: string;
}

async function runSchemaJob(job: WorkerJob, options: SchemaJobOptions): Promise<Exclude<WorkerMessage, { type: 'stage' }>> {
  const fate: WorkerFate = await runWorkerJob(job, {
    workerScript: options.workerScript ?? path.join(__dirname, 'worker.js'),
    memoryLimitMb: options.memoryLimitMb ?? DEFAULT_LIMITS.memoryLimitMb,
    timeoutMs: options.timeoutMs ?? DEFAULT_LIMITS.timeoutMs,
    signal: options.signal,
  });
  if (fate.kind === 'failed' && fate.error.stage === 'cancelled') throw new CancelledError(fate.error.message);
  if (fate.kind === 'failed') throw new Error(`the schema worker failed: ${fate.error.message}`);
  if (fate.message.type === 'schema-error') throw new SchemaInputError(fate.message.path, fate.message.problem);
  return fate.message;
}

/** Loads the schema: its message types and the default one, or a SchemaInputError. */
export async function loadSchemaInfo(schema: ProvidedSchema, options: SchemaJobOptions = {}): Promise<SchemaInfo> {
  const message = await runSchemaJob({ kind: 'schema-info', schema }, options);
  if (message.type !== 'schema-info') throw new Error(`unexpected reply from the schema worker: ${message.type}`);
  return { messageTypes: message.messageTypes, ...(message.defaultType ? { defaultType: message.defaultType } : {}) };
}

/** `count` records of the schema's root type (a .proto's `typeName`), as JSON text bytes. */
export async function generateSampleBytes(schema: ProvidedSchema, count: number, seed: number, options: SchemaJobOptions = {}): Promise<Uint8Array> {
  const message = await runSchemaJob({ kind: 'generate', schema, count, seed }, options);
  if (message.type !== 'generated') throw new Error(`unexpected reply from the schema worker: ${message.type}`);
  return message.bytes;
}

/** The schema inferred from the sample, as text (`.proto`, or laid-out Avro JSON). */
export async function inferSchemaTextOf(sample: SampleBytes, format: 'proto' | 'avsc', variants?: Partial<SchemaVariants>, options: SchemaJobOptions = {}): Promise<string> {
  const message = await runSchemaJob({ kind: 'infer-schema', sample, format, ...(variants ? { variants } : {}) }, options);
  if (message.type === 'input-error') throw new Error(message.problem.message);
  if (message.type !== 'inferred-schema') throw new Error(`unexpected reply from the schema worker: ${message.type}`);
  return message.text;
}
