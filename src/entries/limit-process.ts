/**
 * Entry point of a limit process (bundled as dist/limit-process.js), forked by payload-limits/run-limits.ts with
 * the heap limit the user chose. Builds the sample scaled to one size (repeating its records,
 * no copy of the whole held besides the value itself; why not fresh ones: run-limits.ts), prepares the codec with the schema of the
 * unscaled sample, encodes, decodes, and checks what came back (records' count and a sample of
 * records: decoded-check.ts). A library's error is an answer; running out of heap ends the
 * process, which is the answer too.
 */
import { getHeapStatistics } from 'node:v8';
import type { CodecModule } from '../codecs/codec';
import { loadCodec } from '../codecs/load-codec';
import { describeError } from '../worker/codec-run-node';
import { serveAsChild } from '../processes/serve-as-child';
import { recordPlanOf, scaleSample, UnscalableSampleError } from '../measurement/scale-sample';
import { parseSample, sampleBytesOf } from '../input/read-sample';
import { checkDecodedRecords } from '../payload-limits/decoded-check';
import { failureKindOf } from '../payload-limits/limit-failures';
import {
  LIMIT_CHILD_DISCONNECTED_CODE,
  LIMIT_CHILD_FLAG,
  type LimitChildEvents,
  type LimitChildMethods,
  type LimitStage,
  type TryJob,
  type TryResult,
} from '../shared/limit-process-protocol';

let currentStage: LimitStage | undefined;

/**
 * The schema the codec infers from the unscaled sample, or undefined (no schema inferred, or
 * the unscaled sample did not prepare: the scaled one is then prepared as it is, and fails or
 * not on its own).
 */
function inferFromUnscaled(module: CodecModule, sample: unknown): unknown {
  try {
    return module.prepare(sample, {}).inferred;
  } catch {
    return undefined;
  }
}

async function trySize(job: TryJob, enter: (stage: LimitStage) => Promise<void>, built: (jsonBytes: number) => Promise<void>): Promise<TryResult> {
  let stage: LimitStage = 'build';
  let jsonBytes: number | undefined;
  let inferred = job.inferred;
  const failed = (error: unknown, kind = failureKindOf(error)): TryResult => ({
    ...(jsonBytes === undefined ? {} : { jsonBytes }),
    encoded: stage === 'decode',
    decoded: false,
    // The sample's own problems name the file (they are the same at every size).
    failure: { kind, stage, message: error instanceof UnscalableSampleError ? `${job.sample.path}: ${error.message}` : describeError(error) },
    ...(inferred === undefined ? {} : { inferred }),
  });
  try {
    await enter('build');
    const sample = parseSample(sampleBytesOf(job.sample), job.sample.kind, job.sample.path);
    const plan = recordPlanOf(sample);
    let scaled: { value: unknown; jsonBytes: number; scaling: { records: number } } | undefined = scaleSample(
      sample,
      { targetJsonBytes: job.targetJsonBytes },
      plan,
    );
    const count = scaled.scaling.records;
    jsonBytes = scaled.jsonBytes;
    await built(jsonBytes);
    stage = 'prepare';
    await enter('prepare');
    const { module, descriptor } = await loadCodec(job.codec);
    if (descriptor.needsSchema) inferred ??= inferFromUnscaled(module, sample);
    const prepared = module.prepare(scaled.value, inferred === undefined ? {} : { inferred, fitsInferred: true });
    // From here only the codec's input holds the records.
    scaled = undefined;
    stage = 'encode';
    await enter('encode');
    const encoded = prepared.encode(prepared.input);
    stage = 'decode';
    await enter('decode');
    const wrong = checkDecodedRecords(prepared.decode(encoded), plan.found, count);
    if (wrong) return failed(new Error(`the decode returned, but not the sample: ${wrong}`), 'error');
    return { jsonBytes, encoded: true, decoded: true, ...(inferred === undefined ? {} : { inferred }) };
  } catch (error) {
    return failed(error);
  } finally {
    currentStage = undefined;
  }
}

serveAsChild<LimitChildMethods, LimitChildEvents>({
  what: 'the limit process',
  flag: LIMIT_CHILD_FLAG,
  leave: 'at-once',
  // The search closes the channel only after an answer; a channel closing under a try is no
  // result for its size: say so, and end with a code of our own (code 0 read as "it just ended").
  exitCode: () => {
    if (currentStage === undefined) return 0;
    process.stderr.write(`payload-lab limit process: the channel to the limit search closed during ${currentStage}\n`);
    return LIMIT_CHILD_DISCONNECTED_CODE;
  },
  handlers: (emit) => ({
    // Each event is awaited until written: the next stage may end this process.
    'try-size': async (job): Promise<TryResult> => {
      await emit('ready', { heapLimitMb: Math.round(getHeapStatistics().heap_size_limit / 2 ** 20) });
      return trySize(
        job,
        (stage) => {
          currentStage = stage;
          return emit('stage', stage);
        },
        (jsonBytes) => emit('built', { jsonBytes }),
      );
    },
  }),
});
