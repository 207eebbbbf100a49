/**
 * Walk states saved along an encoding, so that the next page of the same bytes resumes at the
 * nearest one before its window instead of at byte 0: a hex viewer pages back and forth in one
 * encoding, and only the first page past a point pays for the scan up to it. Kept per bytes
 * object (a WeakMap: they go when the bytes go); the bytes must not change between calls.
 */

/** Bytes between checkpoints at least; more for deep stacks, so saved states stay small. */
const SPACING = 64 * 1024;
const BYTES_PER_FRAME = 256;

export class Checkpoints<State> {
  private readonly positions: number[] = [];
  private readonly states: State[] = [];

  /** The state saved last at or before `position`. */
  before(position: number): { position: number; state: State } | undefined {
    let low = 0;
    let high = this.positions.length - 1;
    let found = -1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (this.positions[mid]! <= position) {
        found = mid;
        low = mid + 1;
      } else high = mid - 1;
    }
    return found < 0 ? undefined : { position: this.positions[found]!, state: this.states[found]! };
  }

  /** Where the walk, now at `position` with `depth` open containers, saves its next state. */
  nextAfter(position: number, depth: number): number {
    const last = this.positions.length === 0 ? 0 : this.positions[this.positions.length - 1]!;
    return Math.max(position, last) + Math.max(SPACING, depth * BYTES_PER_FRAME);
  }

  save(position: number, state: State): void {
    const last = this.positions.length === 0 ? -1 : this.positions[this.positions.length - 1]!;
    if (position <= last) return;
    this.positions.push(position);
    this.states.push(state);
  }
}

/** The checkpoints of `bytes` in `cache`, created on first use. */
export function checkpointsOf<State>(cache: WeakMap<Uint8Array, Checkpoints<State>>, bytes: Uint8Array): Checkpoints<State> {
  let checkpoints = cache.get(bytes);
  if (checkpoints === undefined) cache.set(bytes, (checkpoints = new Checkpoints<State>()));
  return checkpoints;
}
