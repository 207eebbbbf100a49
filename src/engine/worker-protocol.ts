/**
 * The conversation between the engine (host side) and a worker, as a method map: one request
 * per fresh worker (an inspection worker also answers the decoded-output queries after its
 * `open-decoded-output`). The worker reports each stage as it enters it (the `stage` event), so
 * a crash, a timeout or an out-of-memory kill can say where it happened.
 */
import type { CodecDescriptor, ProvidedSchema } from '../codecs/codec';
import type { SchemaVariants } from '../shared/variants';
import type { CodecSource } from '../codecs/codec-source';
import type { SampleBytes } from '../input/read-sample';
import type { SampleScale } from './scale-sample';
import type { CodegenSettings } from '../codegen/generate';
import type { DecodedOutputJob } from '../inspect/inspection';
import type { SchemaProblem } from '../schema/schema-problem';
import type { TimedWindow } from './measure';
import type { DecodedOutputQueries, InspectorOpened } from '../shared/inspector';
import type {
  ByteAttribution,
  CompressionTiming,
  CompressedSizes,
  EndToEndDecode,
  InteropResult,
  LazyTimings,
  WorkStage,
  Remnant,
  RoundTrip,
  SampleInfo,
  SchemaOrigin,
  StageError,
  TimingStats,
} from '../shared/results';

export type { SampleBytes };

export interface MeasurementPlan {
  /** Sampling time for each of encode and decode. */
  operationBudgetMs: number;
  minSamples: number;
  /**
   * The first round verifies the round trip before timing, then finds remnants and compresses;
   * later rounds only time (the same library, sample and schema give the same bytes).
   */
  verify: boolean;
  /**
   * A quick run's first look: the first round leaves out what only refines the picture (the
   * end-to-end decode from compressed bytes, compression times, the reference decoder's
   * reading); sizes are still measured.
   */
  firstLook?: boolean;
}

export type { CodecSource };

export interface CodecJob {
  codec: CodecSource;
  sample: SampleBytes;
  jsonBytes: number;
  schema?: ProvidedSchema;
  variants?: Partial<SchemaVariants>;
  measurement: MeasurementPlan;
  /** A later round: the schema this codec inferred in the first round (its report's `inferred`). */
  inferred?: unknown;
  /** A size sweep: the worker scales the sample to this size itself (scale-sample.ts). */
  scale?: SampleScale;
  /** Codecs that run generated code: the cache and the tools' settings (src/codegen). */
  codegen?: CodegenSettings;
}

/** Reads and parses the sample: what it holds, or where it is not JSON. */
export interface ReadSampleJob {
  sample: SampleBytes;
  /** Checked here too: loading a schema needs avsc or protobufjs, which stay out of the host. */
  schema?: ProvidedSchema;
  /** A size sweep: describe the sample scaled to this size (its JSON bytes, its records). */
  scale?: SampleScale;
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

/** The schema inferred from a sample, as text a user reads (commented where a choice was made). */
export interface InferSchemaJob {
  sample: SampleBytes;
  format: 'proto' | 'avsc';
  variants?: Partial<SchemaVariants>;
}

/**
 * One codec's decoded output for the panel's inspector. Unlike the other jobs the worker stays
 * up after answering, for the decoded-output queries, until it is terminated.
 */
export type { DecodedOutputJob };

export interface CodecMeasurements {
  bytes: number;
  compressed: CompressedSizes;
  encode: TimingStats;
  decode: TimingStats;
  roundTrip: RoundTrip;
  remnants: Remnant[];
  /** Absent from a runtime without Web Crypto (a sandboxed frame's worker): the host hashes the bytes. */
  sha256?: string;
  /** Absent in a quick run (MeasurementPlan.firstLook). */
  endToEnd?: EndToEndDecode;
  /**
   * The encoded bytes, from a runtime that cannot compress with every transport codec (a
   * browser has no brotli or zstd encoder): the host computes `compressed` from them.
   */
  encoded?: Uint8Array;
  interop?: InteropResult;
  /** Absent where the runtime does not time compression (a browser: the host compresses its bytes). */
  compressionTiming?: CompressionTiming;
  /** Where the encoded bytes go; absent for a format without a walker. */
  byteAttribution?: ByteAttribution;
  /** Formats read on access: access and firstField beside decode (see CompletedResult.access). */
  lazy?: LazyTimings;
}

/** A later round's outcome: timings only. */
export interface CodecTimings {
  bytes: number;
  encode: TimingStats;
  decode: TimingStats;
}

export type CodecOutcome =
  | { status: 'completed'; measurements: CodecMeasurements }
  | { status: 'timed'; timings: CodecTimings }
  | { status: 'errored'; error: StageError; bytes?: number }
  | { status: 'skipped'; error: StageError };

export interface CodecReport {
  /** Known once the codec module is loaded (custom modules describe themselves). */
  descriptor?: CodecDescriptor;
  libraryVersion?: string;
  schema: SchemaOrigin;
  schemaText?: string;
  notes: string[];
  outcome: CodecOutcome;
  /** First round: the schema the codec inferred, as plain data, for the later rounds' jobs. */
  inferred?: unknown;
}

/** A first round in steps (first-round-steps.ts): still going, or its report as it ended. */
export type FirstRoundOpened = { ready: true } | { ready: false; report: CodecReport };

/** An operation timed in slices (see timing-slices.ts). */
export type TimingOperation = 'encode' | 'decode';

/** A worker opened for slices: warmed up, with each operation's time per call from warm-up. */
export type TimingReady =
  | { ready: true; bytes: number; perCallNs: Record<TimingOperation, number> }
  | { ready: false; error: StageError };

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
  /** A later round: open the codec for timing in slices, then answer `time-slice` until stopped. */
  'open-for-slices': { params: CodecJob; result: TimingReady };
  'time-slice': { params: TimingSliceRequest; result: TimedWindow };
  /** A size sweep's plan: the sample scaled to each target size, described (nothing kept). */
  'plan-sweep': { params: { sample: SampleBytes; targets: number[] }; result: { sizes: SampleInfo[] } | { inputProblem: InputProblem } };
  'read-sample': { params: ReadSampleJob; result: { sample: SampleInfo } | { inputProblem: InputProblem } | { schemaFailure: SchemaFailure } };
  /** `messageTypes` is empty for an .avsc (its root type is the schema itself); an .avpr / .avdl lists its types. */
  'schema-info': { params: SchemaInfoJob; result: { messageTypes: string[]; defaultType?: string } | { schemaFailure: SchemaFailure } };
  'generate-sample': { params: GenerateJob; result: { bytes: Uint8Array; records: number } | { schemaFailure: SchemaFailure } };
  'infer-schema': { params: InferSchemaJob; result: { text: string } | { inputProblem: InputProblem } };
  /**
   * gzip / brotli / zstd sizes and SHA-256 of bytes a browser encoded: the extension host
   * compresses and hashes nothing itself, and a sandboxed frame's workers have no crypto.subtle.
   */
  'encoded-facts': { params: { bytes: Uint8Array }; result: { compressed: CompressedSizes; sha256: string } };
  /** Rejects with the stage that failed as the error's code. */
  'open-decoded-output': { params: DecodedOutputJob; result: Omit<InspectorOpened, 'sessionId'> };
}

export type WorkerMethod = keyof WorkerMethods;

export interface WorkerEvents {
  stage: WorkStage;
}
