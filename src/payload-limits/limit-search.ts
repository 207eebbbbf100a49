/**
 * The search for one codec's largest payload: double the size from a start until encode fails
 * (or the cap), then bisect each boundary (encode, and encode + decode) to within a precision.
 * Pure over a `trial` function, so it is tested without processes. A size that failed is never
 * taken as passed: each boundary is the largest size that worked below the smallest that failed.
 */
import type { LimitFailure } from '../shared/sweep';

export interface TrialOutcome {
  /** The size really tried (the closest whole number of records); absent if it could not be built. */
  jsonBytes?: number;
  encoded: boolean;
  decoded: boolean;
  failure?: Omit<LimitFailure, 'atJsonBytes'>;
}

export interface SearchOptions {
  startJsonBytes: number;
  capJsonBytes: number;
  /** Stop bisecting when the gap is below this share of the size that worked (0.1: about 10%). */
  precision: number;
  /** Below this, a failing codec is not chased further down. */
  minJsonBytes: number;
}

export interface SearchResult {
  encodeMaxJsonBytes: number | null;
  decodeMaxJsonBytes: number | null;
  failure: LimitFailure | null;
  capped: boolean;
  trials: number;
}

type Tried = Map<number, TrialOutcome>;

export async function searchLimit(trial: (targetJsonBytes: number) => Promise<TrialOutcome>, options: SearchOptions): Promise<SearchResult> {
  const tried: Tried = new Map();
  const run = async (target: number) => {
    const rounded = Math.round(target);
    if (!tried.has(rounded)) tried.set(rounded, await trial(rounded));
    return tried.get(rounded)!;
  };
  const cap = options.capJsonBytes;
  for (let size = Math.min(options.startJsonBytes, cap); ; size = Math.min(size * 2, cap)) {
    const outcome = await run(size);
    if (!outcome.encoded || size >= cap) break;
  }
  await bisect(run, tried, (outcome) => outcome.decoded, options);
  await bisect(run, tried, (outcome) => outcome.encoded, options);

  const decodeBound = boundary(tried, (outcome) => outcome.decoded);
  const firstFailure = decodeBound.fail === undefined ? undefined : tried.get(decodeBound.fail)!;
  const held = heldSoFar(tried);
  return {
    encodeMaxJsonBytes: held.encodedJsonBytes,
    decodeMaxJsonBytes: held.decodedJsonBytes,
    failure: firstFailure?.failure ? { ...firstFailure.failure, atJsonBytes: firstFailure.jsonBytes ?? decodeBound.fail! } : null,
    capped: decodeBound.fail === undefined && tried.get(cap)?.decoded === true,
    trials: tried.size,
  };
}

/**
 * What held so far in a search that may still go on, or was stopped: the largest sizes encoded,
 * and encoded and decoded back, below the smallest that failed (null before one held). A
 * lower bound of the limit the finished search would give.
 */
export function heldSoFar(tried: ReadonlyMap<number, TrialOutcome>): { encodedJsonBytes: number | null; decodedJsonBytes: number | null } {
  const sizeOf = (target: number | undefined) => (target === undefined ? null : (tried.get(target)!.jsonBytes ?? target));
  return {
    encodedJsonBytes: sizeOf(boundary(tried, (outcome) => outcome.encoded).ok),
    decodedJsonBytes: sizeOf(boundary(tried, (outcome) => outcome.decoded).ok),
  };
}

/** The smallest target that failed, and the largest below it that passed. */
function boundary(tried: ReadonlyMap<number, TrialOutcome>, passed: (outcome: TrialOutcome) => boolean): { ok?: number; fail?: number } {
  const targets = [...tried.keys()].sort((a, b) => a - b);
  const fail = targets.find((target) => !passed(tried.get(target)!));
  const below = targets.filter((target) => (fail === undefined || target < fail) && passed(tried.get(target)!));
  return { ...(below.length > 0 ? { ok: below[below.length - 1] } : {}), ...(fail === undefined ? {} : { fail }) };
}

async function bisect(
  run: (target: number) => Promise<TrialOutcome>,
  tried: Tried,
  passed: (outcome: TrialOutcome) => boolean,
  options: SearchOptions,
): Promise<void> {
  for (;;) {
    const { ok, fail } = boundary(tried, passed);
    if (fail === undefined) return;
    // Failing from the start: halve until something works (or the sizes get too small to matter).
    const next = ok === undefined ? fail / 2 : (ok + fail) / 2;
    if (ok === undefined ? next < options.minJsonBytes : fail - ok <= options.precision * ok) return;
    // Sizes one record apart: nothing lies between.
    const okBytes = ok === undefined ? undefined : tried.get(ok)!.jsonBytes;
    if (okBytes !== undefined && okBytes === tried.get(fail)!.jsonBytes) return;
    if (tried.has(Math.round(next))) return;
    await run(next);
  }
}
