/**
 * Entry point of a limit process (bundled as dist/limit-child.js), forked by run-limits.ts with
 * the heap limit the user chose. Builds the sample scaled to one size (repeating its records,
 * no copy of the whole held besides the value itself), prepares the codec, encodes, decodes.
 * A library's error is an answer; running out of heap ends the process, which is the answer too.
 */
import { getHeapStatistics } from 'node:v8';
import { loadCodec } from '../codecs/load-codec';
import { describeError } from '../engine/codec-run';
import { processTransport } from '../engine/node-transports';
import { scaleSample, UnscalableSampleError } from '../engine/scale-sample';
import { parseSample, sampleBytesOf } from '../input/read-sample';
import { serve } from '../shared/channel';
import { failureKindOf } from './limit-failures';
import type { LimitChildEvents, LimitChildMethods, LimitStage, TryJob, TryResult } from './limit-protocol';

if (typeof process.send !== 'function') {
  throw new Error('payload-lab limit-child: this file runs only as a child process forked by the limit search');
}

async function trySize(job: TryJob, enter: (stage: LimitStage) => Promise<void>, built: (jsonBytes: number) => Promise<void>): Promise<TryResult> {
  let stage: LimitStage = 'build';
  let jsonBytes: number | undefined;
  const failed = (error: unknown): TryResult => ({
    ...(jsonBytes === undefined ? {} : { jsonBytes }),
    encoded: stage === 'decode',
    decoded: false,
    // The sample's own problems name the file (they are the same at every size).
    failure: { kind: failureKindOf(error), stage, message: error instanceof UnscalableSampleError ? `${job.sample.path}: ${error.message}` : describeError(error) },
  });
  try {
    await enter('build');
    let scaled: { value: unknown; jsonBytes: number } | undefined = scaleSample(parseSample(sampleBytesOf(job.sample), job.sample.kind, job.sample.path), { targetJsonBytes: job.targetJsonBytes });
    jsonBytes = scaled.jsonBytes;
    await built(jsonBytes);
    stage = 'prepare';
    await enter('prepare');
    const { module } = await loadCodec(job.codec);
    const prepared = module.prepare(scaled.value, {});
    // From here only the codec's input holds the records.
    scaled = undefined;
    stage = 'encode';
    await enter('encode');
    const encoded = prepared.encode(prepared.input);
    stage = 'decode';
    await enter('decode');
    prepared.decode(encoded);
    return { jsonBytes, encoded: true, decoded: true };
  } catch (error) {
    return failed(error);
  }
}

process.once('disconnect', () => process.exit(0));
type Emit = <K extends keyof LimitChildEvents & string>(event: K, data: LimitChildEvents[K]) => Promise<void>;
const channel: { emit: Emit } = serve<LimitChildMethods, LimitChildEvents>(processTransport(), {
  // Each event is awaited until written: the next stage may end this process.
  'try-size': async (job): Promise<TryResult> => {
    await channel.emit('ready', { heapLimitMb: Math.round(getHeapStatistics().heap_size_limit / 2 ** 20) });
    return trySize(job, (stage) => channel.emit('stage', stage), (jsonBytes) => channel.emit('built', { jsonBytes }));
  },
});
