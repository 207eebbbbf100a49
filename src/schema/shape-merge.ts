/**
 * Merging shapes: folding one shape into another in place, as inference does for the values of
 * a map and for objects that turn out to be dictionaries (see shape.ts).
 */
import { UnsupportedSampleError } from './sample-contracts';
import type { DoubleShape, IntegerShape, MemberShape, ObjectShape, Shape, UnionShape } from './shape-types';

/**
 * An object with more distinct keys than this (over every object merged at its path) is a
 * dictionary keyed by data (ids, dates, names), not a record: it becomes a map.
 */
export const MAX_RECORD_FIELDS = 200;

/**
 * The shape describing values of both `a` and `b`; `a` is taken as seen first, so its paths win.
 * Integers and doubles merge to double; a `null` makes the other shape nullable; other
 * different kinds make a union. Folds `b` into `a` in place: both are consumed.
 */
export function mergeShapes(a: Shape, b: Shape): Shape {
  if (a.kind === 'unknown') return b;
  if (b.kind === 'unknown') return a;
  if (a.kind === 'null') {
    if (b.kind !== 'null') b.nullAt = a.path;
    return b.kind === 'null' ? a : b;
  }
  if (b.kind === 'null') {
    a.nullAt ??= b.path;
    return a;
  }
  const nullAt = a.nullAt ?? b.nullAt;
  let merged: Shape;
  if (a.kind !== 'union' && b.kind !== 'union' && sameFamily(a, b)) {
    merged = mergeMembers(a, b);
  } else {
    const members = membersOf(a);
    for (const incoming of membersOf(b)) {
      const index = members.findIndex((member) => sameFamily(member, incoming));
      if (index === -1) members.push(incoming);
      else members[index] = mergeMembers(members[index]!, incoming);
    }
    merged = members.length === 1 ? members[0]! : { kind: 'union', path: a.path, members };
  }
  if (nullAt !== undefined) merged.nullAt = nullAt;
  return merged;
}

/** Union members carry no `nullAt`: nullability belongs to the union as a whole. */
function membersOf(shape: UnionShape | MemberShape): MemberShape[] {
  const members = shape.kind === 'union' ? shape.members : [shape];
  // Only where set: `delete` turns an object into a slow dictionary-mode object.
  for (const member of members) if (member.nullAt !== undefined) delete member.nullAt;
  return members;
}

function sameFamily(a: MemberShape, b: MemberShape): boolean {
  return a.kind === b.kind || (isNumber(a) && isNumber(b));
}

function isNumber(shape: Shape): shape is IntegerShape | DoubleShape {
  return shape.kind === 'integer' || shape.kind === 'double';
}

function mergeMembers(a: MemberShape, b: MemberShape): MemberShape {
  if (a.kind === 'array' && b.kind === 'array') {
    a.element = mergeShapes(a.element, b.element);
    return a;
  }
  if (a.kind === 'object' && b.kind === 'object') return mergeObjects(a, b);
  if (a.kind === 'array' || a.kind === 'object' || b.kind === 'array' || b.kind === 'object') return a;
  a.zeroAt ??= b.zeroAt;
  if (a.kind === 'integer' && b.kind === 'integer') {
    a.min = Math.min(a.min, b.min);
    a.max = Math.max(a.max, b.max);
    return a;
  }
  if (isNumber(a) && isNumber(b)) {
    return a.zeroAt === undefined ? { kind: 'double', path: a.path } : { kind: 'double', path: a.path, zeroAt: a.zeroAt };
  }
  return a; // boolean or string: nothing else to learn
}

/** Turns a record shape into a dictionary: one shape for all its values (see `values`). */
export function toDictionary(shape: ObjectShape): Shape {
  if (shape.values !== undefined) return shape.values;
  let values: Shape = { kind: 'unknown', path: shape.path };
  for (const field of shape.fields.values()) values = mergeShapes(values, field.shape);
  shape.fields.clear();
  shape.values = values;
  return values;
}

export function prototypeKey(path: string): UnsupportedSampleError {
  return new UnsupportedSampleError(`${path} has a "__proto__" key: decoders would set the object's prototype instead of a field`);
}

function mergeObjects(a: ObjectShape, b: ObjectShape): ObjectShape {
  if (a.values !== undefined || b.values !== undefined) {
    a.values = mergeShapes(toDictionary(a), toDictionary(b));
    a.count += b.count;
    return a;
  }
  for (const [key, incoming] of b.fields) {
    const existing = a.fields.get(key);
    if (existing === undefined) {
      a.fields.set(key, incoming);
    } else {
      existing.shape = mergeShapes(existing.shape, incoming.shape);
      existing.present += incoming.present;
    }
  }
  a.count += b.count;
  if (a.fields.size > MAX_RECORD_FIELDS) toDictionary(a);
  return a;
}
