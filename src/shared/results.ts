/**
 * The result contract shared by the engine, the CLI's `--json` output and the webview.
 * Plain data only (no Node, no vscode): it crosses worker, process and webview boundaries.
 * Field names are a public contract (CI users parse `--json`): add, never rename.
 */
import type { GrowthFallback } from './sweep-notes';
import type { MessageFigures, MessageStreamInfo } from './messages';
import type { NoteFact } from './note-facts';
import type { CodeGenerationCheck, SchemaOrigin, StageError } from './row-terms';

export type CodecId = string;

export type { CodeGenerationCheck, ErrorStage, SchemaOrigin, StageError, WorkStage } from './row-terms';

/**
 * A later round of a codec that did not give its figures, as a fact: the row keeps its other
 * rounds; `roundFailureText` (row-facts-text.ts) words it for every renderer.
 */
export type RoundFailure =
  /** The round's worker refused, failed or stopped: its timings are left out. */
  | { code: 'round-failed'; round: number; rounds: number; error: StageError }
  /** The round's timings were kept, its compression times not. */
  | { code: 'compression-not-timed'; round: number; rounds: number; error: StageError };

/**
 * A note of a row: a fact (`code` and its figures, worded by `noteText` in note-text.ts). What
 * the engine produces is facts only, so the compiler checks that no producer emits a sentence.
 */
export type RowNote = NoteFact;

/**
 * A note as a report saved by an older build may hold it (the panel's history restored from
 * webview state): a sentence there, worded by `noteText` as it is.
 */
export type StoredRowNote = NoteFact | string;

export type { NoteFact } from './note-facts';

/** How often a re-run's median speed-up is expected inside a row's speed-up interval, in %. */
export const RERUN_INTERVAL_PERCENT = 99;

/**
 * Timing of one operation (encode or decode), in nanoseconds per call. In a row, each field is
 * the median over the run's rounds of that field in each round (see `CompletedResult.rounds`).
 */
export interface TimingStats {
  /**
   * Amortised time per call: the sampling window's time in calls over the calls made,
   * collections included (what a loop pays). The headline figure: speed-ups and ranks use it.
   */
  meanNs: number;
  /** Lowest and highest `meanNs` over the rounds: the spread a re-run can be expected to show. */
  meanInterval: [number, number];
  /**
   * Share of a profiling window of the same calls (a quarter of the timed window's length,
   * right after it, with V8's GC profiler on) spent in garbage-collection pauses (0–1). The
   * timed window runs without the profiler, which would slow allocation-heavy calls. null where
   * not measured: a runtime without a GC profiler (the browser), a round that only timed.
   */
  gcShare: number | null;
  /** V8 heap and ArrayBuffer bytes allocated per call in that profiling window, collected or not; null likewise. */
  bytesAllocatedPerCall: number | null;
  /**
   * True where memory was freed outside the GC profiler's records in that window (ArrayBuffer
   * memory released after a collection, pages swept later): allocation then hides behind the
   * frees, and `bytesAllocatedPerCall` is only a lower bound (shown "≥ …", or not measured
   * when it says nothing). Absent in reports saved before it was measured.
   */
  allocationLowerBound?: boolean;
  /**
   * The per-call times fall in two groups (a collection lands in some calls and not in
   * others): the median is then one mode or the other, and only `meanNs` is stable.
   */
  bimodal: boolean;
  medianNs: number;
  p75Ns: number;
  p99Ns: number;
  minNs: number;
  maxNs: number;
  /**
   * Relative margin of error of one window's median: half-width of its 95% confidence interval
   * (distribution-free, from order statistics) over the median. 0.01 = ±1%. It describes one
   * worker's samples, not what a re-run prints: `meanInterval` and the speed-up intervals do.
   */
  rme: number;
  /** Number of timing samples kept (a sample may average a batch of calls). */
  samples: number;
  /** Calls averaged in each sample: 1 unless the call is too short to time alone. */
  batchSize: number;
  /** Throughput at the amortised time, against the JSON byte count of the sample (MB = 10^6 bytes). */
  mbPerSec: number;
}

/**
 * `nulls-added`: the only differences are keys the original lacked that decoded as `null`
 * (Avro has no absence: a record field missing from some objects comes back null). No value
 * changed; `RoundTrip.nullsAdded` counts them and the differences list their paths.
 * `nulls-absent`: the converse, proto3's mapping: the only differences are nulls the format
 * sent as fields left unset, decoded absent (or as the default the library reads for an unset
 * field); `RoundTrip.nullsAbsent` counts them.
 */
