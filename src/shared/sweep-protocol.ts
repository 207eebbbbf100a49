/**
 * The size sweep's and limit search's messages from the host to the panel: a run of their own
 * (ids of their own), kept apart from comparison runs as probe runs are. Each row streams in
 * as its codec finishes a round at a size; the scaled samples themselves never cross.
 */
import type { CodecResult, SampleInfo } from './results';
import type { CodecLimit, LimitSettings, SweepReport, SweepSize } from './sweep';

export interface SweepStarted {
  sweepId: number;
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

export type SweepHostMessage =
  | { type: 'sweep-started'; sweep: SweepStarted }
  | { type: 'sweep-planned'; sweepId: number; sizes: SampleInfo[]; notes: string[] }
  | { type: 'sweep-result'; sweepId: number; sizeIndex: number; result: CodecResult }
  | { type: 'sweep-size'; sweepId: number; sizeIndex: number; size: SweepSize }
  | { type: 'sweep-limit'; sweepId: number; limit: CodecLimit; settings: LimitSettings }
  | { type: 'sweep-finished'; sweepId: number; report: SweepReport }
  | { type: 'sweep-ended'; sweepId: number; outcome: 'cancelled' | 'failed'; message: string };

export const SWEEP_MESSAGE_TYPES: ReadonlyArray<SweepHostMessage['type']> = [
  'sweep-started', 'sweep-planned', 'sweep-result', 'sweep-size', 'sweep-limit', 'sweep-finished', 'sweep-ended',
];

export function isSweepMessage(message: { type: string }): message is SweepHostMessage {
  return (SWEEP_MESSAGE_TYPES as readonly string[]).includes(message.type);
}
