/**
 * The first half of a sandboxed codec's job, in an ordinary worker thread: the codec's
 * `generate` (its schema planned from the sample, its tools run, its code cached), recorded for
 * the sandboxed child, which cannot run tools or write the cache. The generated code is never
 * loaded here. The sample is read as the job will read it, so the child plans the same schema
 * and finds the same generations; anything that fails here fails there too, and says so there.
 */
import { loadCodec } from '../codecs/load-codec';
import { parseSample } from '../input/parse-sample';
import { sampleBytesOf } from '../input/read-sample';
import { scaleSample } from '../measurement/scale-sample';
import { recordGenerations } from '../codegen/generate';
import type { PregeneratedCode } from '../shared/codec-job';
import type { GenerationJob } from '../shared/worker-protocol';
import { prepareContextOf } from './codec-run-core';

export async function pregenerate(job: GenerationJob): Promise<{ pregenerated: PregeneratedCode[] }> {
  const pregenerated = await recordGenerations(async () => {
    const { module } = await loadCodec(job.codec);
    // Message mode skips these codecs before prepare (they have no message mode): nothing to generate.
    if (!module.generate || (job.messages && !module.messageMode)) return;
    const parsed = parseSample(sampleBytesOf(job.sample), job.sample.kind, job.sample.path);
    const sample = job.scale ? scaleSample(parsed, job.scale).value : parsed;
    await module.generate(sample, prepareContextOf(job));
  });
  return { pregenerated };
}
