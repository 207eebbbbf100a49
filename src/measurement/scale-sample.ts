/**
 * Scales a sample to a target JSON size, for the size sweep, the limit search and a part of a
 * large sample: the records (a top-level array, or the largest array of records inside the
 * sample) are cut to their first ones to go down, or (pick 'spread', a representative part) to
 * records spread evenly across the file; to go up they are repeated in order, or (growth
 * 'fresh', the sweep's default) followed by fresh records generated from their profile
 * (fresh-records.ts), which compress as records of the sample do rather than as repeats. Runs where the sample is parsed
 * (a codec worker, a limit process): the scaled value is never built by the host.
 *
 * Repeated records are fresh objects parsed from the record's JSON text, not the same object
 * again: a codec that keeps object identity (node:v8, msgpackr's structured clone) would write
 * a back-reference instead of the record. The scaled sample's JSON size is computed from the
 * records' sizes, never by stringifying it (V8 strings stop at 2^29-24 characters).
 */
import type { GrowthFallback } from '../shared/sweep-notes';
import type { SampleScaling } from '../shared/results';
import { jsonText } from '../analysis/json-text';
import type { SampleGrowth, SamplePick, SampleScale } from '../shared/codec-job';
import { MAX_PROFILE_DEPTH, profileRecords } from './record-profile';
import { FreshRecords } from './fresh-records';

export interface ScaledSample {
  value: unknown;
  /** Minified UTF-8 JSON bytes of `value`. */
  jsonBytes: number;
  scaling: SampleScaling;
}

export class UnscalableSampleError extends Error {
  override name = 'UnscalableSampleError';
}

type PathStep = string | number;

export interface RecordsFound {
  path: PathStep[];
  records: unknown[];
}

/** How deep inside objects the records are looked for. */
const SEARCH_DEPTH = 4;

/** The root array, or the array with the most records (objects or arrays) inside the sample's objects. */
export function findRecords(sample: unknown): RecordsFound | undefined {
  if (Array.isArray(sample)) return { path: [], records: sample };
  let best: RecordsFound | undefined;
  let bestScore = -1;
  const visit = (value: unknown, path: PathStep[], depth: number) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value) || depth > SEARCH_DEPTH) return;
    for (const [key, child] of Object.entries(value)) {
      if (Array.isArray(child)) {
        // Arrays of records first, then any array; the longest of each.
        const recordLike = child.some((item) => typeof item === 'object' && item !== null);
        const score = child.length + (recordLike ? Number.MAX_SAFE_INTEGER / 2 : 0);
        if (score > bestScore) {
          bestScore = score;
          best = { path: [...path, key], records: child };
        }
      } else {
        visit(child, [...path, key], depth + 1);
      }
    }
  };
  visit(sample, [], 0);
  return best;
}

export function describePath(path: readonly PathStep[]): string {
  return path.length === 0
    ? '(root array)'
    : path
        .map((step) => (typeof step === 'number' ? `[${step}]` : `.${step}`))
        .join('')
        .replace(/^\./, '');
}

export interface PlanOptions {
  /** How to grow past the sample's own records (default 'repeat'). */
  growth?: SampleGrowth;
  /** Which records a smaller size takes (default 'first'). */
  pick?: SamplePick;
  /**
   * Keep the fresh records made while counting: a build needs them. A plan of many sizes does
   * not, and counts exactly only the first `countedExactly` bytes of them (see FreshStream).
   */
  keepFresh?: boolean;
  /** Default FRESH_COUNTED_EXACTLY. */
  countedExactly?: number;
}

/**
 * Fresh records a plan that does not keep them generates to count; past it, their sizes are
 * extrapolated from the mean. A sweep's plan announces its sizes before any worker builds them:
 * generating a gigabyte there (about a minute on a busy machine) would only delay the estimate,
 * and each worker counts its own size exactly, from the same seed.
 */
export const FRESH_COUNTED_EXACTLY = 64 * 1024 * 1024;

/** The record plan of a scaled size, without building it: how many records and the JSON bytes. */
export class RecordPlan {
  readonly texts: string[];
  private readonly prefix: number[];
  /** JSON bytes of the sample with the records' array empty (`[]` included). */
  readonly envelopeBytes: number;
  private cycle: string | undefined;
  private method: SampleGrowth;
  private fresh: FreshStream | undefined;
  /** Why fresh records were asked for and the records repeat instead. */
  growthFallback: GrowthFallback | undefined;

