/**
 * What a size sweep and limit search tell the panel beyond the phases every run has
 * (run-events.ts): the plan, each row as its codec finishes a round at a size, each size once
 * done, each codec's limit once found, and where the run is now. The scaled samples themselves
 * never cross.
 */
import type { SweepNote } from './sweep-notes';
import type { CodecResult, SampleInfo, WorkStage } from './results';
import type { CodecLimit, LimitSettings, SweepSize } from './sweep';

export interface SweepStarted {
  sampleName: string;
  sampleLocation: string;
  /** What the run does: sizes, limits, or both. */
  sweep: boolean;
  limits: boolean;
  codecs: Array<{ id: string; label: string }>;
  /** Limits only: the heap asked for (null: Node's default) and the cap. */
  heapMb?: number | null;
  capJsonBytes?: number;
}

export type SweepItem =
  | { type: 'planned'; sizes: SampleInfo[]; notes: SweepNote[] }
  | { type: 'size-result'; sizeIndex: number; result: CodecResult }
  | { type: 'size-done'; sizeIndex: number; size: SweepSize }
  | { type: 'limit'; limit: CodecLimit; settings: LimitSettings };

/** A codec's worker at one size of the sweep. */
export interface SizeProgress {
  type: 'size';
  sizeIndex: number;
  codec: string;
  stage: WorkStage;
  round: number;
  rounds: number;
}

/**
 * One codec's limit search so far: the size its process is trying (null between sizes), which
 * try that is, and the largest sizes that held below the smallest that failed. What held is
 * kept when the search is stopped: it is a lower bound of the limit.
 */
export interface LimitProgress {
  type: 'limit';
  codec: string;
  /** 1-based: the codec's first size is step 1. */
  step: number;
  tryingJsonBytes: number | null;
  /** Largest size encoded, and encoded and decoded back, so far; null before one held. */
  encodedJsonBytes: number | null;
  decodedJsonBytes: number | null;
}

export type SweepProgress = SizeProgress | LimitProgress;