export type RoundTripStatus = 'exact' | 'equivalent' | 'nulls-added' | 'nulls-absent' | 'lossy' | 'failed';

export type DifferenceKind =
  | 'missing-key'
  | 'extra-key'
  /** A key absent from the original came back with the value null. */
  | 'null-added'
  /** A null of the original sent as a field left unset (proto3): decoded absent, or as the field's default. */
  | 'null-absent'
  | 'type-change'
  | 'value-change'
  | 'precision'
  | 'length-change';

export interface Difference {
  /** JSONPath-like location, `$` is the root: `$.items[0].x`, `$["odd key"]`. */
  path: string;
  kind: DifferenceKind;
  detail: string;
}

export interface RoundTrip {
  status: RoundTripStatus;
  differences: Difference[];
  /** Differences beyond this many are counted, not listed. */
  omittedDifferences?: number;
  /** Keys absent from the original that decoded as null (listed or not); absent when none. */
  nullsAdded?: number;
  /** Nulls of the original decoded as unset fields (listed or not); absent when none. */
  nullsAbsent?: number;
}

/**
 * What a decoded value carries that JSON.parse would not have built. `remnant-kinds.ts` holds a
 * title and a user-facing explanation of each.
 * - `prototype`: an object or array whose prototype is not Object.prototype / Array.prototype.
 * - `inherited-enumerable`: enumerable properties on that prototype chain (for…in sees them).
 * - `accessor`: a getter/setter (own or inherited) where the sample had a data property.
 * - `non-enumerable`: an own property JSON.stringify, spread and Object.keys skip.
 * - `symbol-key`: an own symbol-keyed property.
 * - `to-json`: a toJSON method: JSON.stringify writes what it returns, not the object.
 * - `rename`: a key that came back under a related name (`items` → `itemsList`).
 * - `missing-key` / `extra-key`: a key that is gone / that was not in the sample.
 * - `type-change`: Long, BigInt, Buffer, Map, Date, typed arrays, number-typed Map keys.
 * - `precision`: beyond 2^53 (also lost by JSON.parse already), float32 rounding, -0 lost.
 * - `unwrap-required`: a message or builder object rather than data (needs `.toObject()`).
 */
export type RemnantKind =
  | 'prototype'
  | 'inherited-enumerable'
  | 'accessor'
  | 'non-enumerable'
  | 'symbol-key'
  | 'to-json'
  | 'rename'
  | 'missing-key'
  | 'extra-key'
  | 'type-change'
  | 'precision'
  | 'unwrap-required';

export interface Remnant {
  /** Pattern path: array indexes are `[*]` when findings at several indexes were grouped. */
  path: string;
  kind: RemnantKind;
  detail: string;
  /** Occurrences grouped into this remnant (set by the analysis; absent in older reports). */
  count?: number;
  /** The first occurrence's exact path, `$.items[0].x`, for jumping to it in a tree. */
  firstPath?: string;
  /**
   * Only on the last entry of a capped list: remnant groups left out, by kind. That entry's own
   * `kind` is the first omitted group's.
   */
  omitted?: Partial<Record<RemnantKind, number>>;
}

/** One codec × one kind of remnant; absent from a row's `cells` where there is none. */
export interface RemnantMatrixCell {
  /** Distinct remnants (pattern paths) of this kind. */
  remnants: number;
  /** Values or objects affected, summed over those remnants. */
  occurrences: number;
  /** The row's list was capped: more remnants of this kind exist than were counted here. */
  partial?: boolean;
}

export interface RemnantMatrixRow {
  codec: CodecId;
  label: string;
  status: 'completed' | 'errored' | 'skipped';
  cells: Partial<Record<RemnantKind, RemnantMatrixCell>>;
}

/** Codecs × kinds of effect: the published "negative effects" table, computed on this sample. */
export interface RemnantMatrix {
  /** Every kind, in column order. */
  kinds: RemnantKind[];
  rows: RemnantMatrixRow[];
}

export interface CompressedSizes {
  gzip: number;
  brotli: number;
  /** Level 3, from Node's zlib or (before Node 22.15) zstd compiled to WebAssembly; null where no zstd build loaded, and in reports of older versions. */
  zstd: number | null;
}

/**
 * Time per call to compress the encoded bytes and to decompress them back, in nanoseconds:
 * amortised over a timed window, like a codec's `meanNs`; in a row, the median over the rounds.
 */
