/**
 * The result contract shared by the engine, the CLI's `--json` output and the webview.
 * Plain data only (no Node, no vscode): it crosses worker, process and webview boundaries.
 * Field names are a public contract (CI users parse `--json`): add, never rename.
 */

export type CodecId = string;

export type SchemaOrigin = 'inferred' | 'provided' | 'none';

/** Where a codec run stopped. `timeout`, `memory` and `crash` come from the worker's fate. */
export type ErrorStage =
  | 'input'
  | 'prepare'
  | 'encode'
  | 'decode'
  | 'verify'
  | 'measure'
  | 'timeout'
  | 'memory'
  | 'crash'
  | 'cancelled';

export interface StageError {
  stage: ErrorStage;
  message: string;
}

/** Timing of one operation (encode or decode), in nanoseconds per call. */
export interface TimingStats {
  medianNs: number;
  p75Ns: number;
  p99Ns: number;
  minNs: number;
  maxNs: number;
  /**
   * Relative margin of error of the median: half-width of its 95% confidence interval
   * (distribution-free, from order statistics) over the median. 0.01 = ±1%.
   */
  rme: number;
  /** Number of timing samples kept (a sample may average a batch of calls). */
  samples: number;
  /** Calls averaged in each sample: 1 unless the call is too short to time alone. */
  batchSize: number;
  /** Throughput against the JSON byte count of the sample (MB = 10^6 bytes). */
  mbPerSec: number;
}

export type RoundTripStatus = 'exact' | 'equivalent' | 'lossy' | 'failed';

export type DifferenceKind =
  | 'missing-key'
  | 'extra-key'
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
}

export type RemnantKind =
  | 'prototype'
  | 'accessor'
  | 'rename'
  | 'missing-key'
  | 'extra-key'
  | 'type-change'
  | 'precision';

export interface Remnant {
  path: string;
  kind: RemnantKind;
  detail: string;
}

export interface CompressedSizes {
  gzip: number;
  brotli: number;
  /** null where this Node has no zstd (it arrived in Node 22.15). */
  zstd: number | null;
}

interface CodecRowBase {
  codec: CodecId;
  label: string;
  format: string;
  library: string;
  libraryVersion: string;
  schema: SchemaOrigin;
  /** Choices the codec made that a reader must know: wrapping, fallbacks, native addons. */
  notes: string[];
}

export interface CompletedResult extends CodecRowBase {
  status: 'completed';
  bytes: number;
  /** bytes / the json row's bytes; null when the JSON baseline did not complete. */
  ratio: number | null;
  compressed: CompressedSizes;
  encode: TimingStats;
  decode: TimingStats;
  /** JSON median / this median, measured in the same run; null without a JSON baseline. */
  speedupVsJson: { encode: number; decode: number } | null;
  roundTrip: RoundTrip;
  remnants: Remnant[];
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

export interface SampleInfo {
  path: string;
  /** Bytes of the minified UTF-8 JSON of the parsed sample: the denominator of every ratio. */
  jsonBytes: number;
  /** Bytes of the file as read. */
  fileBytes: number;
  /** Top-level record count: array length, or 1 for a single object. */
  records: number;
  kind: 'json' | 'jsonl';
}

export interface RuntimeInfo {
  node: string;
  v8: string;
  platform: string;
}

export interface MeasurementSettings {
  /** Per codec, split evenly between encode and decode. */
  timeBudgetMs: number;
  minSamples: number;
  /** Sampling goes on past the budget while a median's rme is above this (null: never). */
  targetRme: number | null;
  /** ...up to this many budgets in all. */
  maxBudgets: number;
  quick: boolean;
}

/** The whole `--json` document. */
export interface ComparisonReport {
  tool: { name: 'payload-lab'; version: string };
  runtime: RuntimeInfo;
  input: SampleInfo;
  settings: MeasurementSettings;
  results: CodecResult[];
}
