/**
 * Entry point of a codec worker (bundled as dist/worker.js). One worker runs one job in a fresh
 * isolate, so libraries never share a heap or JIT state. Refuses to run outside a worker.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { parseSample, sampleBytesOf, SampleInputError } from '../input/read-sample';
import type { SampleInfo } from '../shared/results';
import { runCodecJob, describeError } from './codec-run';
import { checkProvidedSchema } from '../schema/provided-schema';
import { generateFromSchema } from '../schema/generate-sample';
import { loadProtoSchema } from '../schema/load-proto';
import { SchemaInputError } from '../schema/schema-problem';
import { inferSchemaText } from '../schema/inferred-text';
import { Inspection, InspectionError } from '../inspect/inspection';
import type { GenerateJob, InferSchemaJob, InspectJob, InspectionRequest, InspectOutputJob, SchemaInfoJob, WorkerJob, WorkerMessage } from './worker-protocol';

if (isMainThread || !parentPort) {
  throw new Error('payload-lab worker: this file runs only inside a worker thread started by the engine');
}
const port = parentPort;
const post = (message: WorkerMessage) => port.postMessage(message);

/** A full collection between measurements, without starting Node with --expose-gc. */
function exposeGarbageCollector(): (() => void) | undefined {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (existing) return existing;
  try {
    v8.setFlagsFromString('--expose-gc');
    return vm.runInNewContext('gc') as () => void;
  } catch {
    return undefined;
  }
}

function inspect(job: InspectJob): void {
  const schemaProblem = job.schema && checkProvidedSchema(job.schema);
  if (job.schema && schemaProblem) {
    post({ type: 'schema-error', path: job.schema.path ?? `schema.${job.schema.kind}`, problem: schemaProblem });
    return;
  }
  try {
    const bytes = sampleBytesOf(job.sample);
    const sample = parseSample(bytes, job.sample.kind, job.sample.path);
    const info: SampleInfo = {
      path: job.sample.path,
      jsonBytes: Buffer.byteLength(JSON.stringify(sample), 'utf8'),
      fileBytes: bytes.byteLength,
      records: countRecords(sample),
      kind: job.sample.kind,
    };
    post({ type: 'inspected', info });
  } catch (error) {
    const located = error instanceof SampleInputError ? error : undefined;
    post({ type: 'input-error', problem: { message: describeError(error), line: located?.line, column: located?.column } });
  }
}

/** The root array's length; for an object, its longest top-level array (`{"items": [...]}`); else 1. */
function countRecords(sample: unknown): number {
  if (Array.isArray(sample)) return sample.length;
  if (typeof sample !== 'object' || sample === null) return 1;
  let longest = 1;
  for (const value of Object.values(sample)) if (Array.isArray(value)) longest = Math.max(longest, value.length);
  return longest;
}

function schemaPath(job: SchemaInfoJob | GenerateJob): string {
  return job.schema.path ?? `schema.${job.schema.kind}`;
}

function schemaInfo(job: SchemaInfoJob): void {
  if (job.schema.kind === 'proto') {
    const loaded = loadProtoSchema(job.schema.source, { path: schemaPath(job), ...(job.schema.imports ? { imports: job.schema.imports } : {}) });
    if (!loaded.ok) post({ type: 'schema-error', path: loaded.path ?? schemaPath(job), problem: loaded.error });
    else post({ type: 'schema-info', messageTypes: loaded.messageTypes, defaultType: loaded.defaultType });
    return;
  }
  const problem = checkProvidedSchema(job.schema);
  if (problem) post({ type: 'schema-error', path: schemaPath(job), problem });
  else post({ type: 'schema-info', messageTypes: [] });
}

function generate(job: GenerateJob): void {
  try {
    const { records } = generateFromSchema(job.schema, { count: job.count, seed: job.seed });
    post({ type: 'generated', bytes: Buffer.from(JSON.stringify(records), 'utf8'), records: records.length });
  } catch (error) {
    if (!(error instanceof SchemaInputError)) throw error;
    post({ type: 'schema-error', path: schemaPath(job), problem: error.problem });
  }
}

function inferSchema(job: InferSchemaJob): void {
  try {
    const sample = parseSample(sampleBytesOf(job.sample), job.sample.kind, job.sample.path);
    post({ type: 'inferred-schema', text: inferSchemaText(sample, job.format, job.variants).text });
  } catch (error) {
    const located = error instanceof SampleInputError ? error : undefined;
    post({ type: 'input-error', problem: { message: describeError(error), line: located?.line, column: located?.column } });
  }
}

/** Opens the decoded output, then answers the inspector's queries until terminated. */
async function inspectOutput(job: InspectOutputJob): Promise<void> {
  let inspection: Inspection;
  try {
    inspection = await Inspection.open(job, (stage) => post({ type: 'stage', stage }));
  } catch (error) {
    const stage = error instanceof InspectionError ? error.stage : 'crash';
    post({ type: 'inspection-failed', error: { stage, message: describeError(error) } });
    return;
  }
  port.on('message', (request: InspectionRequest) => {
    try {
      post({ type: 'inspection-answer', id: request.id, ok: true, value: inspection.answer(request.query) });
    } catch (error) {
      post({ type: 'inspection-answer', id: request.id, ok: false, error: describeError(error) });
    }
  });
  post({ type: 'inspection-ready', opened: inspection.opened() });
}

async function main(job: WorkerJob): Promise<void> {
  if (job.kind === 'inspect') return inspect(job);
  if (job.kind === 'inspect-output') return inspectOutput(job);
  if (job.kind === 'schema-info') return schemaInfo(job);
  if (job.kind === 'generate') return generate(job);
  if (job.kind === 'infer-schema') return inferSchema(job);
  const report = await runCodecJob(job, (stage) => post({ type: 'stage', stage }), exposeGarbageCollector());
  post({ type: 'codec-report', report });
}

void main(workerData as WorkerJob);
