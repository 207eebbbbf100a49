/**
 * The schema model the FlatBuffers, Cap'n Proto and Bebop translations start from: what the
 * JSON values at each path are, in terms all three languages can be written from. It is built
 * from the Avro schema a run uses (model-from-avro.ts), whichever way that schema came: provided,
 * derived from a provided .proto, or inferred from the sample. The codecs' drivers walk the same
 * model to move values between plain JSON and the generated code, so schema and driver agree.
 *
 * Records are shared objects: a record used in two places is one node, and recursive schemas
 * (a tree, the free-form JSON record) are cycles, so walks keep a set of the records seen.
 */
import type { NoteFact } from '../../shared/results';

export type IntegerKind = 'int8' | 'int16' | 'int32' | 'int64' | 'uint8' | 'uint16' | 'uint32' | 'uint64';
export type ScalarKind = 'bool' | IntegerKind | 'float32' | 'float64' | 'string' | 'bytes';

export type ModelType = ScalarType | EnumType | ListType | MapType | RecordType | UnionType | NullableType | NullType | JsonTextType;

export interface ScalarType {
  kind: 'scalar';
  scalar: ScalarKind;
}

/** JSON holds the symbol's name; the wire holds its position. */
export interface EnumType {
  kind: 'enum';
  name: string;
  symbols: string[];
  /** A user's schema: the number each symbol is written as (translations write positions). */
  values?: Array<number | bigint>;
  /** A user's schema: the numbers are 64-bit on the wire (BigInt in the generated code). */
  wide?: boolean;
  /** A user's schema: the bytes a number takes on the wire (translations write one byte). */
  width?: number;
  /** A user's schema: bit flags, written in JSON as the set flags' names separated by spaces (as flatc's JSON). */
  flags?: boolean;
}

export interface ListType {
  kind: 'list';
  element: ModelType;
}

/** A JSON object whose keys are data: string keys to values of one type. */
export interface MapType {
  kind: 'map';
  values: ModelType;
  /**
   * Set by lowering for a language without maps (FlatBuffers, Cap'n Proto): the map is a list
   * of these records `{ key, value }`, in the JSON object's key order.
   */
  entry?: RecordType;
}

export interface RecordType {
  kind: 'record';
  /** A type name valid in all three languages (PascalCase, unique in the model). */
  name: string;
  fields: ModelField[];
  /**
   * The record stands for its single field's value, not for an object (Avro's free-form JSON
   * record, a wrapper the translation adds): JSON holds `value`, not `{ value }`.
   */
  wraps?: boolean;
  /**
   * A user's Cap'n Proto union group (`employment :union { … }`): exactly one field is set, and
   * the JSON holds that one key (`{ "school": "MIT" }`; a Void member's value is null), as
   * capnp's JSON codec writes it. Each field's `tag` is its discriminant.
   */
  oneOf?: boolean;
}

export interface ModelField {
  /** The JSON key, exactly. */
  key: string;
  type: ModelType;
  /**
   * Set for a user's own .fbs / .capnp / .bop: the field's name in that schema (the generated
   * code's, as given), and its place in the format's layout where the driver needs it (the
   * FlatBuffers field id; the Cap'n Proto pointer slot). A translated schema computes both.
   */
  name?: string;
  slot?: number;
  /**
   * A user's schema: what decode reads when the key was left out (the schema's default, as its
   * JSON value), so that value is reported as a default filled in, not as data.
   */
  default?: unknown;
  /** A member of a `oneOf` record: the number its group's `which()` gives it. */
  tag?: number;
  /** A user's FlatBuffers union field: the JSON key naming its branch (`equipped_type`, as flatc's JSON). */
  typeKey?: string;
}

/**
 * A JSON value of one of several kinds (Avro's unwrapped union). Branches are told apart by the
 * JSON kind of the value (`UnionBranch.accepts`), so no two branches may take the same kind.
 */
export interface UnionType {
  kind: 'union';
  name: string;
  branches: UnionBranch[];
}

export type JsonKind = 'boolean' | 'number' | 'string' | 'array' | 'object';

export interface UnionBranch {
  /** A field-like name for the branch (`stringValue`), valid in all three languages. */
  name: string;
  type: ModelType;
  accepts: JsonKind;
  /** A user's schema: the number the wire gives the branch (translations number them from 1). */
  tag?: number;
}

/** The value or null. Nesting is flattened: a nullable type is never the inner one. */
export interface NullableType {
  kind: 'nullable';
  inner: ModelType;
}

/** Only ever null (an Avro "null" field, an array that was always empty in the sample). */
export interface NullType {
  kind: 'null';
}

/** Any JSON value, held on the wire as its JSON text (Avro's text for google.protobuf.Struct and kin). */
export interface JsonTextType {
  kind: 'json-text';
}

/** What the model was built for and what it is. */
export interface SchemaModel {
  root: ModelType;
  /**
   * Every record, enum and union, in the order they were declared; a language that needs
   * declarations before use gets them in this order, reversed where it must.
   */
  named: (RecordType | EnumType | UnionType)[];
  /** Choices made while building the model (each language adds its own). */
  notes: NoteFact[];
}

/** The JSON kind a type's values have (`undefined` for null, which matches no branch). */
export function jsonKindOf(type: ModelType): JsonKind | undefined {
  switch (type.kind) {
    case 'scalar':
      if (type.scalar === 'bool') return 'boolean';
      if (type.scalar === 'string' || type.scalar === 'bytes') return 'string';
      return 'number';
    case 'enum':
      return 'string';
    case 'list':
      return 'array';
    case 'map':
      return 'object';
    case 'record':
      return type.wraps ? jsonKindOf(type.fields[0]!.type) : 'object';
    case 'union':
    case 'nullable':
    case 'null':
    case 'json-text':
      return undefined;
  }
}

/** The JSON kind of a JavaScript value, as union branches are picked. */
export function jsonKindOfValue(value: unknown): JsonKind | 'null' | undefined {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'boolean':
      return 'boolean';
    case 'number':
      return 'number';
    case 'string':
      return 'string';
    case 'object':
      return 'object';
    default:
      return undefined;
  }
}

export const isInteger64 = (scalar: ScalarKind): boolean => scalar === 'int64' || scalar === 'uint64';

/** Whether values of this type take a fixed number of bytes inline (a FlatBuffers struct field). */
export function isFixedSize(type: ModelType): boolean {
  if (type.kind === 'enum') return true;
  return type.kind === 'scalar' && type.scalar !== 'string' && type.scalar !== 'bytes';
}
