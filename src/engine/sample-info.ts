/** The sample's facts from the worker that read it, or the error that says what is wrong with it and where. */
import { SampleInputError } from '../input/read-sample';
import { SchemaInputError } from '../schema/schema-problem';
import type { SampleInfo } from '../shared/results';
import type { WorkerMethods } from '../shared/worker-protocol';
import { throwIfCancelled } from '../shared/cancelled';
import type { WorkerFate } from './worker-launch';

export function sampleInfoOrThrow(fate: WorkerFate<WorkerMethods['read-sample']['result']>, samplePath: string): SampleInfo {
  if (fate.kind === 'failed') {
    throwIfCancelled(fate.error);
    throw new SampleInputError(`${samplePath}: could not read the sample: ${fate.error.message}`, samplePath);
  }
  const read = fate.value;
  if ('sample' in read) return read.sample;
  if ('schemaFailure' in read) throw new SchemaInputError(read.schemaFailure.path, read.schemaFailure.problem);
  const { message, line, column } = read.inputProblem;
  throw new SampleInputError(message, samplePath, line, column);
}
