/**
 * One codec's run in one round, in whichever runtime hosts it (a Node worker thread or a
 * browser Web Worker): prepare → encode → decode → (first round: verify the round trip) → time
 * encode and decode, then compression both ways (not in a quick run) → (first round: find
 * remnants, time end-to-end decode, hash, attribute the bytes). Verification comes before timing: a codec whose round trip fails is
 * reported, not ranked. What differs between
 * runtimes (loading a codec, reading the sample, compressing, collecting garbage) comes in
 * through `CodecRunRuntime`; this module imports nothing from Node.
 */
import { type InteropCheck, NO_MESSAGE_MODE, type PrepareContext, type PreparedCodec, UnsupportedSampleError, prepareCodec } from '../codecs/codec';
import { detectRemnants } from '../analysis/remnants';
import { findParseLosses } from '../analysis/parse-losses';
import { parseSample } from '../input/parse-sample';
import type { CompressedSizes, InteropResult, LazyTimings, SchemaOrigin } from '../shared/results';
import { attributeBytes } from '../attribution/byte-attribution';
import { nestingDepth } from '../analysis/nesting';
import { scaleSample } from '../measurement/scale-sample';
import { timeLazyReads } from '../worker/lazy-reads';
import { measureOperation } from './measure';
import type { CodecJob, CodecReport, CodecSizes } from '../shared/codec-job';
import { compressionWindows, timesCompression, type TimedCompression } from '../compression/compression-windows';
import { blankReport, describeError, SteppedRun, type CodecRunRuntime, type StageReporter } from './stepped-run';

export { describeError, describeFailure, type CodecRunRuntime, type CodecRunSteps, type StageReporter } from './stepped-run';

/** Placeholder sizes of a report whose host compresses (`CodecMeasurements.encoded`). */
export const SIZES_FROM_HOST: CompressedSizes = { gzip: -1, brotli: -1, zstd: null };

export async function runCodecJobIn(runtime: CodecRunRuntime, job: CodecJob, enterStage: StageReporter): Promise<CodecReport> {
  const run = await CodecRun.open(runtime, job, enterStage);
  await run.time(job.jsonBytes);
  return run.finish();
}

/**
 * One codec's run split at its timing: `open` (prepare, encode, decode, and in a first round
 * verify), `time`, `finish` (a first round's remnants, sizes, hashes, attribution).
 * A host that runs other work between timings (first-round-pipeline.ts) asks for each step in
 * turn; `runCodecJobIn` runs them back to back. A step that fails or skips leaves the report
 * saying so, and the steps after it do nothing.
 */
export class CodecRun extends SteppedRun<OpenedCodec> {
  private compression: TimedCompression | undefined;
  private lazyTimings: LazyTimings | undefined;
  private jsonBytes = 0;

  static async open(runtime: CodecRunRuntime, job: CodecJob, enterStage: StageReporter): Promise<CodecRun> {
    const run = new CodecRun(runtime, job, enterStage, blankReport());
    await run.step(async () => {
      const opened = await openCodec(
        runtime,
        job,
        (next) => run.enter(next),
        run.report,
        (encodedBytes) => {
          run.bytes = encodedBytes;
        },
      );
      if (opened && job.measurement.verify) {
        const { semantics, schemaDefault, schemaEnum } = opened.prepared;
        run.roundTrip = run.verified(opened.sample, opened.decoded, 'the decoded value is not the sample', {
          ...(semantics ? { semantics } : {}),
          ...(schemaDefault ? { schemaDefault } : {}),
          ...(schemaEnum ? { schemaEnum } : {}),
        });
      }
      run.opened = opened;
    });
    return run;
  }

  /** Times encode and decode; throughput against `jsonBytes` (the host may learn them after `open`). */
  async time(jsonBytes: number): Promise<void> {
    this.jsonBytes = jsonBytes;
    if (this.job.measurement.untimed) return;
    await this.timingStep(async (opened) => {
      const { input, encode, decode } = opened.prepared;
      const common = this.measureOptions(jsonBytes);
      this.enter('measure');
      this.timings = { encode: await measureOperation(() => encode(input), common), decode: await measureOperation(() => decode(opened.encoded), common) };
      // Formats read on access: their two reads, right after encode and decode (first round).
      const lazy = this.job.measurement.verify ? opened.prepared.lazy : undefined;
      if (lazy) this.lazyTimings = await timeLazyReads(lazy, opened.encoded, common);
      // In every round, right after the codec's own timing and alone on the CPU like it. It
      // loads zstd's WebAssembly on Node 20 only now: nothing the codec does not need is in
      // the worker's heap while the codec is timed.
      const plan = this.job.measurement;
      if (this.runtime.timeCompression && timesCompression(this.job))
        this.compression = await this.runtime.timeCompression(opened.encoded, compressionWindows(plan.operationBudgetMs));
      const compressionTiming = this.compression ? { compressionTiming: this.compression.timing } : {};
      if (!plan.verify) this.report.outcome = { status: 'timed', timings: { bytes: opened.encoded.byteLength, ...this.timings, ...compressionTiming } };
    });
  }

