/**
 * The conversation between the limit search (run-limits.ts) and one limit process
 * (dist/limit-child.js): one size tried per process, so a process that runs out of heap takes
 * only that try with it. The process says each stage as it enters it, so a death has a place.
 */
import type { LimitFailure } from './sweep';
import type { CodecSource, SampleBytes } from './codec-job';

/** The argument that marks dist/limit-child.js as started by the limit search. */
export const LIMIT_CHILD_FLAG = '--payload-lab-limit-child';

export type LimitStage = LimitFailure['stage'];

export interface TryJob {
  codec: CodecSource;
  sample: SampleBytes;
  targetJsonBytes: number;
  /**
   * What the codec inferred from the unscaled sample in an earlier try (its
   * `PreparedCodec.inferred`, plain data). Absent: this try infers it from the unscaled sample.
   * The scaled records repeat the sample's, so its schema is theirs: no inference from (and no
   * schema text budget of) hundreds of megabytes.
   */
  inferred?: unknown;
}

export interface TryResult {
  /** The scaled sample's JSON size; absent when it could not be built. */
  jsonBytes?: number;
  encoded: boolean;
  decoded: boolean;
  failure?: Omit<LimitFailure, 'atJsonBytes'>;
  /** The schema inferred from the unscaled sample, for the next tries (see `TryJob.inferred`). */
  inferred?: unknown;
}

/**
 * The exit code of a limit process whose IPC channel closed under it: it did not end of its own
 * (a death is a signal or V8's abort), so this is no result for the size it was trying.
 */
export const LIMIT_CHILD_DISCONNECTED_CODE = 3;

export interface LimitChildMethods {
  'try-size': { params: TryJob; result: TryResult };
}

export interface LimitChildEvents {
  /** First thing the process says: the heap limit it really has (V8's heap_size_limit), MB. */
  ready: { heapLimitMb: number };
  stage: LimitStage;
  /** The scaled sample is built: its JSON size (a death after it still has a size). */
  built: { jsonBytes: number };
}
