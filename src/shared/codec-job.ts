/**
 * The contract of one codec job, typed once for every runtime that answers it: a Node worker
 * thread, a forked codec process, a browser Web Worker behind the panel's or the CLI's measuring
 * frames. The relays carry these types end to end, so no side casts what it gets back. Plain data
 * only: no Node, no vscode, no DOM.
 */
import type { SchemaVariants } from './variants';
import type { MessageMeasurements, MessagesPlan } from './messages';
import type {
  ByteAttribution,
  CompressionTiming,
  CompressedSizes,
  EndToEndDecode,
  InteropResult,
  LazyTimings,
  Remnant,
  RoundTrip,
  RowNote,
  SchemaOrigin,
  StageError,
  TimingStats,
} from './results';

/**
 * A schema handed to a codec by the user (issue: schemas in and out). The codec of its format
 * uses it as given; the other schema-based codec derives its schema from it, field by field.
 */
export interface ProvidedSchema {
  kind: 'avsc' | 'proto';
  /** Schema text as the user wrote it. */
  source: string;
  /** For `.proto`: the message type to encode (default: the one no other message refers to). */
  typeName?: string;
  /** Where the schema came from, for messages and notes (`schemas/Items.proto`). */
  path?: string;
  /**
   * Other files the schema needs, by path → text, read where the files are (disk, or an
   * editor's unsaved text) so a worker needs no file access: a `.proto`'s imports, transitively
   * (Google's well-known types excepted: protobufjs ships them), or the `.avsc` / `.avpr` files
   * that define named types an Avro schema refers to.
   */
  imports?: Record<string, string>;
  /**
   * Keys of the sample the schema has no field for are left out (and said) instead of refusing
   * the sample: the user's choice (`--drop-unknown-keys`).
   */
  dropUnknownKeys?: boolean;
}

/** Which codec a worker loads: a built-in by id, or a module file exporting `prepare`. */
export type CodecSource = { builtin: string } | { modulePath: string };

/** A JSON document, or JSON Lines (one record per line). */
export type SampleKind = 'json' | 'jsonl';

/** A sample as a worker gets it: its bytes, or the file it reads them from. */
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

/** A size sweep's or limit search's target: the worker scales the sample itself. */
/**
 * How a sample grows past its own size: its records repeated in order, or fresh records
 * generated from their profile (measurement/fresh-records.ts).
 */
export type SampleGrowth = 'repeat' | 'fresh';

/**
 * Which records a size below the sample's own takes: its first ones (a sweep's small sizes), or
 * records spread evenly across the whole file (a representative part of a large sample, so its
 * profile still holds).
 */
export type SamplePick = 'first' | 'spread';

export interface SampleScale {
  /** The JSON size to come closest to (minified UTF-8 bytes). */
  targetJsonBytes: number;
  /** Default 'repeat'. */
  growth?: SampleGrowth;
  /** Default 'first'. */
  pick?: SamplePick;
}

export type BrowserSupport = 'runs' | { unavailable: string };

export interface CodecDescriptor {
  id: string;
  label: string;
  format: string;
  /** npm package name (or `node:v8` for built-ins); its version is read at build time. */
  library: string;
  /** Whether the format needs a schema; where none is provided, one is inferred. */
  needsSchema: boolean;
  /** External tools the codec needs (ToolSpec ids, src/codegen/tool-registry.ts), e.g. protoc. */
  tools?: readonly string[];
  /**
   * Whether the codec runs in a browser Web Worker: `'runs'` (its browser entry is listed in
   * browser-codecs.ts), or why it cannot. Absent: not tried yet; its browser row says so.
   */
  browser?: BrowserSupport;
}

/** A user's own schema for a format whose row generates code from one (`--fbs`, `--capnp`, `--bop`). */
export interface FormatSchemaFile {
  language: 'fbs' | 'capnp' | 'bop';
  /** The file's text (an editor's unsaved text, or the file as read). */
  source: string;
  /** Where it is, for messages: `schemas/Items.fbs`. */
  path: string;
  /** Cap'n Proto and Bebop: the struct or message to encode (default: the last one no other refers to). FlatBuffers uses its root_type. */
  rootType?: string;
  /**
   * The files its FlatBuffers includes name, by the names they are included under, read before a
   * sandboxed process gets the file (it may read nothing beside it).
   */
  included?: Readonly<Record<string, string>>;
}

/** The schema languages a schema inferred from a sample can be written in (Open inferred …, `schema --format`). */
export type InferredSchemaFormat = 'proto' | 'avsc' | FormatSchemaFile['language'];