  constructor(
    sample: unknown,
    readonly found: RecordsFound,
    private readonly options: PlanOptions = {},
  ) {
    if (found.records.length === 0)
      throw new UnscalableSampleError(`the sample's ${describePath(found.path)} is empty: there is nothing to repeat. Give a sample with at least one record.`);
    this.texts = found.records.map((record) => jsonText(record) ?? 'null');
    this.prefix = [0];
    for (const text of this.texts) this.prefix.push(this.prefix[this.prefix.length - 1]! + Buffer.byteLength(text, 'utf8'));
    this.envelopeBytes = Buffer.byteLength(jsonText(withRecords(sample, found.path, [])) ?? '', 'utf8');
    this.method = options.growth ?? 'repeat';
  }

  /** How sizes past the sample's own grow (fresh falls back to repeat where it cannot be had). */
  get growth(): SampleGrowth {
    return this.method;
  }

  /** All the records as one JSON array's text, made once: each repeat is parsed from it. */
  cycleText(): string {
    this.cycle ??= `[${this.texts.join(',')}]`;
    return this.cycle;
  }

  get sourceRecords(): number {
    return this.texts.length;
  }

  /** Which records a size below the sample's takes. */
  get pick(): SamplePick {
    return this.options.pick ?? 'first';
  }

  /** JSON bytes of the sample holding `count` records (cut, picked across, repeated or grown with fresh ones). */
  jsonBytesOf(count: number): number {
    const n = this.texts.length;
    if (count < n && this.pick === 'spread') {
      let body = 0;
      for (const index of spreadIndices(n, count)) body += this.prefix[index + 1]! - this.prefix[index]!;
      return this.envelopeBytes + body + Math.max(0, count - 1);
    }
    const fresh = count > n ? this.freshStream() : undefined;
    if (fresh) return this.envelopeBytes + this.prefix[n]! + fresh.bytesOf(count - n) + (count - 1);
    const cycle = this.prefix[n]!;
    const body = Math.floor(count / n) * cycle + this.prefix[count % n]!;
    return this.envelopeBytes + body + Math.max(0, count - 1);
  }

  /** The record count whose JSON size is closest to the target (at least one record). */
  countFor(targetJsonBytes: number): number {
    const n = this.texts.length;
    const beyond = targetJsonBytes > this.jsonBytesOf(n);
    // A part of the sample is never more than the sample.
    if (beyond && this.pick === 'spread') return n;
    let low = 1;
    let high = 1;
    if (beyond && this.freshStream()) {
      // Fresh records are made one at a time, up to the first count reaching the target.
      high = n + 1;
      while (this.jsonBytesOf(high) < targetJsonBytes) high++;
      low = high;
    } else {
      while (this.jsonBytesOf(high) < targetJsonBytes && (beyond || high < n)) high *= 2;
      if (!beyond) high = Math.min(high, n);
    }
    // The smallest count reaching the target, then whichever of it and the one before is closer.
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      if (this.jsonBytesOf(middle) >= targetJsonBytes) high = middle;
      else low = middle + 1;
    }
    if (high > 1 && targetJsonBytes - this.jsonBytesOf(high - 1) < this.jsonBytesOf(high) - targetJsonBytes) return high - 1;
    return high;
  }

  /** The first `count` fresh records (a plan made with keepFresh). */
  freshRecords(count: number): unknown[] {
    const fresh = this.freshStream();
    if (!fresh) throw new Error('this plan grows by repeating its records');
    return fresh.values(count);
  }

  /** The fresh records' stream, once it is known that there can be one; undefined when growing by repetition. */
  private freshStream(): FreshStream | undefined {
    if (this.method !== 'fresh') return undefined;
    if (!this.fresh) {
      const profile = profileRecords(this.found.records);
      if (profile.depth > MAX_PROFILE_DEPTH) {
        this.method = 'repeat';
        this.growthFallback = { code: 'nesting-too-deep', maxDepth: MAX_PROFILE_DEPTH };
        return undefined;
      }
      this.fresh = new FreshStream(new FreshRecords(profile), this.options.keepFresh === true, this.options.countedExactly ?? FRESH_COUNTED_EXACTLY);
    }
    return this.fresh;
  }
}

/** Fresh records in order, with their JSON sizes; kept when a build needs them. */
class FreshStream {
  private readonly prefix = [0];
  private readonly kept: unknown[] | undefined;

  constructor(
    private readonly generator: FreshRecords,
    keep: boolean,
    private readonly countedExactly: number,
  ) {
    if (keep) this.kept = [];
  }

  /** JSON bytes of the first `count` fresh records (commas apart); extrapolated past `countedExactly` when not kept. */
  bytesOf(count: number): number {
    const made = this.prefix.length - 1;
    if (!this.kept && count > made && this.prefix[made]! >= this.countedExactly) return Math.round(this.prefix[made]! * (count / made));
    while (this.prefix.length <= count) {
      const record = this.generator.next();
      if (this.kept) this.kept.push(record);
      this.prefix.push(this.prefix[this.prefix.length - 1]! + Buffer.byteLength(jsonText(record) ?? 'null', 'utf8'));
    }
    return this.prefix[count]!;
  }

