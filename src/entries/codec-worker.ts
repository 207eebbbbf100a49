/**
 * Entry point of a codec worker (bundled as dist/worker.js). One worker answers one job in a
 * fresh isolate, so libraries never share a heap or JIT state; an inspection worker then goes
 * on answering the decoded-output queries. A codec that runs generated code gets its code
 * generated here (`generate-code`) and runs in a sandboxed child instead (codec-process.ts).
 * Refuses to run outside a worker.
 */
import { isMainThread, parentPort } from 'node:worker_threads';
import { parseSample, sampleBytesOf, SampleInputError } from '../input/read-sample';
import type { SampleInfo } from '../shared/results';
import { sha256Hex } from '../worker/codec-run-core';
import { describeError } from '../worker/codec-run-node';
import { codecHandlers } from '../worker/codec-handlers';
import { pregenerate } from '../worker/pregenerate';
import { describeMessageStream } from '../worker/messages/describe-stream';
import { compressedSizes } from '../compression/compressed-sizes';
import { avroProtocolTypes, checkProvidedSchema, isAvroProtocolPath } from '../schema/provided-schema';
import { profileSample } from '../analysis/sample-profile';
import { jsonText } from '../analysis/json-text';
import { countRecords } from '../analysis/record-count';
import { recordPlanOf, scaleSample, scalingOf, UnscalableSampleError } from '../measurement/scale-sample';
import { generateFromSchema } from '../schema/generate-sample';
import { loadProtoSchema } from '../schema/load-proto';
import { SchemaInputError } from '../schema/schema-problem';
import { inferSchemaText } from '../schema/inferred-text';
import { inferAvroSchema } from '../schema/infer-avro';
import { translatedSchemaText } from '../schema/translate/translated-text';
import { formatSchemaInfo } from '../codecs/zero-copy/user/user-schema';
import { checkSchemaChange } from '../evolution/check-schema-change';
import { serve, type Handlers } from '../shared/channel';
import { parentPortTransport } from '../processes/node-transports';
import type { GenerateJob, InferSchemaJob, ReadSampleJob, SchemaChangeJob, SchemaInfoJob, WorkerEvents, WorkerMethods } from '../shared/worker-protocol';

if (isMainThread || !parentPort) {
  throw new Error('payload-lab worker: this file runs only inside a worker thread started by the engine');
}

function readSample(job: ReadSampleJob): WorkerMethods['read-sample']['result'] {
  const schemaFailure = job.schema && checkProvidedSchema(job.schema);
  if (schemaFailure) return { schemaFailure };
  try {
    if (job.messages) return { sample: describeMessageStream(job.sample, job.messages) };
    const bytes = sampleBytesOf(job.sample);
    const sample = parseSample(bytes, job.sample.kind, job.sample.path);
    if (job.scale) {
      const scaled = scaleSample(sample, job.scale);
      return {
        sample: {
          path: job.sample.path,
          jsonBytes: scaled.jsonBytes,
          fileBytes: bytes.byteLength,
          records: scaled.scaling.records,
          kind: job.sample.kind,
          scaling: scaled.scaling,
          // A part of the sample stands for it: its profile is what the part's figures are of.
          ...(job.scale.pick === 'spread' ? { profile: profileSample(scaled.value) } : {}),
        },
      };
    }
    const info: SampleInfo = {
      path: job.sample.path,
      jsonBytes: Buffer.byteLength(jsonText(sample) ?? '', 'utf8'),
      fileBytes: bytes.byteLength,
      ...countRecords(sample),
      kind: job.sample.kind,
      profile: profileSample(sample),
    };
    return { sample: info };
  } catch (error) {
    if (error instanceof UnscalableSampleError) return { inputProblem: { message: `${job.sample.path}: ${error.message}` } };
    return { inputProblem: inputProblemOf(error) };
  }
}

function planSweep(job: WorkerMethods['plan-sweep']['params']): WorkerMethods['plan-sweep']['result'] {
  try {
    const bytes = sampleBytesOf(job.sample);
    // Fresh records are counted here, not kept (the plan's largest size may be a gigabyte), and
    // past FRESH_COUNTED_EXACTLY estimated: each codec's worker counts its own size exactly.
    const plan = recordPlanOf(parseSample(bytes, job.sample.kind, job.sample.path), { growth: job.growth ?? 'repeat' });
    const sizes = job.targets.map((targetJsonBytes): SampleInfo => {
      const records = plan.countFor(targetJsonBytes);
      return {
        path: job.sample.path,
        jsonBytes: plan.jsonBytesOf(records),
        fileBytes: bytes.byteLength,
        records,
        kind: job.sample.kind,
        scaling: scalingOf(plan, records, targetJsonBytes),
      };
    });
    return { sizes };
  } catch (error) {
    if (error instanceof UnscalableSampleError) return { inputProblem: { message: `${job.sample.path}: ${error.message}` } };
    return { inputProblem: inputProblemOf(error) };
  }
}