export interface CompressionTime {
  compressNs: number;
  decompressNs: number;
  /** Lowest and highest round of `compressNs` (absent in reports of older versions, timed once). */
  compressInterval?: [number, number];
  decompressInterval?: [number, number];
}

/**
 * How long the compression of `compressed` takes, both ways, at the levels stated (those of
 * the sizes): timed in the codec's worker in every round of a default run (not in a quick
 * run), right after the codec's own timing, each direction amortised over a short window.
 */
export interface CompressionTiming {
  levels: { gzip: number; brotli: number; zstd: number };
  /** Node's own zstd (22.15+), or the WebAssembly build elsewhere: its times differ. */
  zstdImplementation: 'node' | 'wasm';
  /** Which zstd: `node:zlib (Node 24.1.0)` or `@bokuweb/zstd-wasm 0.0.27`; absent in older reports (@hpcc-js/wasm-zstd). */
  zstdLibrary?: string;
  /** Rounds the figures come from; absent in older reports (measured once). */
  rounds?: number;
  gzip: CompressionTime;
  brotli: CompressionTime;
  /** null: not measured, `zstdNotMeasured` says why (no zstd build loads in this runtime). */
  zstd: CompressionTime | null;
  zstdNotMeasured?: string;
}

interface CodecRowBase {
  codec: CodecId;
  label: string;
  format: string;
  library: string;
  libraryVersion: string;
  schema: SchemaOrigin;
  /** The schema the codec used, as text (`.proto`, or Avro JSON), when it used one. */
  schemaText?: string;
  /** Choices the codec made that a reader must know: wrapping, fallbacks, native addons; as facts where they have figures. */
  notes: RowNote[];
  /**
   * Where the row was measured: Node (worker threads) or a browser (Chromium Web Workers). A
   * run over both runtimes has each codec once per runtime. Absent in older reports (Node).
   */
  runtime?: MeasuredRuntime;
  /** The codec run again with code generation from strings disabled (strict CSP); absent when not checked. */
  codeGeneration?: CodeGenerationCheck;
  /**
   * What the codec's library adds to a web app's production bundle, in bytes: minified, then
   * gzipped (`bundle.gzipLevel`). 0 for JSON (built into browsers). Absent for codecs with no
   * browser build, when the build's figures are missing, and in older reports.
   */
  bundleBytes?: number;
  /** How `bundleBytes` was measured: at build time (esbuild.mjs, src/codecs/web-bundle-entries.json). */
  bundle?: WebBundle;
}

export interface WebBundle {
  minifiedBytes: number;
  gzipLevel: number;
  /** `esbuild 0.28.2`. */
  bundler: string;
  /** What the bundle holds: the library's imports for the row's calls, and the polyfills it needs. */
  includes: string;
}

export type MeasuredRuntime = 'node' | 'browser';

export type TransportCompression = 'gzip' | 'brotli' | 'zstd';

/**
 * End-to-end decode: from the compressed bytes as they arrive to the decoded value (decompress,
 * then decode; JSON's includes UTF-8 decoding and JSON.parse). Measured in the first round.
 */
export interface EndToEndDecode {
  timings: Partial<Record<TransportCompression, EndToEndTiming>>;
  /** Compressions the runtime cannot decompress, with why. */
  unavailable: Partial<Record<TransportCompression, string>>;
}

export interface EndToEndTiming {
  /** Amortised time per call, ns. */
  meanNs: number;
  medianNs: number;
  samples: number;
  /** JSON's end-to-end time over this codec's (same runtime, same round); absent without JSON's. */
  speedupVsJson?: number;
}