  /** A first round's figures after timing (a sizes-only run's, untimed), in the report; the report as it stands otherwise. */
  finish(): Promise<CodecReport> {
    if (this.job.measurement.untimed)
      return this.untimedStep(async (opened, roundTrip) => {
        const remnants = this.remnantsOf(opened);
        this.stage = 'measure';
        this.report.outcome = { status: 'sized', sizes: { ...(await this.untimedFigures(opened)), roundTrip, remnants } };
      });
    return this.finishingStep(async (opened, timings, roundTrip) => {
      const { prepared, encoded } = opened;
      const plan = this.job.measurement;
      const remnants = this.remnantsOf(opened);
      this.stage = 'measure';
      // A quarter of the budget each: end-to-end adds decompression to a decode already timed.
      const endToEnd = plan.firstLook
        ? undefined
        : await this.runtime.endToEndDecode(encoded, prepared.decode, {
            ...this.measureOptions(this.jsonBytes),
            budgetMs: Math.max(20, plan.operationBudgetMs / 4),
          });
      const timed = this.compression;
      const figures = await this.untimedFigures(opened, timed?.sizes);
      this.report.outcome = {
        status: 'completed',
        measurements: {
          ...figures,
          ...(timed ? { compressionTiming: timed.timing } : {}),
          ...(this.lazyTimings ? { lazy: this.lazyTimings } : {}),
          ...timings,
          roundTrip,
          remnants,
          ...(endToEnd ? { endToEnd } : {}),
        },
      };
    });
  }

  /**
   * Remnants are analysis, not a check: found after timing, where a host runs this step beside
   * the next codec's open. (Their errors still belong to the verify stage.)
   */
  private remnantsOf({ sample, sampleBytes, decoded, prepared }: OpenedCodec) {
    const { job } = this;
    this.stage = 'verify';
    // Integers JSON.parse rounded are visible only in the file's text, not in `sample`.
    // (A scaled sample's paths are not the file's: its text-level checks apply to the file only.)
    return detectRemnants(sample, decoded, {
      ...(job.scale ? {} : { parseLosses: findParseLosses(sampleBytes, job.sample.kind) }),
      ...(prepared.semantics ? { semantics: prepared.semantics } : {}),
      ...(prepared.schemaDefault ? { schemaDefault: prepared.schemaDefault } : {}),
    });
  }

  /** The figures that are not times: bytes, compressed sizes (`timedSizes`: those the timed calls gave), hash, attribution, interop. */
  private async untimedFigures({ sample, prepared, encoded }: OpenedCodec, timedSizes?: CompressedSizes): Promise<Omit<CodecSizes, 'roundTrip' | 'remnants'>> {
    const { runtime, job } = this;
    const sha256 = globalThis.crypto?.subtle ? await sha256Hex(encoded) : undefined;
    const compressed = timedSizes ?? (runtime.compressedSizes ? await runtime.compressedSizes(encoded) : SIZES_FROM_HOST);
    const byteAttribution = attributeBytes(prepared.layout, encoded);
    const interop = prepared.interop && !job.measurement.firstLook ? await checkInterop(prepared.interop, encoded, sample) : undefined;
    return {
      bytes: encoded.byteLength,
      ...(interop ? { interop } : {}),
      ...(byteAttribution ? { byteAttribution } : {}),
      compressed,
      ...(sha256 ? { sha256 } : {}),
      ...(runtime.compressedSizes && sha256 ? {} : { encoded }),
    };
  }
}

export interface OpenedCodec {
  sample: unknown;
  sampleBytes: Uint8Array;
  prepared: PreparedCodec;
  /** A copy of what `encode` returned: the bytes a receiver would hold. */
  encoded: Uint8Array;
  decoded: unknown;
}

/**
 * input → prepare → encode → decode, filling the report's codec, schema and notes as it goes.
 * Undefined when the codec skips the sample (the report says why); throws at the stage entered.
 * Shared by a first round's run and a later round's timing in slices (timing-slices.ts).
 */
