/**
 * The result contract of a size sweep and a payload-limit search (see engine/sweep.ts and
 * limits/): plain data shared by the engine, the CLI's JSON, the host and the panel.
 */
import type { GrowthFallback, SweepNote } from './sweep-notes';
import type { CodecResult, MeasurementSettings, RuntimeInfo, SampleScaling } from './results';

/** A growth slope above this is called out: the codec's cost grows worse than linearly. */
export const SUPERLINEAR_SLOPE = 1.15;

export interface SweepSize {
  /** The size asked for; `jsonBytes` is the closest whole number of records to it. */
  targetJsonBytes: number;
  jsonBytes: number;
  scaling: SampleScaling;
  /** The same row shape as a comparison's (`compare --json`). */
  results: CodecResult[];
}

/** Least-squares slope of log(time per call) against log(JSON bytes) over the sweep's sizes. */
export interface GrowthSlope {
  codec: string;
  label: string;
  /** Null with fewer than three sizes that completed. */
  encodeSlope: number | null;
  decodeSlope: number | null;
  /** Sizes the fit used. */
  points: number;
  /** Either slope above SUPERLINEAR_SLOPE. */
  superlinear: boolean;
}

export type LimitFailureKind = 'out-of-memory' | 'library-limit' | 'range-error' | 'timeout' | 'error' | 'crash';

export interface LimitFailure {
  kind: LimitFailureKind;
  /** Where it failed: building the scaled sample, the codec's prepare, encode or decode. */
  stage: 'build' | 'prepare' | 'encode' | 'decode';
  message: string;
  /** The smallest size at which it was seen. */
  atJsonBytes: number;
}

export interface CodecLimit {
  codec: string;
  label: string;
  /** Largest JSON size encoded; null when even the smallest size failed. */
  encodeMaxJsonBytes: number | null;
  /** Largest JSON size encoded and decoded back. */
  decodeMaxJsonBytes: number | null;
  /** What stopped it first (decode's failure when only decode failed); null when capped. */
  failure: LimitFailure | null;
  /** Both encode and decode held at the cap: the limit is "≥ cap". */
  capped: boolean;
  /** Processes started for this codec (one per size tried). */
  trials: number;
}

export interface LimitSettings {
  /** The heap limit asked for, MB; null: Node's default. */
  heapMb: number | null;
  /** The heap limit the limit processes reported (V8's heap_size_limit), MB. */
  observedHeapLimitMb: number | null;
  capJsonBytes: number;
  /** The most a size may take (each gets less where the sizes before it predict less). */
  timeoutMs: number;
  /** How each size was built: the sample's records repeated (see payload-limits/run-limits.ts). */
  growth?: 'repeat';
}

export interface SweepSettings extends MeasurementSettings {
  minJsonBytes: number;
  maxJsonBytes: number;
  /** Each size is this many times the previous (or the sizes were listed). */
  stepFactor: number | null;
}

export interface SweepReport {
  tool: { name: string; version: string };
  runtime: RuntimeInfo;
  sample: {
    path: string;
    fileBytes: number;
    kind: 'json' | 'jsonl';
    recordsPath: string;
    sourceRecords: number;
    /**
     * How sizes above the sample's own were made: fresh records generated from its records'
     * profile, or its records repeated (absent in older reports: repeated).
     */
    growth?: 'repeat' | 'fresh';
    /** Why fresh records were asked for and the records repeat instead. */
    growthFallback?: GrowthFallback;
  };
  settings: SweepSettings;
  /** Smallest first. */
  sizes: SweepSize[];
  growth: GrowthSlope[];
  limits?: CodecLimit[];
  limitSettings?: LimitSettings;
  /** How the sample was scaled (repetition favours compression). */
  notes: SweepNote[];
}
