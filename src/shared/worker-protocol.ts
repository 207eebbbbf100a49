/**
 * The conversation between the engine (host side) and a worker, as a method map: one request
 * per fresh worker (an inspection worker also answers the decoded-output queries after its
 * `open-decoded-output`). The worker reports each stage as it enters it (the `stage` event), so
 * a crash, a timeout or an out-of-memory kill can say where it happened.
 */
import type { SchemaVariants } from './variants';
import type {
  CodecJob,
  CodecReport,
  ProvidedSchema,
  SampleBytes,
  SampleGrowth,
  SampleScale,
  TimedWindow,
  CodegenSettings,
  FormatSchemaFile,
  InferredSchemaFormat,
  PregeneratedCode,
} from './codec-job';
import type { DecodedOutputJob, DecodedOutputQueries, InspectorOpened } from './inspector';
import type { SchemaProblem } from './schema-problem';
import type { EvolutionProgress, EvolutionResult } from './evolution';
import type { MessagesPlan } from './messages';
import type { CompressedSizes, CompressionTiming, SampleInfo, StageError, WorkStage } from './results';

/** Reads and parses the sample: what it holds, or where it is not JSON. */
export interface ReadSampleJob {
  sample: SampleBytes;
  /** Checked here too: loading a schema needs avsc or protobufjs, which stay out of the host. */
  schema?: ProvidedSchema;
  /** A size sweep: describe the sample scaled to this size (its JSON bytes, its records). */
  scale?: SampleScale;
  /** Message mode: read the sample as a stream of messages and describe it (SampleInfo.messages). */
  messages?: MessagesPlan;
}

/** The message types a schema declares (for a .proto) and the one to use by default. */
export interface SchemaInfoJob {
  schema: ProvidedSchema;
}

/** Records generated from a schema, as JSON text (a sample like any file). */
export interface GenerateJob {
  schema: ProvidedSchema;
  count: number;
  seed: number;
}

/**
 * A user's own .fbs / .capnp / .bop as its tool reads it: its first problem (line and column as
 * the tool says them), the tool missing (what to install, which setting), a reason it cannot be
 * used, or the roots it may encode and the default one (FlatBuffers: its root_type).
 */
export type FormatSchemaInfo =
  | { problem: SchemaProblem }
  | { missingTool: string }
  | { unusable: string }
  /** `missingTool`: the file was read, but the row's code generation lacks a tool (capnp reads it; capnpc-ts generates). */
  | { roots: string[]; defaultRoot?: string; missingTool?: string };

/** The schema inferred from a sample, as text a user reads (commented where a choice was made). */
export interface InferSchemaJob {
  sample: SampleBytes;
  /** fbs, capnp, bop: the inferred Avro schema translated as those rows translate it. */
  format: InferredSchemaFormat;
  variants?: Partial<SchemaVariants>;
}

/**
 * A schema change tried on data (src/evolution): two or more versions' texts with the files they
 * import, the message to compare, and the sample to write (read here, never in the host), or
 * records generated from each writer's schema.
 */
export interface SchemaChangeJob {
  versions: Array<{ path: string; text: string; imports?: Record<string, string>; label?: string }>;
  typeName?: string;
  sample?: SampleBytes;
  generate?: { count: number; seed: number };
}

/** A first round in steps (first-round-steps.ts): still going, or its report as it ended. */
export type FirstRoundOpened = { ready: true } | { ready: false; report: CodecReport };

/** An operation timed in slices (see timing-slices.ts). */
export type TimingOperation = 'encode' | 'decode';

/** A codec opened for slices: prepared, its bytes encoded and decoded once, not yet warm. */
export type TimingOpened = { ready: true; bytes: number } | { ready: false; error: StageError };

/** Both operations warmed up: their per-call times, for the slices' plan and batches. */
export type TimingReady = { ready: true; perCallNs: Record<TimingOperation, number> } | { ready: false; error: StageError };

export interface TimingSliceRequest {
  operation: TimingOperation;
  budgetMs: number;
  minSamples: number;
}

export interface InputProblem {
  message: string;
  line?: number;
  column?: number;
}

export interface SchemaFailure {
  path: string;
  problem: SchemaProblem;
}

/** What a codec's generation depends on: a codec job's or an inspection's fields alike. */
export type GenerationJob = Pick<CodecJob, 'codec' | 'sample' | 'schema' | 'variants' | 'codegen' | 'inferred' | 'scale' | 'messages'>;