export async function openCodec(
  runtime: Pick<CodecRunRuntime, 'loadCodec' | 'libraryVersion' | 'sampleBytes'>,
  job: CodecJob,
  enter: StageReporter,
  report: CodecReport,
  onEncoded?: (bytes: number) => void,
): Promise<OpenedCodec | undefined> {
  enter('input');
  const sampleBytes = runtime.sampleBytes(job.sample);
  const parsed = parseSample(sampleBytes, job.sample.kind, job.sample.path);
  // A sweep's size: built here, from the parsed sample, so the host never holds it.
  const sample = job.scale ? scaleSample(parsed, job.scale).value : parsed;

  enter('prepare');
  const prepared = await prepareReported(runtime, job, sample, report);
  if (!prepared) return undefined;

  enter('encode');
  // Encoders may return views into a buffer they reuse: keep a copy the receiver would hold.
  const encoded = prepared.encode(prepared.input).slice();
  onEncoded?.(encoded.byteLength);

  enter('decode');
  const decoded = prepared.decode(encoded);
  return { sample, sampleBytes, prepared, encoded, decoded };
}

/** What `prepare` (and a codec's `generate`) is given for a job. */
export function prepareContextOf(job: Pick<CodecJob, 'schema' | 'variants' | 'inferred' | 'codegen' | 'messages'>): PrepareContext {
  return {
    schema: job.schema,
    variants: job.variants,
    ...(job.inferred === undefined ? {} : { inferred: job.inferred }),
    ...(job.codegen ? { codegen: job.codegen } : {}),
    ...(job.messages ? { messages: true } : {}),
  };
}

/**
 * Loads and prepares the job's codec for `sample` (message mode: the stream's records, with
 * `messages` set), filling the report's codec, schema and notes. Undefined when the codec skips
 * the sample (the report says why).
 */
export async function prepareReported(
  runtime: Pick<CodecRunRuntime, 'loadCodec' | 'libraryVersion'>,
  job: CodecJob,
  sample: unknown,
  report: CodecReport,
): Promise<PreparedCodec | undefined> {
  const loaded = await runtime.loadCodec(job.codec);
  report.descriptor = loaded.descriptor;
  report.libraryVersion = runtime.libraryVersion(loaded.descriptor.library);
  if (job.messages && !loaded.module.messageMode) {
    report.outcome = { status: 'skipped', error: { stage: 'prepare', message: NO_MESSAGE_MODE } };
    return undefined;
  }
  let prepared: PreparedCodec;
  try {
    prepared = await prepareCodec(loaded.module, sample, prepareContextOf(job));
  } catch (error) {
    // A row that goes no further still says which schema it was given (or derives from it).
    report.schema = schemaGiven(job, loaded.descriptor);
    if (error instanceof UnsupportedSampleError) {
      report.outcome = { status: 'skipped', error: { stage: 'prepare', message: error.message } };
      return undefined;
    }
    throw error;
  }
  report.schema = prepared.schema;
  if (prepared.schemaText !== undefined) report.schemaText = prepared.schemaText;
  report.notes = prepared.notes;
  // Handed back to later rounds through the host, whose thread must deserialize it: past a
  // stated depth a later round infers the schema again instead.
  if (job.measurement.verify && prepared.inferred !== undefined && nestingDepth(prepared.inferred, MAX_CROSSING_DEPTH) <= MAX_CROSSING_DEPTH)
    report.inferred = prepared.inferred;
  return prepared;
}

/** Web Crypto: the same digest in Node 20 and in browsers (secure contexts only: not a sandboxed frame's). */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A reader that throws cannot read the bytes: that is the answer, not a failed run. */
async function checkInterop(interop: InteropCheck, encoded: Uint8Array, sample: unknown): Promise<InteropResult> {
  let why: string | null;
  try {
    why = await interop.check(encoded, sample);
  } catch (error) {
    why = `it fails: ${describeError(error)}`;
  }
  const result: InteropResult = why === null ? { decoder: interop.decoder, readable: true } : { decoder: interop.decoder, readable: false, why };
  if (!interop.both) return result;
  try {
    return { ...result, ...(await interop.both(encoded)) };
  } catch (error) {
    return { ...result, readsReference: { readable: false, why: `the check failed: ${describeError(error)}` } };
  }
}

/**
 * Nesting past which a value is not sent to another thread: V8 deserializes it recursively on
 * the receiving thread (a host's main thread, about 1 MB of stack, drops objects nested 2,000
 * deep).
 */
export const MAX_CROSSING_DEPTH = 500;

/** `provided` for the format of the schema the user gave, `derived` for another that needs one. */
function schemaGiven(job: CodecJob, descriptor: { format: string; needsSchema: boolean }): SchemaOrigin {
  if (!job.schema || !descriptor.needsSchema) return 'none';
  const own = job.schema.kind === 'proto' ? 'Protocol Buffers' : 'Avro';
  return descriptor.format === own ? 'provided' : 'derived';
}
