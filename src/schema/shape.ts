/**
 * The structural shape of a JSON sample, independent of any wire format: what Avro and proto3
 * inference both start from. Every part remembers the JSON path where it was first seen, so a
 * schema generator can say exactly which value it cannot express.
 *
 * Shapes are plain data built in one pass: merging folds the second shape into the first in
 * place (reusing its parts), so inferring a schema stays linear in the sample however many
 * objects share a path. A shape belongs to one inference; nothing else holds on to it.
 */
import { UnsupportedSampleError } from './sample-contracts';
import { isPrototypeKey } from './names';
import { MAX_RECORD_FIELDS, prototypeKey, toDictionary } from './shape-merge';
import type { FieldShape, MemberShape, ObjectShape, Shape, UnionShape } from './shape-types';

export { mergeShapes, MAX_RECORD_FIELDS } from './shape-merge';
export type * from './shape-types';

/**
 * Nesting beyond this is refused up front. Real payloads stay far below it; the walks here are
 * recursive, and so are avsc and protobufjs, which is why no higher limit is promised.
 */
export const MAX_SHAPE_DEPTH = 1000;

/** `$.items[0].x`, `$["odd key"]`: the notation used in results (`Difference.path`). */
export function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;
}

/** The shape of one JSON value (the sample's root is `$`). */
export function inferShape(sample: unknown): Shape {
  return withStackGuard(() => absorb(undefined, sample, null, null, 0));
}

/** Message mode: the shape of one message, every record of the stream merged into it (as an array's elements are). */
export function messageShape(records: readonly unknown[]): Shape {
  const shape = inferShape(records);
  return shape.kind === 'array' ? shape.element : shape;
}

/**
 * Runs a recursive walk, turning a stack overflow (possible below MAX_SHAPE_DEPTH on a small
 * stack) into a skipped row with a reason instead of an opaque RangeError.
 */
export function withStackGuard<T>(walk: () => T): T {
  try {
    return walk();
  } catch (error) {
    if (error instanceof RangeError && /call stack/i.test(error.message)) {
      throw new UnsupportedSampleError('the sample nests too deeply to infer a schema (the call stack ran out)');
    }
    throw error;
  }
}

/**
 * Folds one JSON value into the shape seen so far at its path (`existing`, undefined at a new
 * path) and returns the shape for both. Shapes are updated in place and created only where a
 * path or kind is new, so a sample of a million similar objects allocates a few shapes, not a
 * million: inference stays linear and light on the collector. `key` is the value's key or
 * index in its parent; its path is formatted only when a shape needs it.
 */
function absorb(existing: Shape | undefined, value: unknown, parent: Where | null, key: string | number | null, depth: number): Shape {
  if (depth > MAX_SHAPE_DEPTH) {
    throw new UnsupportedSampleError(
      `the sample nests deeper than ${MAX_SHAPE_DEPTH} levels (at ${truncatePath(pathAt(parent, key))}): no schema is inferred for it`,
    );
  }
  if (value === null) {
    if (existing === undefined || existing.kind === 'unknown') return { kind: 'null', path: pathAt(parent, key) };
    if (existing.kind !== 'null' && existing.nullAt === undefined) existing.nullAt = pathAt(parent, key);
    return existing;
  }
  if (existing === undefined || existing.kind === 'unknown') return fill(fresh(value, pathAt(parent, key)), value, parent, key, depth);
  if (existing.kind === 'null') {
    const shape = fill(fresh(value, pathAt(parent, key)), value, parent, key, depth);
    shape.nullAt = existing.path;
    return shape;
  }
  const members = existing.kind === 'union' ? existing.members : null;
  const current = members === null ? (existing as MemberShape) : members.find((member) => holds(member, value));
  if (current !== undefined && holds(current, value)) {
    const updated = fill(current, value, parent, key, depth);
    if (updated === current) return existing;
    // An integer shape that met a non-integer: replaced by a double shape.
    if (members !== null) {
      members[members.indexOf(current)] = updated;
      return existing;
    }
    if (existing.nullAt !== undefined) updated.nullAt = existing.nullAt;
    return updated;
  }
  const added = fill(fresh(value, pathAt(parent, key)), value, parent, key, depth);
  if (members !== null) {
    members.push(added);
    return existing;
  }
  const nullAt = existing.nullAt;
  if (nullAt !== undefined) delete existing.nullAt;
  const union: UnionShape = { kind: 'union', path: existing.path, members: [existing as MemberShape, added] };
  if (nullAt !== undefined) union.nullAt = nullAt;
  return union;
}

/**
 * Where a value sits, as a chain of keys: formatted into a path only when a shape records it
 * (a new path, a first null or zero), not for every one of a million values.
 */
class Where {
  /** Formatted once: on varied documents many new shapes (and their children) ask for it. */
  private formatted: string | undefined;

  constructor(
    readonly parent: Where | null,
    readonly key: string | number | null,
  ) {}

  path(): string {
    this.formatted ??= pathAt(this.parent, this.key);
    return this.formatted;
  }
}

function pathAt(parent: Where | null, key: string | number | null): string {
  const base = parent === null ? '$' : parent.path();
  return key === null ? base : childPath(base, key);
}

/** Whether a member shape is of the family of a (non-null) JSON value. */
function holds(shape: MemberShape, value: unknown): boolean {
  switch (typeof value) {
    case 'boolean':
      return shape.kind === 'boolean';
    case 'string':
      return shape.kind === 'string';
    case 'number':
      return shape.kind === 'integer' || shape.kind === 'double';
    default:
      return Array.isArray(value) ? shape.kind === 'array' : shape.kind === 'object';
  }
}

