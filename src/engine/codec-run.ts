/**
 * One codec's run in one round, inside its own worker: prepare → encode → decode → (first
 * round: verify the round trip → find remnants → compress) → time encode and decode.
 * Verification comes before timing: a codec whose round trip fails is reported, not ranked.
 */
import type { PreparedCodec } from '../codecs/codec';
import { UnsupportedSampleError } from '../codecs/codec';
import { loadCodec } from '../codecs/load-codec';
import { libraryVersion } from '../codecs/library-version';
import { verifyRoundTrip } from '../analysis/verify';
import { detectRemnants } from '../analysis/remnants';
import { findParseLosses } from '../analysis/parse-losses';
import { parseSample, sampleBytesOf } from '../input/read-sample';
import type { WorkStage } from '../shared/results';
import { compressedSizes } from './compressed-sizes';
import { measureOperation } from './measure';
import { scaleSample } from './scale-sample';
import type { CodecJob, CodecReport } from './worker-protocol';

export interface StageReporter {
  (stage: WorkStage): void;
}

export async function runCodecJob(
  job: CodecJob,
  enterStage: StageReporter,
  collectGarbage: (() => void) | undefined,
): Promise<CodecReport> {
  const report: CodecReport = { schema: 'none', notes: [], outcome: { status: 'errored', error: { stage: 'input', message: '' } } };
  let stage: WorkStage = 'input';
  const enter = (next: WorkStage) => {
    stage = next;
    enterStage(next);
  };
  let bytes: number | undefined;
  try {
    enter('input');
    const sampleBytes = sampleBytesOf(job.sample);
    const parsed = parseSample(sampleBytes, job.sample.kind, job.sample.path);
    // A sweep's size: built here, from the parsed sample, so the host never holds it.
    const sample = job.scale ? scaleSample(parsed, job.scale).value : parsed;

    enter('prepare');
    const loaded = await loadCodec(job.codec);
    report.descriptor = loaded.descriptor;
    report.libraryVersion = libraryVersion(loaded.descriptor.library);
    let prepared: PreparedCodec;
    try {
      prepared = loaded.module.prepare(sample, { schema: job.schema, variants: job.variants, ...(job.inferred === undefined ? {} : { inferred: job.inferred }) });
    } catch (error) {
      if (error instanceof UnsupportedSampleError) {
        report.outcome = { status: 'skipped', error: { stage: 'prepare', message: error.message } };
        return report;
      }
      throw error;
    }
    report.schema = prepared.schema;
    if (prepared.schemaText !== undefined) report.schemaText = prepared.schemaText;
    report.notes = prepared.notes;
    if (job.measurement.verify && prepared.inferred !== undefined) report.inferred = prepared.inferred;

    enter('encode');
    // Encoders may return views into a buffer they reuse: keep a copy the receiver would hold.
    const encoded = prepared.encode(prepared.input).slice();
    bytes = encoded.byteLength;

    enter('decode');
    const decoded = prepared.decode(encoded);

    const plan = job.measurement;
    const { input, encode, decode } = prepared;
    const timeBoth = async () => {
      enter('measure');
      const common = { budgetMs: plan.operationBudgetMs, minSamples: plan.minSamples, jsonBytes: job.jsonBytes, collectGarbage };
      return { encode: await measureOperation(() => encode(input), common), decode: await measureOperation(() => decode(encoded), common) };
    };
    if (!plan.verify) {
      report.outcome = { status: 'timed', timings: { bytes, ...(await timeBoth()) } };
      return report;
    }

    enter('verify');
    const roundTrip = verifyRoundTrip(sample, decoded);
    if (roundTrip.status === 'failed') {
      const first = roundTrip.differences[0];
      const message = first ? `${first.path}: ${first.detail}` : 'the decoded value is not the sample';
      report.outcome = { status: 'errored', error: { stage: 'verify', message: `round trip failed: ${message}` }, bytes };
      return report;
    }
    // Integers JSON.parse rounded are visible only in the file's text, not in `sample`.
    // (A scaled sample's paths are not the file's: its text-level checks apply to the file only.)
    const remnants = detectRemnants(sample, decoded, job.scale ? {} : { parseLosses: findParseLosses(sampleBytes, job.sample.kind) });
    const timings = await timeBoth();
    // After timing: compressing loads zstd's WebAssembly on Node 20, and nothing the codec
    // does not need should be in the worker's heap while it is timed.
    const compressed = await compressedSizes(encoded);
    report.outcome = { status: 'completed', measurements: { bytes, compressed, ...timings, roundTrip, remnants } };
    return report;
  } catch (error) {
    report.outcome = { status: 'errored', error: { stage, message: describeError(error) }, ...(bytes === undefined ? {} : { bytes }) };
    return report;
  }
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
