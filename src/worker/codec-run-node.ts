/**
 * One codec's run in one round inside a Node worker thread: the runtime-neutral run
 * (codec-run-core.ts) with Node's codec loader, file reading, zlib compression, end-to-end
 * decode through zlib, and V8's GC profiler.
 */
import { loadCodec } from '../codecs/load-codec';
import { libraryVersion } from '../codecs/library-version';
import { sampleBytesOf } from '../input/read-sample';
import { compressedSizes } from '../compression/compressed-sizes';
import { timeCompression } from './compression-timing';
import type { CodecRunRuntime, StageReporter } from './codec-run-core';
import { openCodecRun } from './open-codec-run';
import { nodeEndToEndDecode } from './end-to-end-node';
import { watchGarbageCollection } from './gc-window';
import type { CodecJob, CodecReport } from '../shared/codec-job';

export { describeError, type StageReporter } from './codec-run-core';

export function nodeCodecRuntime(collectGarbage: (() => void) | undefined): CodecRunRuntime {
  return {
    loadCodec,
    libraryVersion,
    sampleBytes: sampleBytesOf,
    ...(collectGarbage ? { collectGarbage } : {}),
    watchGarbageCollection,
    compressedSizes,
    timeCompression,
    endToEndDecode: nodeEndToEndDecode,
  };
}

/** One job's steps back to back (a document's or, in message mode, a stream's). */
export async function runCodecJob(job: CodecJob, enterStage: StageReporter, collectGarbage: (() => void) | undefined): Promise<CodecReport> {
  const run = await openCodecRun(nodeCodecRuntime(collectGarbage), job, enterStage);
  await run.time(job.jsonBytes);
  return run.finish();
}
