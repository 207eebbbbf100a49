/**
 * The shape types: what inference knows of the values at one JSON path. Apart from shape.ts
 * (reading a sample) and shape-merge.ts (folding shapes together), which both use them.
 */

export interface ShapeBase {
  /** JSON path of the first value this shape describes. */
  path: string;
  /** JSON path of the first `null` merged into this shape (absent: never null). */
  nullAt?: string;
}

/** The element of an array that was always empty: nothing is known about it. */
export interface UnknownShape extends ShapeBase {
  kind: 'unknown';
}
/** Only ever `null`. */
export interface NullShape extends ShapeBase {
  kind: 'null';
}
/**
 * Scalars remember their first zero value (`false`, `""`, `0`): proto3 fields without explicit
 * presence drop zeros on the wire, so a schema that must give them back needs to know.
 */
export interface ScalarBase extends ShapeBase {
  zeroAt?: string;
}
export interface BooleanShape extends ScalarBase {
  kind: 'boolean';
}
export interface StringShape extends ScalarBase {
  kind: 'string';
}
/** Numbers that were all integers (`Number.isInteger`), with their range. */
export interface IntegerShape extends ScalarBase {
  kind: 'integer';
  min: number;
  max: number;
}
/** Numbers with at least one non-integer (integers merged in stay here: no union). */
export interface DoubleShape extends ScalarBase {
  kind: 'double';
}
export interface ArrayShape extends ShapeBase {
  kind: 'array';
  element: Shape;
}
export interface FieldShape {
  shape: Shape;
  /** How many of the merged objects had this key. */
  present: number;
}
export interface ObjectShape extends ShapeBase {
  kind: 'object';
  /**
   * In first-seen order, merged by key whatever order the objects list them in. A Map, so keys
   * such as `__proto__` stay ordinary keys.
   */
  fields: Map<string, FieldShape>;
  /** How many objects were merged into this shape. */
  count: number;
  /**
   * Set once the objects at this path had more than MAX_RECORD_FIELDS distinct keys: a
   * dictionary keyed by data. Every value is merged here from then on and `fields` is empty,
   * so a sample with thousands of distinct keys keeps one value shape, not thousands.
   */
  values?: Shape;
}
/** Kinds that truly mix, one member per kind (at most one number, one array, one object). */
export interface UnionShape extends ShapeBase {
  kind: 'union';
  members: MemberShape[];
}

export type MemberShape = BooleanShape | StringShape | IntegerShape | DoubleShape | ArrayShape | ObjectShape;

export type Shape = UnknownShape | NullShape | UnionShape | MemberShape;