export interface CompletedResult extends CodecRowBase {
  status: 'completed';
  /** Later rounds that gave no figures (or no compression times), as facts; absent when none. */
  roundFailures?: RoundFailure[];
  /** A browser row whose bytes differ from Node's row of the same codec (the report's `crossRuntime` too). */
  runtimeDifference?: RuntimeDifference;
  bytes: number;
  /** bytes / the json row's bytes; null when the JSON baseline did not complete. */
  ratio: number | null;
  compressed: CompressedSizes;
  encode: TimingStats;
  decode: TimingStats;
  /**
   * JSON's amortised time over this codec's, each from the same round; `encode` / `decode` are
   * the median over rounds; the intervals, from three rounds on, where a re-run's median is
   * expected (99% prediction interval, engine/rerun-interval.ts; it holds every round), with
   * fewer the lowest and highest round. Null without a JSON baseline.
   */
  speedupVsJson: SpeedupVsJson | null;
  roundTrip: RoundTrip;
  remnants: Remnant[];
  /** SHA-256 of the encoded bytes (hex): the same codec in two runtimes must give the same. */
  sha256?: string;
  endToEnd?: EndToEndDecode;
  /** Each round's figures, in the order the rounds ran; absent in older reports. */
  rounds?: RoundFigures[];
  /** Why the row has no more rounds, in a run whose rounds stop per codec; absent otherwise. */
  roundsStopped?: RoundsStopped;
  /** Figures whose rounds disagree widely, each with the reason; absent when none do. */
  unstable?: InstabilityMarker[];
  /** Compression and decompression time per call (gzip, brotli, zstd); absent in older reports. */
  compressionTiming?: CompressionTiming;
  /**
   * Where the encoded bytes go (category → bytes), adding up exactly to `bytes`; absent for a
   * format the tool cannot walk (v8, custom codecs) or bytes its walker did not follow.
   */
  byteAttribution?: ByteAttribution;
  /** Whether another library of the format reads these bytes; absent where none is checked. */
  interop?: InteropResult;
  /**
   * Formats read on access (FlatBuffers, Cap'n Proto), in the first round: `decode` above reads
   * every field into a plain object, and its speed-up compares that; `access` opens the bytes
   * and reads every leaf without building objects, `firstField` opens them and reads the one
   * path `firstFieldPath`. Absent for other formats.
   */
  access?: TimingStats;
  firstField?: TimingStats;
  firstFieldPath?: string;
  /**
   * Message mode (messages.ts): the stream's figures. The row's `bytes`, `compressed`, `encode`
   * and `decode` are then per message; absent in document mode.
   */
  messages?: MessageFigures;
}

/** The extra timings of a format read on access (see `CompletedResult.access`). */
export interface LazyTimings {
  access: TimingStats;
  firstField: TimingStats;
  /** `$.items[0].x`: the path `firstField` reads. */
  firstFieldPath: string;
}

/**
 * "Readable by the reference decoder": the bytes read by another library of the format (the
 * MessagePack and CBOR reference decoders; for Protocol Buffers another implementation).
 */
export interface InteropResult {
  /** npm name of the library that read the bytes. */
  decoder: string;
  readable: boolean;
  /** Why not, when not readable. */
  why?: string;
  /** The other way, where checked: this row's library reads `decoder`'s bytes for the same value. */
  readsReference?: { readable: boolean; why?: string };
  /**
   * Where this row's bytes differ from `decoder`'s for the same value, and why (a default value
   * written or left out, packing, field order); absent when they are the same bytes or not compared.
   */
  byteDifferences?: string[];
}

/**
 * What encoded bytes carry: `keys` (map keys, field tags, BSON element names), `strings`
 * (string values' text), `numbers` (integers and floats), `other` (booleans, nulls, binary,
 * enums, extension payloads) and `structure` (type bytes, lengths, counts, framing, JSON's
 * punctuation).
 */
export type ByteCategory = 'keys' | 'strings' | 'numbers' | 'other' | 'structure';
export const BYTE_CATEGORIES: readonly ByteCategory[] = ['keys', 'strings', 'numbers', 'other', 'structure'];
export type ByteAttribution = Record<ByteCategory, number>;

export interface SpeedupVsJson {
  encode: number;
  decode: number;
  encodeInterval: [number, number];
  decodeInterval: [number, number];
}

/**
 * `settled`: both speed-ups' intervals came within the run's `adaptiveRounds.settledWithin`;
 * `most-rounds`: the run's most rounds were reached first; `baseline`: JSON, timed in every
 * round while any codec still was (each later round pairs it with them).
 */
export interface RoundsStopped {
  /** Rounds the row's timings come from (rounds that failed are not counted). */
  rounds: number;
  why: 'settled' | 'most-rounds' | 'baseline';
  /**
   * How far the wider of the two speed-up intervals reached from its median when the rounds
   * stopped, as a ratio less 1 (0.18: 0.85–1.18× the median); null for the baseline, or without
   * speed-ups.
   */
  widest: number | null;
}

/** One round of one codec: a fresh worker, measured next to JSON's worker of the same round. */
export interface RoundFigures {
  /** 1-based. */
  round: number;
  encodeMeanNs: number;
  decodeMeanNs: number;
  /** JSON's amortised time over this codec's, both from this round; null if JSON failed in it. */
  speedupVsJson: { encode: number; decode: number } | null;
  /** null in rounds that only timed (later rounds profile no GC: see `TimingStats.gcShare`). */
  encodeGcShare: number | null;
  decodeGcShare: number | null;
  /**
   * This round's compression and decompression time per call of the row's bytes, where the round
   * timed them (not a quick run, not a browser); absent otherwise and in older reports. The
   * verdict's end-to-end speed-ups pair them round by round, as the codec's own times are.
   */
  compression?: Partial<Record<TransportCompression, { compressNs: number; decompressNs: number }>>;
}

