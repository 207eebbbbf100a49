/**
 * The strict-CSP column: each codec run once more where code generation from strings is
 * forbidden, as under a Content Security Policy without 'unsafe-eval'. avsc and protobufjs
 * generate their readers and writers with `new Function`; some libraries fall back to slower
 * paths, some fail. The run verifies its round trip like a first round and is timed in the
 * same round as the codec's normal run, so the ratio compares like with like.
 */
import type { CodeGenerationCheck, WorkStage } from '../shared/results';
import type { MeasuringRuntime } from './compare';
import { runCodecInProcess } from './codec-process';
import { runInWorker, type WorkerLimits } from './worker-runner';
import type { CodecJob, CodecMeasurements } from './worker-protocol';

/**
 * Ratios of strict over normal up to this are "the same speed": two runs of one codec in one
 * round on a shared machine differ by this much without any change of code path.
 */
export const SAME_SPEED_WITHIN = 1.25;

/** Node's flag for what a CSP without 'unsafe-eval' does in a browser. */
export const NO_CODE_GENERATION_FLAG = '--disallow-code-generation-from-strings';

/** Node: every job in a fresh worker thread; the strict one in a forked process (see codec-process.ts). */
export function nodeMeasuringRuntime(limits: Omit<WorkerLimits, 'onStage'>): MeasuringRuntime {
  return {
    name: 'node',
    measure: (job, onStage) => runInWorker('measure-codec', job, { ...limits, onStage }),
    measureWithoutCodeGeneration: (job, onStage) => runCodecInProcess(job, { ...limits, onStage }, [NO_CODE_GENERATION_FLAG]),
    unsupported: () => undefined,
  };
}

const round3 = (value: number) => Number(value.toFixed(3));

export async function checkCodeGeneration(
  runtime: MeasuringRuntime,
  job: CodecJob,
  normal: CodecMeasurements,
  onStage: (stage: WorkStage) => void,
): Promise<CodeGenerationCheck> {
  const fate = await runtime.measureWithoutCodeGeneration({ ...job, measurement: { ...job.measurement, verify: true } }, onStage);
  if (fate.kind === 'failed') return { status: 'fails', error: fate.error };
  const outcome = fate.value.outcome;
  if (outcome.status === 'errored' || outcome.status === 'skipped') return { status: 'fails', error: outcome.error };
  if (outcome.status !== 'completed') return { status: 'fails', error: { stage: 'crash', message: 'the strict run did not verify its round trip' } };
  const encodeRatio = round3(outcome.measurements.encode.meanNs / normal.encode.meanNs);
  const decodeRatio = round3(outcome.measurements.decode.meanNs / normal.decode.meanNs);
  const status = Math.max(encodeRatio, decodeRatio) <= SAME_SPEED_WITHIN ? 'same' : 'slower';
  return { status, encodeRatio, decodeRatio };
}