function inputProblemOf(error: unknown): { message: string; line?: number; column?: number } {
  const located = error instanceof SampleInputError ? error : undefined;
  return { message: describeError(error), line: located?.line, column: located?.column };
}

function schemaPath(job: SchemaInfoJob | GenerateJob): string {
  return job.schema.path ?? `schema.${job.schema.kind}`;
}

function schemaInfo(job: SchemaInfoJob): WorkerMethods['schema-info']['result'] {
  if (job.schema.kind === 'proto') {
    const loaded = loadProtoSchema(job.schema.source, { path: schemaPath(job), ...(job.schema.imports ? { imports: job.schema.imports } : {}) });
    if (!loaded.ok) return { schemaFailure: { path: loaded.path ?? schemaPath(job), problem: loaded.error } };
    return { messageTypes: loaded.messageTypes, ...(loaded.defaultType ? { defaultType: loaded.defaultType } : {}) };
  }
  const schemaFailure = checkProvidedSchema(job.schema);
  if (schemaFailure) return { schemaFailure };
  // An Avro protocol declares several types: the user picks one, the last by default.
  if (!isAvroProtocolPath(schemaPath(job))) return { messageTypes: [] };
  const { names } = avroProtocolTypes(schemaPath(job), job.schema.source);
  return { messageTypes: names, ...(names.length > 0 ? { defaultType: names.at(-1)! } : {}) };
}

function generate(job: GenerateJob): WorkerMethods['generate-sample']['result'] {
  try {
    const { records } = generateFromSchema(job.schema, { count: job.count, seed: job.seed });
    return { bytes: Buffer.from(JSON.stringify(records), 'utf8'), records: records.length };
  } catch (error) {
    if (!(error instanceof SchemaInputError)) throw error;
    return { schemaFailure: { path: schemaPath(job), problem: error.problem } };
  }
}

function inferSchema(job: InferSchemaJob): WorkerMethods['infer-schema']['result'] {
  try {
    const sample = parseSample(sampleBytesOf(job.sample), job.sample.kind, job.sample.path);
    if (job.format === 'proto' || job.format === 'avsc') return { text: inferSchemaText(sample, job.format, job.variants).text };
    return { text: translatedSchemaText(inferAvroSchema(sample, job.variants).schema, job.format).text };
  } catch (error) {
    return { inputProblem: inputProblemOf(error) };
  }
}

/** The engine's check of a schema change on the sample (read here) or on generated records. */
async function checkSchemaChangeJob(job: SchemaChangeJob, signal: AbortSignal): Promise<WorkerMethods['check-schema-change']['result']> {
  let sample: { path: string; value: unknown } | undefined;
  if (job.sample) {
    try {
      sample = { path: job.sample.path, value: parseSample(sampleBytesOf(job.sample), job.sample.kind, job.sample.path) };
    } catch (error) {
      return { inputProblem: inputProblemOf(error) };
    }
  }
  const input = {
    versions: job.versions,
    ...(job.typeName ? { typeName: job.typeName } : {}),
    ...(sample ? { sample } : {}),
    ...(job.generate ? { generate: job.generate } : {}),
  };
  return checkSchemaChange(input, { signal, onProgress: (progress) => void emit('schema-change-progress', progress) });
}

const handlers: Handlers<WorkerMethods> = {
  ...codecHandlers((stage) => void emit('stage', stage)),
  'read-sample': readSample,
  'plan-sweep': planSweep,
  'schema-info': schemaInfo,
  'generate-sample': generate,
  'infer-schema': inferSchema,
  'format-schema-info': ({ file, codegen }) => formatSchemaInfo(file, codegen),
  'encoded-facts': async ({ bytes }) => ({ compressed: await compressedSizes(bytes), sha256: await sha256Hex(bytes) }),
  'check-schema-change': (job, { signal }) => checkSchemaChangeJob(job, signal),
  'generate-code': pregenerate,
};

const { emit } = serve<WorkerMethods, WorkerEvents>(parentPortTransport(parentPort), handlers);