/** A speed-up whose rounds disagree widely (at least ×1.25 between lowest and highest). */
export interface InstabilityMarker {
  figure: 'encodeSpeedup' | 'decodeSpeedup';
  /** Highest over lowest round. */
  spread: number;
  reason: string;
}

export interface ErroredResult extends CodecRowBase {
  status: 'errored';
  error: StageError;
  /** What was measured before the failure, when the failure came late. */
  bytes?: number;
  ratio?: number | null;
}

export interface SkippedResult extends CodecRowBase {
  status: 'skipped';
  error: StageError;
}

export type CodecResult = CompletedResult | ErroredResult | SkippedResult;

/** A file on disk, an editor's (unsaved or untitled) text, or records generated from a schema. */
export type SampleOrigin = 'file' | 'editor' | 'generated';

export interface SampleInfo {
  path: string;
  /** Bytes of the minified UTF-8 JSON of the parsed sample: the denominator of every ratio. */
  jsonBytes: number;
  /** Bytes of the file as read (of the editor's text, of the generated records: see origin). */
  fileBytes: number;
  /** Where the bytes came from; absent: a file (and in older reports). */
  origin?: SampleOrigin;
  /** Top-level record count: array length, an object's longest top-level array's length, or 1. */
  records: number;
  /** The records are that array of one object (`items`); absent for a root array, JSON Lines, older reports. */
  recordsIn?: string;
  kind: 'json' | 'jsonl';
  /** What the sample is made of (src/analysis/sample-profile.ts); absent in older reports. */
  profile?: SampleProfile;
  /** Set when the sample was scaled to a size (a size sweep): how, from the file's records. */
  scaling?: SampleScaling;
  /**
   * Message mode: the stream (each record its own message). `jsonBytes` is then the mean per
   * message, the denominator of the per-message ratios, and `records` the messages.
   */
  messages?: MessageStreamInfo;
}

/**
 * Counts and sizes over the whole parsed sample. Bytes are as minified JSON writes them:
 * keys and strings quoted (escapes included), numbers as JSON.stringify spells them.
 */
export interface SampleProfile {
  /** Values of every kind, containers included. */
  values: number;
  objects: number;
  arrays: number;
  /** Deepest nesting: 0 for a scalar root, 1 for a flat object or array. */
  depth: number;
  keys: {
    /** Key occurrences (each object's each key). */
    occurrences: number;
    distinct: number;
    /** The most repeated keys, most first (at most 10). */
    top: { key: string; count: number }[];
    jsonBytes: number;
  };
  strings: { count: number; jsonBytes: number };
  numbers: {
    count: number;
    integers: number;
    /** Integers in the signed 32-bit range. */
    int32: number;
    /** Numbers with a fraction (or beyond the safe integers): stored as doubles. */
    doubles: number;
    /** Of `doubles`, those a float32 holds exactly. */
    float32Exact: number;
    jsonBytes: number;
  };
  booleans: number;
  nulls: number;
  /** Bytes of `true`, `false` and `null`; absent in older reports. */
  literalBytes?: number;
  /** Bytes of brackets, colons and commas; absent in older reports. */
  punctuationBytes?: number;
  /**
   * The minified JSON the profile walked, the whole every share above is of: keys, strings,
   * numbers, literals and punctuation add up to it. In a stream, every message's bytes added up
   * (not the mean per message `SampleInfo.jsonBytes` is). Absent in older reports.
   */
  jsonBytes?: number;
}

/** How a sweep scaled the sample: its records cut to the first ones, or repeated in order. */
export interface SampleScaling {
  /** Where the records are: `(root array)`, or a path such as `items`. */
  recordsPath: string;
  /** Records in the file. */
  sourceRecords: number;
  /** Records in the scaled sample. */
  records: number;
  /** More records than the file holds: they repeat (which favours compression). */
  repeated: boolean;
  targetJsonBytes: number;
  /** How the sample grows past its own records (absent in older reports: 'repeat'). */
  growth?: 'repeat' | 'fresh';
  /** Records generated anew past the sample's own (growth 'fresh'). */
  freshRecords?: number;
  /** Why fresh records were asked for and the records repeat instead. */
  growthFallback?: GrowthFallback;
  /** A part of the sample: its records spread evenly across the file (absent: the first records). */
  pick?: 'spread';
}

