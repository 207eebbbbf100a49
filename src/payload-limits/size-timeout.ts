/**
 * The time a limit process gets for one size: what the largest size answered so far took,
 * scaled to this size and given a margin, between a floor and the user's maximum. A flat maximum
 * let a process thrashing near its heap limit run for minutes; that thrash is a result of its
 * own ("timed out near the heap limit"), found sooner this way.
 */

/** Time for a size = this × the predicted time (the previous size's time, scaled linearly). */
export const TIMEOUT_MARGIN = 4;
/** No size gets less: process start-up and a loaded machine. */
export const MIN_SIZE_TIMEOUT_MS = 60_000;

export interface AnsweredSize {
  jsonBytes: number;
  ms: number;
}

export class SizeTimeouts {
  private readonly answered: AnsweredSize[] = [];

  constructor(private readonly maxMs: number) {}

  /** A size that answered (passed or failed with an error), and how long its process took. */
  record(size: AnsweredSize): void {
    this.answered.push(size);
  }

  /** The timeout for a try at `targetJsonBytes`, from the largest answered size below it. */
  timeoutFor(targetJsonBytes: number): number {
    const below = this.answered.filter((size) => size.jsonBytes <= targetJsonBytes);
    const basis = below.length === 0 ? undefined : below.reduce((largest, size) => (size.jsonBytes > largest.jsonBytes ? size : largest));
    if (basis === undefined) return this.maxMs;
    const predicted = (basis.ms * targetJsonBytes) / Math.max(1, basis.jsonBytes);
    return Math.min(this.maxMs, Math.max(MIN_SIZE_TIMEOUT_MS, Math.round(TIMEOUT_MARGIN * predicted)));
  }
}
