/**
 * A schema change tried on data, run in a fresh codec worker: the evolution engine loads
 * protobufjs and avsc, which never load in the extension host. The worker reads the sample
 * itself, reports progress a cell at a time, and stops when the signal aborts (the worker is
 * then terminated, whatever it was doing).
 */
import { SampleInputError } from '../input/read-sample';
import { bundlePath } from '../processes/bundle-path';
import type { EvolutionProgress, EvolutionResult } from '../shared/evolution';
import type { SchemaChangeJob } from '../shared/worker-protocol';
import { throwIfCancelled } from '../shared/cancelled';
import { DEFAULT_LIMITS, type EngineLimits } from './settings';
import { runInWorker } from './worker-launch';

export interface SchemaChangeJobOptions extends Partial<EngineLimits> {
  signal?: AbortSignal;
  onProgress?: (progress: EvolutionProgress) => void;
  workerScript?: string;
}

/**
 * The engine's result (completed, or the versions' problems located); throws a
 * SampleInputError for a sample that is not JSON, a CancelledError once cancelled, and an Error
 * saying how the worker failed otherwise.
 */
export async function checkSchemaChangeInWorker(job: SchemaChangeJob, options: SchemaChangeJobOptions = {}): Promise<EvolutionResult> {
  const fate = await runInWorker('check-schema-change', job, {
    workerScript: options.workerScript ?? bundlePath('codec-worker'),
    memoryLimitMb: options.memoryLimitMb ?? DEFAULT_LIMITS.memoryLimitMb,
    timeoutMs: options.timeoutMs ?? DEFAULT_LIMITS.timeoutMs,
    ...(options.signal ? { signal: options.signal } : {}),
    onEvents: (channel) => {
      if (options.onProgress) channel.on('schema-change-progress', options.onProgress);
    },
  });
  if (fate.kind === 'failed') throwIfCancelled(fate.error);
  if (fate.kind === 'failed') throw new Error(`the schema change check failed: ${fate.error.message}`);
  const result = fate.value;
  if ('inputProblem' in result) {
    const { message, line, column } = result.inputProblem;
    throw new SampleInputError(message, job.sample?.path ?? '', line, column);
  }
  return result;
}