export interface RuntimeInfo {
  node: string;
  v8: string;
  platform: string;
  /** The browser that measured the `runtime: "browser"` rows (its user agent), when any did. */
  browser?: string;
}

/** A quick run whose first round took longer than its limit: that round was the only one. */
export interface RoundsCutShort {
  code: 'quick-first-round-over-limit';
  firstRoundMs: number;
  limitMs: number;
}

export interface MeasurementSettings {
  /**
   * Rounds of the run: each runs JSON and every codec, each in a fresh worker, in an order
   * rotated from round to round. Absent in older reports (one round).
   */
  rounds?: number;
  /** Per codec and round, split evenly between encode and decode. */
  timeBudgetMs: number;
  minSamples: number;
  /**
   * Each operation's warm-up before its timed window, when the run was given one (CLI
   * `--warmup`); absent: the default, the larger of 50 ms and a quarter of the window.
   */
  warmupMs?: number;
  /**
   * Older reports: sampling went on past the budget while a median's rme was above this.
   * Rounds replaced that: always null now.
   */
  targetRme: number | null;
  /** Older reports: ...up to this many budgets in all. Always 1 now. */
  maxBudgets: number;
  /** Why the run measured fewer rounds than planned (a quick run on a slow sample); absent otherwise. Reports saved before it was data hold the sentence. */
  roundsCutShort?: RoundsCutShort | string;
  quick: boolean;
  /**
   * Rounds stop per codec (see `CompletedResult.roundsStopped`): from `minRounds` on, once both
   * of its speed-ups' intervals lie within ±`settledWithin` of their median (0.25 = ±25%), and at
   * `rounds` (the most) in any case. Absent in older reports and in runs with fixed rounds.
   */
  adaptiveRounds?: { minRounds: number; settledWithin: number };
  /**
   * How busy the machine was while the run measured (engine/machine-load-monitor.ts): speed
   * figures from a busy machine are unreliable, sizes are not. Absent in older reports.
   */
  machineLoad?: MachineLoad;
}

/** Whether other work on the machine may have distorted the run's times. */
export type MachineLoad = MeasuredMachineLoad | { measured: false; why: string };

export interface MeasuredMachineLoad {
  measured: true;
  /** CPUs the machine's counters cover (/proc/stat). */
  cores: number;
  /** Wall time the figures cover. */
  wallMs: number;
  /** CPU time of the run's own processes (this one, its workers, what it started to measure) over wall time, in cores. */
  ownCores: number;
  /** CPU time of every other process (and of the hypervisor's steal) over wall time, in cores. */
  otherCores: number;
  /** Highest 1-minute load average read during the run (it counts the run's own threads too). */
  loadAverage: number;
  /**
   * Share of the run's wall time, in stretches of about a second, in which other processes used
   * at least half a core while the machine's cores were at least three quarters in use.
   */
  busyShare: number;
  /** `busyShare` is a quarter or more: the speed figures are unreliable (sizes are unaffected). */
  busy: boolean;
}

/** The whole `--json` document. */
export interface ComparisonReport {
  tool: { name: 'payload-lab'; version: string };
  runtime: RuntimeInfo;
  input: SampleInfo;
  settings: MeasurementSettings;
  results: CodecResult[];
  /** The results' remnants as codecs × kinds (see analysis/matrix.ts); absent in older reports. */
  remnantMatrix?: RemnantMatrix;
  /** A run in Node and a browser: whether each codec encoded the same bytes in both (engine/runtime-reports.ts). */
  crossRuntime?: CrossRuntimeCheck;
}

/** The same codec must encode the same bytes in Node and in a browser: checked by size and SHA-256. */
export interface CrossRuntimeCheck {
  /** Codecs completed in both runtimes whose bytes were compared. */
  compared: string[];
  /** Each codec whose bytes differ (a sentence in reports saved before these were facts). */
  differences: Array<RuntimeDifference | string>;
}

/** One codec's bytes differ between Node and the browser: in size, or with the same size in content (SHA-256). */
export type RuntimeDifference = { codec: string; code: 'size'; nodeBytes: number; browserBytes: number } | { codec: string; code: 'content'; bytes: number };

/** Where a run is: the round a stage or row belongs to. */
export interface RoundProgress {
  /** 1-based. */
  round: number;
  rounds: number;
}
