/**
 * Messages between the engine (host side) and a codec worker. The worker is told its job in
 * `workerData`; it reports each stage as it enters it (so a crash, a timeout or an
 * out-of-memory kill can say where it happened) and ends with exactly one outcome message.
 */
import type { CodecDescriptor, ProvidedSchema } from '../codecs/codec';
import type { SchemaVariants } from '../schema/variants';
import type { CodecSource } from '../codecs/codec-source';
import type { SampleKind } from '../input/read-sample';
import type { SchemaProblem } from '../schema/schema-problem';
import type { InspectorOpened } from '../shared/inspector';
import type { InspectionQuery } from '../inspect/inspection';
import type {
  CompressedSizes,
  ErrorStage,
  Remnant,
  RoundTrip,
  SampleInfo,
  SchemaOrigin,
  StageError,
  TimingStats,
} from '../shared/results';

export interface SampleBytes {
  /** What to call the sample in messages (a path, or an untitled editor's name). */
  path: string;
  kind: SampleKind;
  /**
   * The sample's bytes, or absent to have each worker read the file at `path` itself: a big
   * file then never passes through (nor is copied by) the caller's thread.
   */
  bytes?: Uint8Array;
}

export interface MeasurementPlan {
  /** Sampling time for each of encode and decode. */
  operationBudgetMs: number;
  minSamples: number;
  /**
   * The first round verifies the round trip, finds remnants and compresses before timing;
   * later rounds only time (the same library, sample and schema give the same bytes).
   */
  verify: boolean;
}

export type { CodecSource };

export interface CodecJob {
  kind: 'codec';
  codec: CodecSource;
  sample: SampleBytes;
  jsonBytes: number;
  schema?: ProvidedSchema;
  variants?: Partial<SchemaVariants>;
  measurement: MeasurementPlan;
  /** A later round: the schema this codec inferred in the first round (its report's `inferred`). */
  inferred?: unknown;
}

export interface InspectJob {
  kind: 'inspect';
  sample: SampleBytes;
  /** Checked here too: loading a schema needs avsc or protobufjs, which stay out of the host. */
  schema?: ProvidedSchema;
}

/** The message types a schema declares (for a .proto) and the one to use by default. */
export interface SchemaInfoJob {
  kind: 'schema-info';
  schema: ProvidedSchema;
}

/** Records generated from a schema, as JSON text (a sample like any file). */
export interface GenerateJob {
  kind: 'generate';
  schema: ProvidedSchema;
  count: number;
  seed: number;
}

/** The schema inferred from a sample, as text a user reads (commented where a choice was made). */
export interface InferSchemaJob {
  kind: 'infer-schema';
  sample: SampleBytes;
  format: 'proto' | 'avsc';
  variants?: Partial<SchemaVariants>;
}

/**
 * One codec's decoded output for the panel's inspector. Unlike the other jobs the worker stays
 * up after its first message ('inspection-ready'), answering queries until it is terminated.
 */
export interface InspectOutputJob {
  kind: 'inspect-output';
  codec: CodecSource;
  sample: SampleBytes;
  schema?: ProvidedSchema;
  variants?: Partial<SchemaVariants>;
}

export type WorkerJob = CodecJob | InspectJob | SchemaInfoJob | GenerateJob | InferSchemaJob | InspectOutputJob;

export interface CodecMeasurements {
  bytes: number;
  compressed: CompressedSizes;
  encode: TimingStats;
  decode: TimingStats;
  roundTrip: RoundTrip;
  remnants: Remnant[];
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

export interface InputProblem {
  message: string;
  line?: number;
  column?: number;
}

export type WorkerMessage =
  | { type: 'stage'; stage: ErrorStage }
  | { type: 'codec-report'; report: CodecReport }
  | { type: 'inspected'; info: SampleInfo }
  | { type: 'input-error'; problem: InputProblem }
  | { type: 'schema-error'; path: string; problem: SchemaProblem }
  /** `messageTypes` is empty for an .avsc (its root type is the schema itself). */
  | { type: 'schema-info'; messageTypes: string[]; defaultType?: string }
  | { type: 'generated'; bytes: Uint8Array; records: number }
  | { type: 'inferred-schema'; text: string }
  | { type: 'inspection-ready'; opened: Omit<InspectorOpened, 'sessionId'> }
  | { type: 'inspection-failed'; error: StageError }
  | { type: 'inspection-answer'; id: number; ok: true; value: unknown }
  | { type: 'inspection-answer'; id: number; ok: false; error: string };

/** A question to an inspection worker, answered by an 'inspection-answer' with the same id. */
export interface InspectionRequest {
  type: 'inspection-query';
  id: number;
  query: InspectionQuery;
}
