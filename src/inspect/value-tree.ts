/**
 * The original sample and the decoded value as one tree, side by side: each row is a path, with
 * what each side has there. Children are the original's keys (or indexes), then what only the
 * decoded value has, so a missing key and an added default both get a row. Rows are made on
 * demand, a page at a time: the values can be 100 MB, the panel sees a few hundred rows.
 */
import { types } from 'node:util';
import { formatPath } from '../analysis/json-path';
import { compareScalar, shapeOf } from '../analysis/values';
import { readDecodedKey } from '../analysis/walk-pairs';
import type { ChildrenPage, NodeRemnant, PathStep, TreeNode } from '../shared/inspector';
import { summarize } from './value-summary';

/** A side's value at a path; `present: false` where that side has nothing. */
type Slot = { present: true; value: unknown } | { present: false };

const ABSENT: Slot = { present: false };
/** Key lists kept for paging through one big object without listing its keys again. */
const KEY_CACHE_SIZE = 8;

function slot(value: unknown): Slot {
  return { present: true, value };
}

function isListLike(value: unknown): value is ArrayLike<unknown> {
  return Array.isArray(value) || types.isTypedArray(value);
}

function isKeyed(value: unknown): value is object {
  const shape = shapeOf(value);
  return shape === 'record' || shape === 'map';
}

/** An index of a list, or a key as the analysis reads it (own, inherited, Map entry): see walk-pairs.ts. */
function readDecoded(container: unknown, step: PathStep): Slot {
  if (container === null || typeof container !== 'object') return ABSENT;
  if (typeof step === 'number') return isListLike(container) && step < container.length ? slot(container[step]) : ABSENT;
  const read = readDecodedKey(container, step);
  return read ? slot(read.value) : ABSENT;
}

function readOriginal(container: unknown, step: PathStep): Slot {
  if (typeof step === 'number') return Array.isArray(container) && step < container.length ? slot(container[step]) : ABSENT;
  if (container === null || typeof container !== 'object' || Array.isArray(container)) return ABSENT;
  return Object.hasOwn(container, step) ? slot((container as Record<string, unknown>)[step]) : ABSENT;
}

/** Own enumerable keys of a decoded object (Map keys as text), or [] where it has none. */
function decodedKeys(value: unknown): string[] {
  try {
    if (types.isMap(value)) return [...value.keys()].map(String);
    return isKeyed(value) ? Object.keys(value) : [];
  } catch {
    return [];
  }
}

function differs(original: Slot, decoded: Slot): boolean {
  if (!original.present || !decoded.present) return original.present !== decoded.present;
  const expected = original.value;
  const actual = decoded.value;
  if (Array.isArray(expected)) return !Array.isArray(actual) || actual.length !== expected.length;
  if (expected !== null && typeof expected === 'object') return shapeOf(actual) !== 'record';
  return compareScalar(expected, actual) !== null;
}

/** What a row's children are: indexes up to `length`, or these keys. */
type ChildSteps = { kind: 'indexes'; length: number } | { kind: 'keys'; keys: string[] };

export class ValueTree {
  private readonly keyCache = new Map<string, ChildSteps>();

  constructor(
    private readonly original: unknown,
    private readonly decoded: unknown,
    private readonly remnantsAt: (steps: readonly PathStep[], path: string) => NodeRemnant[],
  ) {}

  node(steps: readonly PathStep[]): TreeNode {
    const { original, decoded } = this.resolve(steps);
    return this.describe(steps, original, decoded);
  }

  children(steps: readonly PathStep[], offset: number, limit: number): ChildrenPage {
    const { original, decoded } = this.resolve(steps);
    const children = this.childSteps(steps, original, decoded);
    const total = children.kind === 'indexes' ? children.length : children.keys.length;
    const start = Math.max(0, Math.min(offset, total));
    const end = Math.min(total, start + Math.max(0, limit));
    const nodes: TreeNode[] = [];
    for (let i = start; i < end; i++) {
      const step: PathStep = children.kind === 'indexes' ? i : children.keys[i]!;
      const childOriginal = original.present ? readOriginal(original.value, step) : ABSENT;
      const childDecoded = decoded.present ? readDecoded(decoded.value, step) : ABSENT;
      nodes.push(this.describe([...steps, step], childOriginal, childDecoded));
    }
    return { total, offset: start, nodes };
  }

