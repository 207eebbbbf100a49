/**
 * Scales a sample to a target JSON size, for the size sweep and the limit search: the records
 * (a top-level array, or the largest array of records inside the sample) are cut to their
 * first ones to go down, and repeated in order to go up. Runs where the sample is parsed (a
 * codec worker, a limit process): the scaled value is never built by the host.
 *
 * Repeated records are fresh objects parsed from the record's JSON text, not the same object
 * again: a codec that keeps object identity (node:v8, msgpackr's structured clone) would write
 * a back-reference instead of the record. The scaled sample's JSON size is computed from the
 * records' sizes, never by stringifying it (V8 strings stop at 2^29-24 characters).
 */
import type { SampleScaling } from '../shared/results';
import { jsonText } from '../analysis/json-text';
import type { SampleScale } from '../shared/codec-job';

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
  return path.length === 0 ? '(root array)' : path.map((step) => (typeof step === 'number' ? `[${step}]` : `.${step}`)).join('').replace(/^\./, '');
}

/** The record plan of a scaled size, without building it: how many records and the JSON bytes. */
export class RecordPlan {
  readonly texts: string[];
  private readonly prefix: number[];
  /** JSON bytes of the sample with the records' array empty (`[]` included). */
  readonly envelopeBytes: number;
  private cycle: string | undefined;

  constructor(sample: unknown, readonly found: RecordsFound) {
    if (found.records.length === 0) throw new UnscalableSampleError(`the sample's ${describePath(found.path)} is empty: there is nothing to repeat. Give a sample with at least one record.`);
    this.texts = found.records.map((record) => jsonText(record) ?? 'null');
    this.prefix = [0];
    for (const text of this.texts) this.prefix.push(this.prefix[this.prefix.length - 1]! + Buffer.byteLength(text, 'utf8'));
    this.envelopeBytes = Buffer.byteLength(jsonText(withRecords(sample, found.path, [])) ?? '', 'utf8');
  }

  /** All the records as one JSON array's text, made once: each repeat is parsed from it. */
  cycleText(): string {
    this.cycle ??= `[${this.texts.join(',')}]`;
    return this.cycle;
  }

  get sourceRecords(): number {
    return this.texts.length;
  }

  /** JSON bytes of the sample holding `count` records (cut or repeated). */
  jsonBytesOf(count: number): number {
    const n = this.texts.length;
    const cycle = this.prefix[n]!;
    const body = Math.floor(count / n) * cycle + this.prefix[count % n]!;
    return this.envelopeBytes + body + Math.max(0, count - 1);
  }

  /** The record count whose JSON size is closest to the target (at least one record). */
  countFor(targetJsonBytes: number): number {
    let low = 1;
    let high = 1;
    while (this.jsonBytesOf(high) < targetJsonBytes) high *= 2;
    // The smallest count reaching the target, then whichever of it and the one before is closer.
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      if (this.jsonBytesOf(middle) >= targetJsonBytes) high = middle;
      else low = middle + 1;
    }
    if (high > 1 && targetJsonBytes - this.jsonBytesOf(high - 1) < this.jsonBytesOf(high) - targetJsonBytes) return high - 1;
    return high;
  }
}

export function recordPlanOf(sample: unknown): RecordPlan {
  const found = findRecords(sample);
  if (!found) {
    throw new UnscalableSampleError('a size sweep scales an array of records, and this sample has none: give a top-level array, JSON Lines, or an object holding an array (e.g. {"items": [...]}).');
  }
  return new RecordPlan(sample, found);
}

/** The sample scaled to about `scale.targetJsonBytes`: its first records, or its records repeated. */
export function scaleSample(sample: unknown, scale: SampleScale, plan: RecordPlan = recordPlanOf(sample)): ScaledSample {
  const count = plan.countFor(scale.targetJsonBytes);
  const source = plan.found.records;
  const n = source.length;
  // The first pass keeps the parsed records; each repeat is parsed afresh from its text. Grown
  // by push, never preallocated: a holey array is one node:v8 writes sparsely, index by index.
  const records: unknown[] = source.slice(0, Math.min(count, n));
  // One JSON.parse per repeat of all the records' text rather than one per record: about a
  // quarter quicker (128 MiB of the bundled tuples: 16 s → 11–12 s), and the same fresh objects.
  for (let start = n; start < count; start += n) {
    const take = Math.min(n, count - start);
    const copy = JSON.parse(take === n ? plan.cycleText() : `[${plan.texts.slice(0, take).join(',')}]`) as unknown[];
    for (const record of copy) records.push(record);
  }
  return {
    value: withRecords(sample, plan.found.path, records),
    jsonBytes: plan.jsonBytesOf(count),
    scaling: { recordsPath: describePath(plan.found.path), sourceRecords: n, records: count, repeated: count > n, targetJsonBytes: scale.targetJsonBytes },
  };
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