/** How a run generates code; each field has a default (the CLI's cache, environment and PATH). */
export interface CodegenSettings {
  /** Cache root (the extension: its global storage; the CLI: --cache-dir or defaultCacheDir()). */
  cacheDir?: string;
  /** `payloadLab.tools.*` as the user set them: tool id → path. */
  tools?: Readonly<Record<string, string | undefined>>;
  /** Per tool run (default 60 s). */
  timeoutMs?: number;
  /**
   * Why no code generator may run (VS Code's Restricted Mode, said by the host): rows that need
   * one are skipped with it, and generation refuses with it.
   */
  restricted?: string;
  /**
   * The user's own schemas in the formats whose rows generate code from one (`--fbs`, `--capnp`,
   * `--bop`): each row uses its own format's, instead of translating the run's schema.
   */
  formatSchemas?: readonly FormatSchemaFile[];
  /**
   * Set for a job that runs sandboxed: its code, generated before the sandbox started (the
   * sandbox runs no tool and writes nothing). Generation then answers from these, by schema.
   */
  pregenerated?: readonly PregeneratedCode[];
}

/** One generation done outside a sandbox, as plain data: where its code is, or why there is none. */
export interface PregeneratedCode {
  /** The hash of the files given to the generator and its options (no tool versions). */
  schemaKey: string;
  outcome:
    | {
        ok: true;
        code: {
          outDir: string;
          cached: boolean;
          key: string;
          tools: Array<{ id: string; executable: string; version: string; path: string; from: string }>;
          steps: Array<{ label: string; ms: number }>;
        };
      }
    /** `skipped`: a missing tool (the row is skipped, saying what to install); else an error row. */
    | { ok: false; skipped: boolean; message: string };
}

/** One sampling window of an operation, as the worker took it. */
export interface TimedWindow {
  /** Per-call time of each sample (a batch's time over its calls), ns, in the order taken. */
  samples: Float64Array;
  batchSize: number;
  /** Time spent inside the calls, ns. */
  inCallsNs: number;
  /** The whole window, loop included, ns. */
  windowNs: number;
}

export interface MeasurementPlan {
  /** Sampling time for each of encode and decode. */
  operationBudgetMs: number;
  minSamples: number;
  /** Each operation's warm-up (`MeasurementSettings.warmupMs`); absent: `defaultWarmupMs` of its window. */
  warmupMs?: number;
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
  /**
   * Sizes only: nothing is timed (no encode, decode, compression or end-to-end windows); the
   * outcome is `sized`. Such jobs may run side by side, as no figure of theirs is a time.
   */
  untimed?: boolean;
}

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
  /** Message mode: the sample is a stream and each record is its own message (src/worker/messages). */
  messages?: MessagesPlan;
}

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
  /** This round's; absent where the runtime does not time compression (a browser: the host compresses its bytes), and in a quick run. */
  compressionTiming?: CompressionTiming;
  /** Where the encoded bytes go; absent for a format without a walker. */
  byteAttribution?: ByteAttribution;
  /** Formats read on access: access and firstField beside decode (see CompletedResult.access). */
  lazy?: LazyTimings;
  /** Message mode: the stream's figures (the other fields are then per message). */
  messages?: MessageMeasurements;
}

/** What a sizes-only job measures: every figure of a first round that is not a time. */
export type CodecSizes = Omit<CodecMeasurements, 'encode' | 'decode' | 'endToEnd' | 'compressionTiming' | 'lazy' | 'messages'>;

/** A later round's outcome: timings only. */
export interface CodecTimings {
  bytes: number;
  encode: TimingStats;
  decode: TimingStats;
  /** This round's compression times (see CodecMeasurements). */
  compressionTiming?: CompressionTiming;
}

export type CodecOutcome =
  | { status: 'completed'; measurements: CodecMeasurements }
  | { status: 'timed'; timings: CodecTimings }
  | { status: 'sized'; sizes: CodecSizes }
  | { status: 'errored'; error: StageError; bytes?: number }
  | { status: 'skipped'; error: StageError };

export interface CodecReport {
  /** Known once the codec module is loaded (custom modules describe themselves). */
  descriptor?: CodecDescriptor;
  libraryVersion?: string;
  schema: SchemaOrigin;
  schemaText?: string;
  notes: RowNote[];
  outcome: CodecOutcome;
  /** First round: the schema the codec inferred, as plain data, for the later rounds' jobs. */
  inferred?: unknown;
}