/** Each job's answer; a failure the user can act on is part of the answer, not an error. */
export interface WorkerMethods extends DecodedOutputQueries {
  'measure-codec': { params: CodecJob; result: CodecReport };
  /**
   * A first round in steps, in this order: open (prepare, verify), time (alone on the CPU: the
   * host runs nothing else meanwhile), finish (remnants, sizes, attribution). `jsonBytes` comes
   * with the timing: the host may open the first codec before it has read the sample.
   */
  'first-open': { params: CodecJob; result: FirstRoundOpened };
  'first-time': { params: { jsonBytes: number }; result: FirstRoundOpened };
  'first-finish': { params: null; result: CodecReport };
  /** A later round: open the codec for timing in slices, then warm it up, then answer `time-slice` until stopped. */
  'open-for-slices': { params: CodecJob; result: TimingOpened };
  /** Apart from opening: workers open side by side, but warm up (like timing) alone. */
  'warm-for-slices': { params: null; result: TimingReady };
  'time-slice': { params: TimingSliceRequest; result: TimedWindow };
  /** After its slices: the open codec's encoded bytes compressed and decompressed, timed (this round's figures). */
  'time-compression': { params: CompressionWindows; result: CompressionTiming };
  /** A size sweep's plan: the sample scaled to each target size, described (nothing kept). */
  'plan-sweep': { params: { sample: SampleBytes; targets: number[]; growth?: SampleGrowth }; result: { sizes: SampleInfo[] } | { inputProblem: InputProblem } };
  'read-sample': { params: ReadSampleJob; result: { sample: SampleInfo } | { inputProblem: InputProblem } | { schemaFailure: SchemaFailure } };
  /** `messageTypes` is empty for an .avsc (its root type is the schema itself); an .avpr / .avdl lists its types. */
  'schema-info': { params: SchemaInfoJob; result: { messageTypes: string[]; defaultType?: string } | { schemaFailure: SchemaFailure } };
  'generate-sample': { params: GenerateJob; result: { bytes: Uint8Array; records: number } | { schemaFailure: SchemaFailure } };
  'infer-schema': { params: InferSchemaJob; result: { text: string } | { inputProblem: InputProblem } };
  /** Reads a user's own schema in a format whose row generates code (its tool runs in a child process). */
  'format-schema-info': { params: { file: FormatSchemaFile; codegen?: CodegenSettings }; result: FormatSchemaInfo };
  /**
   * gzip / brotli / zstd sizes and SHA-256 of bytes a browser encoded: the extension host
   * compresses and hashes nothing itself, and a sandboxed frame's workers have no crypto.subtle.
   */
  'encoded-facts': { params: { bytes: Uint8Array }; result: { compressed: CompressedSizes; sha256: string } };
  /** Progress goes out as `schema-change-progress` events, a cell at a time; the request's cancel stops it. */
  'check-schema-change': { params: SchemaChangeJob; result: EvolutionResult | { inputProblem: InputProblem } };
  /** Rejects with the stage that failed as the error's code. */
  'open-decoded-output': { params: DecodedOutputJob; result: Omit<InspectorOpened, 'sessionId'> };
  /**
   * A codec that runs generated code: its code generated (or found in the cache) here, outside
   * the sandbox its job then runs in, which can neither run the tools nor write the cache. Never
   * loads the generated code. Whatever else fails is left to the job, which fails the same way.
   */
  'generate-code': { params: GenerationJob; result: { pregenerated: PregeneratedCode[] } };
}

export type WorkerMethod = keyof WorkerMethods;

/** How long each compression window of a round is (see compression/compression-windows.ts). */
export interface CompressionWindows {
  budgetMs: number;
  minSamples: number;
}

/**
 * What a codec's sandboxed child process answers (a codec that runs generated code: see
 * engine/codec-sandbox.ts): every request of a codec's job, with the same handlers as a worker.
 */
export type CodecWorkerMethods = Pick<
  WorkerMethods,
  | 'measure-codec'
  | 'first-open'
  | 'first-time'
  | 'first-finish'
  | 'open-for-slices'
  | 'warm-for-slices'
  | 'time-slice'
  | 'time-compression'
  | 'open-decoded-output'
  | keyof DecodedOutputQueries
>;

export interface WorkerEvents {
  stage: WorkStage;
  'schema-change-progress': EvolutionProgress;
}