  /** The child index of each step, as `children` lists them; throws for a path not in the tree. */
  locate(steps: readonly PathStep[]): number[] {
    const indexes: number[] = [];
    let original: Slot = slot(this.original);
    let decoded: Slot = slot(this.decoded);
    for (let depth = 0; depth < steps.length; depth++) {
      const step = steps[depth]!;
      const children = this.childSteps(steps.slice(0, depth), original, decoded);
      const index = children.kind === 'indexes' ? (typeof step === 'number' && step < children.length ? step : -1) : children.keys.indexOf(String(step));
      if (index < 0) throw new Error(`${formatPath(steps)} is not in the decoded output`);
      indexes.push(index);
      original = original.present ? readOriginal(original.value, step) : ABSENT;
      decoded = decoded.present ? readDecoded(decoded.value, step) : ABSENT;
    }
    return indexes;
  }

  private resolve(steps: readonly PathStep[]): { original: Slot; decoded: Slot } {
    let original: Slot = slot(this.original);
    let decoded: Slot = slot(this.decoded);
    for (const step of steps) {
      original = original.present ? readOriginal(original.value, step) : ABSENT;
      decoded = decoded.present ? readDecoded(decoded.value, step) : ABSENT;
      if (!original.present && !decoded.present) throw new Error(`${formatPath(steps)} is not in the decoded output`);
    }
    return { original, decoded };
  }

  private describe(steps: readonly PathStep[], original: Slot, decoded: Slot): TreeNode {
    const path = formatPath(steps);
    const last = steps[steps.length - 1];
    return {
      steps: [...steps],
      path,
      label: last === undefined ? '$' : typeof last === 'number' ? `[${last}]` : last,
      original: original.present ? summarize(original.value) : null,
      decoded: decoded.present ? summarize(decoded.value) : null,
      differs: differs(original, decoded),
      childCount: this.countChildren(steps, original, decoded),
      remnants: this.remnantsAt(steps, path),
    };
  }

  private countChildren(steps: readonly PathStep[], original: Slot, decoded: Slot): number {
    const children = this.childSteps(steps, original, decoded, false);
    return children.kind === 'indexes' ? children.length : children.keys.length;
  }

  /**
   * Indexes where either side is a list (the longer length), else the original's keys and then
   * the decoded value's own. `cache` is off when counting rows: a page of siblings would evict
   * the list being paged through.
   */
  private childSteps(steps: readonly PathStep[], original: Slot, decoded: Slot, cache = true): ChildSteps {
    const key = cache ? JSON.stringify(steps) : '';
    const cached = cache ? this.keyCache.get(key) : undefined;
    if (cached) return cached;
    const o = original.present ? original.value : undefined;
    const d = decoded.present ? decoded.value : undefined;
    let children: ChildSteps;
    if (Array.isArray(o) || (!original.present && isListLike(d))) {
      children = { kind: 'indexes', length: Math.max(Array.isArray(o) ? o.length : 0, isListLike(d) ? d.length : 0) };
    } else if (o !== null && typeof o === 'object') {
      const keys = Object.keys(o);
      for (const extra of decodedKeys(d)) if (!Object.hasOwn(o, extra)) keys.push(extra);
      children = { kind: 'keys', keys };
    } else if (!original.present) {
      children = { kind: 'keys', keys: decodedKeys(d) };
    } else {
      children = { kind: 'keys', keys: [] }; // a scalar in the sample: whatever came back is shown, not opened
    }
    if (cache) {
      if (this.keyCache.size >= KEY_CACHE_SIZE) this.keyCache.delete(this.keyCache.keys().next().value!);
      this.keyCache.set(key, children);
    }
    return children;
  }
}
