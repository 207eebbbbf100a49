/**
 * The structural shape of a JSON sample, independent of any wire format: what Avro and proto3
 * inference both start from. Every part remembers the JSON path where it was first seen, so a
 * schema generator can say exactly which value it cannot express.
 *
 * Shapes are plain immutable data: merging returns new objects and never touches its inputs.
 */
import { UnsupportedSampleError } from './sample-contracts';

/**
 * Nesting beyond this is refused up front. Real payloads stay far below it; the walks here are
 * recursive, and so are avsc and protobufjs, which is why no higher limit is promised.
 */
export const MAX_SHAPE_DEPTH = 1000;

interface ShapeBase {
  /** JSON path of the first value this shape describes. */
  path: string;
  /** JSON path of the first `null` merged into this shape (absent: never null). */
  nullAt?: string;
}

/** The element of an array that was always empty: nothing is known about it. */
export interface UnknownShape extends ShapeBase { kind: 'unknown' }
/** Only ever `null`. */
export interface NullShape extends ShapeBase { kind: 'null' }
/**
 * Scalars remember their first zero value (`false`, `""`, `0`): proto3 fields without explicit
 * presence drop zeros on the wire, so a schema that must give them back needs to know.
 */
interface ScalarBase extends ShapeBase {
  zeroAt?: string;
}
export interface BooleanShape extends ScalarBase { kind: 'boolean' }
export interface StringShape extends ScalarBase { kind: 'string' }
/** Numbers that were all integers (`Number.isInteger`), with their range. */
export interface IntegerShape extends ScalarBase { kind: 'integer'; min: number; max: number }
/** Numbers with at least one non-integer (integers merged in stay here: no union). */
export interface DoubleShape extends ScalarBase { kind: 'double' }
export interface ArrayShape extends ShapeBase { kind: 'array'; element: Shape }
export interface FieldShape {
  shape: Shape;
  /** How many of the merged objects had this key. */
  present: number;
}
export interface ObjectShape extends ShapeBase {
  kind: 'object';
  /** In first-seen order. A Map, so keys such as `__proto__` stay ordinary keys. */
  fields: ReadonlyMap<string, FieldShape>;
  /** How many objects were merged into this shape. */
  count: number;
}
/** Kinds that truly mix, one member per kind (at most one number, one array, one object). */
export interface UnionShape extends ShapeBase { kind: 'union'; members: MemberShape[] }

export type MemberShape =
  | BooleanShape
  | StringShape
  | IntegerShape
  | DoubleShape
  | ArrayShape
  | ObjectShape;

export type Shape = UnknownShape | NullShape | UnionShape | MemberShape;

/** `$.items[0].x`, `$["odd key"]`: the notation used in results (`Difference.path`). */
export function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;
}

