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
import type { InspectJob, WorkerJob, WorkerMessage } from './worker-protocol';

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

async function main(job: WorkerJob): Promise<void> {
  if (job.kind === 'inspect') return inspect(job);
  const report = await runCodecJob(job, (stage) => post({ type: 'stage', stage }), exposeGarbageCollector());
  post({ type: 'codec-report', report });
}

void main(workerData as WorkerJob);
