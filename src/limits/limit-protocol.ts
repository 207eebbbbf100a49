/**
 * The conversation between the limit search (run-limits.ts) and one limit process
 * (dist/limit-child.js): one size tried per process, so a process that runs out of heap takes
 * only that try with it. The process says each stage as it enters it, so a death has a place.
 */
import type { CodecSource } from '../codecs/codec-source';
import type { SampleBytes } from '../input/read-sample';
import type { LimitFailure } from '../shared/sweep';

/** The argument that marks dist/limit-child.js as started by the limit search. */
export const LIMIT_CHILD_FLAG = '--payload-lab-limit-child';

export type LimitStage = LimitFailure['stage'];

export interface TryJob {
  codec: CodecSource;
  sample: SampleBytes;
  targetJsonBytes: number;
}

export interface TryResult {
  /** The scaled sample's JSON size; absent when it could not be built. */
  jsonBytes?: number;
  encoded: boolean;
  decoded: boolean;
  failure?: Omit<LimitFailure, 'atJsonBytes'>;
}

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