/** The shape of one JSON value (the sample's root is `$`). */
export function inferShape(sample: unknown): Shape {
  return withStackGuard(() => shapeOf(sample, '$', 0));
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

function shapeOf(value: unknown, path: string, depth: number): Shape {
  if (depth > MAX_SHAPE_DEPTH) {
    throw new UnsupportedSampleError(
      `the sample nests deeper than ${MAX_SHAPE_DEPTH} levels (at ${truncatePath(path)}): no schema is inferred for it`,
    );
  }
  if (value === null) return { kind: 'null', path };
  switch (typeof value) {
    case 'boolean':
      return value ? { kind: 'boolean', path } : { kind: 'boolean', path, zeroAt: path };
    case 'string':
      return value ? { kind: 'string', path } : { kind: 'string', path, zeroAt: path };
    case 'number': {
      const zero = value === 0 ? { zeroAt: path } : {};
      return Number.isInteger(value)
        ? { kind: 'integer', path, min: value, max: value, ...zero }
        : { kind: 'double', path, ...zero };
    }
    case 'object':
      return Array.isArray(value) ? arrayShapeOf(value, path, depth) : objectShapeOf(value, path, depth);
    default:
      throw new UnsupportedSampleError(`${path} is a ${typeof value}, which is not a JSON value`);
  }
}

function arrayShapeOf(values: readonly unknown[], path: string, depth: number): ArrayShape {
  // An empty array's element stays unknown; the first element replaces it (and its path).
  let element: Shape = { kind: 'unknown', path };
  values.forEach((item, index) => {
    element = mergeShapes(element, shapeOf(item, childPath(path, index), depth + 1));
  });
  return { kind: 'array', path, element };
}

function objectShapeOf(value: object, path: string, depth: number): ObjectShape {
  const fields = new Map<string, FieldShape>();
  for (const key of Object.keys(value)) {
    const child = (value as Record<string, unknown>)[key];
    fields.set(key, { shape: shapeOf(child, childPath(path, key), depth + 1), present: 1 });
  }
  return { kind: 'object', path, fields, count: 1 };
}

/**
 * The shape describing values of both `a` and `b`; `a` is taken as seen first, so its paths win.
 * Integers and doubles merge to double; a `null` makes the other shape nullable; other
 * different kinds make a union.
 */
export function mergeShapes(a: Shape, b: Shape): Shape {
  if (a.kind === 'unknown') return b;
  if (b.kind === 'unknown') return a;
  if (a.kind === 'null') return b.kind === 'null' ? a : { ...b, nullAt: a.path };
  if (b.kind === 'null') return a.nullAt === undefined ? { ...a, nullAt: b.path } : a;

  const nullAt = a.nullAt ?? b.nullAt;
  const members = membersOf(a);
  for (const incoming of membersOf(b)) {
    const index = members.findIndex((member) => sameFamily(member, incoming));
    if (index === -1) members.push(incoming);
    else members[index] = mergeMembers(members[index]!, incoming);
  }
  const merged: Shape = members.length === 1 ? members[0]! : { kind: 'union', path: a.path, members };
  return nullAt === undefined ? merged : { ...merged, nullAt };
}

/** Union members carry no `nullAt`: nullability belongs to the union as a whole. */
function membersOf(shape: UnionShape | MemberShape): MemberShape[] {
  const members = shape.kind === 'union' ? shape.members : [shape];
  return members.map((member) => {
    if (member.nullAt === undefined) return member;
    const { nullAt: _dropped, ...rest } = member;
    return rest as MemberShape;
  });
}

function sameFamily(a: MemberShape, b: MemberShape): boolean {
  return a.kind === b.kind || (isNumber(a) && isNumber(b));
}

function isNumber(shape: Shape): shape is IntegerShape | DoubleShape {
  return shape.kind === 'integer' || shape.kind === 'double';
}

function mergeMembers(a: MemberShape, b: MemberShape): MemberShape {
  if (a.kind === 'array' && b.kind === 'array') return { ...a, element: mergeShapes(a.element, b.element) };
  if (a.kind === 'object' && b.kind === 'object') return mergeObjects(a, b);
  if (a.kind === 'array' || a.kind === 'object' || b.kind === 'array' || b.kind === 'object') return a;
  const zeroAt = a.zeroAt ?? b.zeroAt;
  const zero = zeroAt === undefined ? {} : { zeroAt };
  if (a.kind === 'integer' && b.kind === 'integer') {
    return { ...a, min: Math.min(a.min, b.min), max: Math.max(a.max, b.max), ...zero };
  }
  if (isNumber(a) && isNumber(b)) return { kind: 'double', path: a.path, ...zero };
  return { ...a, ...zero }; // boolean or string: nothing else to learn
}

function mergeObjects(a: ObjectShape, b: ObjectShape): ObjectShape {
  const fields = new Map(a.fields);
  for (const [key, incoming] of b.fields) {
    const existing = fields.get(key);
    fields.set(
      key,
      existing
        ? { shape: mergeShapes(existing.shape, incoming.shape), present: existing.present + incoming.present }
        : incoming,
    );
  }
  return { ...a, fields, count: a.count + b.count };
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
    else if (shape.kind === 'object') {
      for (const [key, field] of shape.fields) {
        keys.add(key);
        pending.push(field.shape);
      }
    }
  }
  return keys;
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