/** An empty shape of the value's kind, for `fill` to complete. */
function fresh(value: unknown, path: string): MemberShape {
  switch (typeof value) {
    case 'boolean':
      return { kind: 'boolean', path };
    case 'string':
      return { kind: 'string', path };
    case 'number':
      return Number.isInteger(value) ? { kind: 'integer', path, min: value, max: value } : { kind: 'double', path };
    case 'object':
      return Array.isArray(value) ? { kind: 'array', path, element: { kind: 'unknown', path } } : { kind: 'object', path, fields: new Map(), count: 0 };
    default:
      throw new UnsupportedSampleError(`${path} is a ${typeof value}, which is not a JSON value`);
  }
}

/** Adds what `value` teaches to a shape of its family; returns it, or its double replacement. */
function fill(shape: MemberShape, value: unknown, parent: Where | null, key: string | number | null, depth: number): MemberShape {
  switch (shape.kind) {
    case 'boolean':
    case 'string':
      if (!value && shape.zeroAt === undefined) shape.zeroAt = pathAt(parent, key);
      return shape;
    case 'integer':
    case 'double': {
      const number = value as number;
      if (number === 0 && shape.zeroAt === undefined) shape.zeroAt = pathAt(parent, key);
      if (shape.kind === 'double') return shape;
      if (!Number.isInteger(number))
        return shape.zeroAt === undefined ? { kind: 'double', path: shape.path } : { kind: 'double', path: shape.path, zeroAt: shape.zeroAt };
      if (number < shape.min) shape.min = number;
      if (number > shape.max) shape.max = number;
      return shape;
    }
    case 'array': {
      const items = value as unknown[];
      if (items.length === 0) return shape;
      const where = new Where(parent, key);
      let element: Shape | undefined = shape.element.kind === 'unknown' ? undefined : shape.element;
      for (let index = 0; index < items.length; index++) element = absorb(element, items[index], where, index, depth + 1);
      shape.element = element!;
      return shape;
    }
    case 'object': {
      const object = value as Record<string, unknown>;
      const where = new Where(parent, key);
      shape.count += 1;
      if (shape.values !== undefined) {
        for (const key of Object.keys(object)) {
          if (isPrototypeKey(key)) throw prototypeKey(where.path());
          shape.values = absorb(shape.values, object[key], where, key, depth + 1);
        }
        return shape;
      }
      for (const key of Object.keys(object)) {
        const field = shape.fields.get(key);
        if (field === undefined) {
          shape.fields.set(key, { shape: absorb(undefined, object[key], where, key, depth + 1), present: 1 });
        } else {
          field.shape = absorb(field.shape, object[key], where, key, depth + 1);
          field.present += 1;
        }
      }
      if (shape.fields.size > MAX_RECORD_FIELDS) toDictionary(shape);
      return shape;
    }
  }
}

/** A field may be missing or null in the data (so the schema must allow "no value"). */
export function isOptionalField(owner: ObjectShape, field: FieldShape): boolean {
  return field.present < owner.count || field.shape.nullAt !== undefined || field.shape.kind === 'null';
}

/** Whether some merged object lacked this field (`null` values do not count as absent). */
export function isSometimesAbsent(owner: ObjectShape, field: FieldShape): boolean {
  return field.present < owner.count;
}

/** Every object key anywhere in the shape (iterative: called on shapes of any depth). */
export function allKeys(root: Shape): Set<string> {
  const keys = new Set<string>();
  const pending: Shape[] = [root];
  for (let shape = pending.pop(); shape !== undefined; shape = pending.pop()) {
    if (shape.kind === 'array') pending.push(shape.element);
    else if (shape.kind === 'union') pending.push(...shape.members);
    else if (shape.kind === 'object' && shape.values !== undefined) pending.push(shape.values);
    else if (shape.kind === 'object') {
      for (const [key, field] of shape.fields) {
        keys.add(key);
        pending.push(field.shape);
      }
    }
  }
  return keys;
}

/** Levels of arrays and objects, the root counting as 1 (iterative, like allKeys). */
export function shapeDepth(root: Shape): number {
  let deepest = 0;
  const pending: Array<[Shape, number]> = [[root, 1]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [shape, depth] = next;
    if (shape.kind === 'array') pending.push([shape.element, depth + 1]);
    else if (shape.kind === 'union') for (const member of shape.members) pending.push([member, depth]);
    else if (shape.kind === 'object' && shape.values !== undefined) pending.push([shape.values, depth + 1]);
    else if (shape.kind === 'object') for (const field of shape.fields.values()) pending.push([field.shape, depth + 1]);
    else continue;
    deepest = Math.max(deepest, depth);
  }
  return deepest;
}

/** For messages: `integer`, `array`, `object`… */
export function describeKind(shape: Shape): string {
  return shape.kind === 'unknown' ? 'unknown (always empty)' : shape.kind;
}

/** `integer (first at $.a[0]), string (first at $.a[2])`: what a union mixes, and where. */
export function describeUnion(shape: UnionShape): string {
  return shape.members.map((member) => `${describeKind(member)} (first at ${member.path})`).join(', ');
}

/** Keeps error messages readable when a path is thousands of segments long. */
export function truncatePath(path: string, limit = 120): string {
  return path.length <= limit ? path : `${path.slice(0, limit / 2)}…${path.slice(-limit / 2)}`;
}
