/**
 * Times two workers in turn, in short slices (A B B A A B …), for each operation: the JSON
 * baseline and one codec of a later round. Their speed-up then compares times taken in the same
 * stretch of time, and the A B B A order cancels a machine that speeds up or slows down
 * steadily. A side alone (a run of JSON only, or a round without JSON) is sliced the same way.
 */
import { SliceSessionError, type TimingSession } from './slice-session';
import type { TimingOperation } from '../shared/worker-protocol';
import type { TimedWindow } from '../shared/codec-job';

/** Slices per side and operation: enough to interleave, few enough that each batches calls. */
const MIN_SLICES = 2;
const MAX_SLICES = 8;
const OPERATIONS: readonly TimingOperation[] = ['encode', 'decode'];

export interface SlicePlan {
  /** Time for each side and operation, summed over its slices. */
  operationBudgetMs: number;
  /** Samples for each side and operation, summed over its slices. */
  minSamples: number;
}

export type SideWindows = Record<TimingOperation, TimedWindow[]>;

/** Which side's worker failed, and how. */
export class SideFailure extends Error {
  constructor(
    readonly side: number,
    readonly failure: SliceSessionError,
  ) {
    super(failure.message);
  }
}

export function slicesFor(perCallNs: readonly number[], budgetMs: number): number {
  const slowest = Math.max(1, ...perCallNs);
  return Math.min(MAX_SLICES, Math.max(MIN_SLICES, Math.floor((budgetMs * 1e6) / (slowest * 2))));
}

/** Each side's slices of encode, then of decode, in the order taken. */
export async function timeAlternately(sides: readonly TimingSession[], plan: SlicePlan): Promise<SideWindows[]> {
  const windows: SideWindows[] = sides.map(() => ({ encode: [], decode: [] }));
  for (const operation of OPERATIONS) {
    const count = slicesFor(
      sides.map((side) => side.perCallNs[operation]),
      plan.operationBudgetMs,
    );
    const budgetMs = plan.operationBudgetMs / count;
    const minSamples = Math.max(1, Math.ceil(plan.minSamples / count));
    for (let slice = 0; slice < count; slice++) {
      // A B, then B A: each side goes first as often as last.
      const order = slice % 2 === 0 ? sides.map((_, index) => index) : sides.map((_, index) => sides.length - 1 - index);
      for (const index of order) {
        try {
          windows[index]![operation].push(await sides[index]!.slice(operation, budgetMs, minSamples));
        } catch (error) {
          if (error instanceof SliceSessionError) throw new SideFailure(index, error);
          throw error;
        }
      }
    }
  }
  return windows;
}
