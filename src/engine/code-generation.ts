/**
 * The strict-CSP column: each codec run once more where code generation from strings is
 * forbidden, as under a Content Security Policy without 'unsafe-eval'. avsc and protobufjs
 * generate their readers and writers with `new Function`; some libraries fall back to slower
 * paths, some fail. The run verifies its round trip like a first round and is timed in the
 * same round as the codec's normal run, so the ratio compares like with like.
 */
import type { CodeGenerationCheck, CompletedResult, StageError, WorkStage } from '../shared/results';
import type { MeasuringRuntime } from './measuring-runtime';
import type { CodecJob } from '../shared/codec-job';

/**
 * Ratios of strict over normal up to this are "the same speed": two runs of one codec in one
 * round on a shared machine differ by this much without any change of code path.
 */
export const SAME_SPEED_WITHIN = 1.25;

/** Node's flag for what a CSP without 'unsafe-eval' does in a browser. */
export const NO_CODE_GENERATION_FLAG = '--disallow-code-generation-from-strings';

const round3 = (value: number) => Number(value.toFixed(3));

/** What the run without code generation gave: its amortised times, or its error. */
export type StrictRun = { ok: true; encodeMeanNs: number; decodeMeanNs: number } | { ok: false; error: StageError };

export async function runWithoutCodeGeneration(runtime: MeasuringRuntime, job: CodecJob, onStage: (stage: WorkStage) => void): Promise<StrictRun> {
  // Verified like a first round: a fallback path must still give the sample back.
  const fate = await runtime.measureWithoutCodeGeneration({ ...job, measurement: { ...job.measurement, verify: true } }, onStage);
  if (fate.kind === 'failed') return { ok: false, error: fate.error };
  const outcome = fate.value.outcome;
  if (outcome.status === 'errored' || outcome.status === 'skipped') return { ok: false, error: outcome.error };
  if (outcome.status !== 'completed') return { ok: false, error: { stage: 'crash', message: 'the run without code generation did not verify its round trip' } };
  return { ok: true, encodeMeanNs: outcome.measurements.encode.meanNs, decodeMeanNs: outcome.measurements.decode.meanNs };
}

/**
 * The column's verdict, against the codec's own amortised times (the median over the run's
 * rounds, so one noisy round does not decide it) and corrected by JSON's: the strict run is a
 * different context (a forked process instead of a worker thread; another frame), and JSON,
 * which generates no code, shows what that alone costs. Undefined until the row has timings.
 */
export function judgeCodeGeneration(
  strict: StrictRun,
  row: CompletedResult | undefined,
  json?: { strict: StrictRun | undefined; row: CompletedResult | undefined },
): CodeGenerationCheck | undefined {
  if (!strict.ok) return { status: 'fails', error: strict.error };
  if (!row) return undefined;
  const control = json?.strict?.ok && json.row ? json : undefined;
  const jsonEncode = control?.strict?.ok ? control.strict.encodeMeanNs / control.row!.encode.meanNs : 1;
  const jsonDecode = control?.strict?.ok ? control.strict.decodeMeanNs / control.row!.decode.meanNs : 1;
  const encodeRatio = round3(strict.encodeMeanNs / row.encode.meanNs / jsonEncode);
  const decodeRatio = round3(strict.decodeMeanNs / row.decode.meanNs / jsonDecode);
  const status = Math.max(encodeRatio, decodeRatio) <= SAME_SPEED_WITHIN ? 'same' : 'slower';
  return { status, encodeRatio, decodeRatio };
}