  values(count: number): unknown[] {
    if (!this.kept) throw new Error('the fresh records were counted, not kept');
    this.bytesOf(count);
    return this.kept.slice(0, count);
  }
}

export function recordPlanOf(sample: unknown, options: PlanOptions = {}): RecordPlan {
  const found = findRecords(sample);
  if (!found) {
    throw new UnscalableSampleError(
      'a size sweep scales an array of records, and this sample has none: give a top-level array, JSON Lines, or an object holding an array (e.g. {"items": [...]}).',
    );
  }
  return new RecordPlan(sample, found, options);
}

/**
 * The sample scaled to about `scale.targetJsonBytes`: its first records or records across it
 * (`scale.pick`), or past them its records repeated, or fresh records generated from them
 * (`scale.growth`).
 */
export function scaleSample(
  sample: unknown,
  scale: SampleScale,
  plan: RecordPlan = recordPlanOf(sample, { growth: scale.growth ?? 'repeat', pick: scale.pick ?? 'first', keepFresh: true }),
): ScaledSample {
  const count = plan.countFor(scale.targetJsonBytes);
  const source = plan.found.records;
  const n = source.length;
  // The first pass keeps the parsed records; each repeat is parsed afresh from its text. Grown
  // by push, never preallocated: a holey array is one node:v8 writes sparsely, index by index.
  const records: unknown[] = count < n && plan.pick === 'spread' ? spreadIndices(n, count).map((index) => source[index]) : source.slice(0, Math.min(count, n));
  const fresh = count > n && plan.growth === 'fresh' ? count - n : 0;
  if (fresh > 0) {
    for (const record of plan.freshRecords(fresh)) records.push(record);
  } else {
    // One JSON.parse per repeat of all the records' text rather than one per record: about a
    // quarter quicker (128 MiB of the bundled tuples: 16 s → 11–12 s), and the same fresh objects.
    for (let start = n; start < count; start += n) {
      const take = Math.min(n, count - start);
      const copy = JSON.parse(take === n ? plan.cycleText() : `[${plan.texts.slice(0, take).join(',')}]`) as unknown[];
      for (const record of copy) records.push(record);
    }
  }
  return {
    value: withRecords(sample, plan.found.path, records),
    jsonBytes: plan.jsonBytesOf(count),
    scaling: scalingOf(plan, count, scale.targetJsonBytes),
  };
}

/** How `count` records were had from the plan's sample, as reported with each size. */
export function scalingOf(plan: RecordPlan, count: number, targetJsonBytes: number): SampleScaling {
  const n = plan.sourceRecords;
  const grown = count > n;
  return {
    recordsPath: describePath(plan.found.path),
    sourceRecords: n,
    records: count,
    repeated: grown && plan.growth === 'repeat',
    targetJsonBytes,
    growth: plan.growth,
    ...(grown && plan.growth === 'fresh' ? { freshRecords: count - n } : {}),
    ...(plan.growthFallback === undefined ? {} : { growthFallback: plan.growthFallback }),
    ...(count < n && plan.pick === 'spread' ? { pick: 'spread' as const } : {}),
  };
}

/**
 * `count` of `n` records spread evenly across them, in order: the first, then one every n/count
 * (so a part of a file sorted by time or by kind still holds each stretch of it).
 */
export function spreadIndices(n: number, count: number): number[] {
  const indices: number[] = [];
  for (let i = 0; i < count; i++) indices.push(Math.floor((i * n) / count));
  return indices;
}

/** A copy of the sample's objects along `path` with the array at its end replaced (the rest shared). */
function withRecords(sample: unknown, path: readonly PathStep[], records: unknown[]): unknown {
  if (path.length === 0) return records;
  const [head, ...rest] = path;
  const container = sample as Record<string, unknown>;
  return { ...container, [head as string]: withRecords(container[head as string], rest, records) };
}

/** Sizes from `minBytes` up to `maxBytes`, each `factor` times the previous; the maximum always included. */
export function sweepSizes(minBytes: number, maxBytes: number, factor: number): number[] {
  if (!(factor > 1)) throw new RangeError(`the step factor must be above 1, got ${factor}`);
  const sizes: number[] = [];
  for (let size = minBytes; size < maxBytes * 0.999; size *= factor) sizes.push(Math.round(size));
  const last = sizes[sizes.length - 1];
  // A last step much smaller than the others replaces the one before it rather than crowding it.
  if (last !== undefined && maxBytes / last < Math.sqrt(factor) && sizes.length > 1) sizes.pop();
  sizes.push(maxBytes);
  return sizes;
}
