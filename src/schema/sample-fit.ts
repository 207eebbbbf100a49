/**
 * Whether a JSON sample fits a given schema, and if not, where it first goes wrong: the JSON
 * path of the offending value, the value, and the type the schema expected. protobufjs's
 * `verify` names a field but no index (`items.x: integer expected`), so protobuf samples are
 * walked here; avsc's `isValid` has an errorHook with the path.
 */
import type * as avro from 'avsc';
import * as protobuf from 'protobufjs';
import { formatPath, type PathSegment } from '../analysis/json-path';
import { LOGICAL_JSON_FORMS } from './avro-logical-types';
import { listText } from '../shared/list-text';
import { wellKnownMismatch, wellKnownName } from './proto-wkt';
import { describeFieldNames, fieldsByJsonKey } from './proto-json-names';
import { hasPresence } from './derive-avro-from-proto';

export interface SampleMismatch {
  /** `$.items[3].x` */
  path: string;
  /** The value as JSON, shortened; `missing` for an absent required field. */
  value: string;
  expected: string;
  /** A key the schema has no field for: the names its message does know (proto: every accepted spelling). */
  known?: string[];
}

export function describeMismatch(mismatch: SampleMismatch): string {
  if (mismatch.known) {
    const listed = listText(mismatch.known, undefined, LISTED_NAMES);
    return `${mismatch.path} is a key the schema does not know: ${mismatch.expected} is expected, and the message has ${listed || 'no fields'}. Leave the key out of the sample, give the schema that has it, or drop such keys (--drop-unknown-keys, or the setting payloadLab.dropUnknownKeys)`;
  }
  return `${mismatch.path} is ${mismatch.value}, expected ${mismatch.expected}`;
}

/**
 * Message mode: the first record of a stream that does not fit, its path starting at the message
 * (`$[12].user.id`: message 13). Records are checked one by one, as each is encoded alone.
 */
export function findMessageMismatch(records: unknown, fits: (record: unknown) => SampleMismatch | undefined): SampleMismatch | undefined {
  const list = Array.isArray(records) ? records : [records];
  for (let index = 0; index < list.length; index++) {
    const mismatch = fits(list[index]);
    if (mismatch) return { ...mismatch, path: mismatch.path.replace(/^\$/, `$[${index}]`) };
  }
  return undefined;
}

export function previewValue(value: unknown): string {
  if (value === undefined) return 'missing';
  const text = jsonOrOwnText(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** JSON's text; where JSON has none (a BigInt, a function, a symbol, a BigInt inside a container), a word for it. */
function jsonOrOwnText(value: unknown): string {
  try {
    const text = JSON.stringify(value);
    if (text !== undefined) return text;
  } catch {
    // A BigInt, at the root or inside: said below.
  }
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object' && value !== null) return 'an object';
  // What is left is a primitive or a function, each printed as itself.
  return String(value as bigint | symbol | (() => unknown));
}

/** The first value avsc rejects. */
export function findAvroMismatch(type: avro.Type, sample: unknown): SampleMismatch | undefined {
  let first: SampleMismatch | undefined;
  type.isValid(sample, {
    errorHook(path: string[], value: unknown, expected: avro.Type) {
      // avsc reports array indexes as strings; a digit-only map key reads as an index too (rare).
      const segments = path.map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
      first ??= { path: formatPath(segments), value: previewValue(value), expected: describeAvroType(expected) };
    },
  });
  return first;
}

function describeAvroType(type: avro.Type): string {
  const typeName = type.typeName;
  if (typeName === 'enum') return `enum ${type.name ?? ''} (one of ${(type as avro.types.EnumType).symbols.join(', ')})`;
  if (typeName.startsWith('logical:')) {
    const logical = typeName.slice('logical:'.length);
    return `${logical} (${LOGICAL_JSON_FORMS[logical] ?? 'base64 text for bytes'})`;
  }
  // avsc's custom long types (load-avsc.ts's BigInt long) name themselves abstract:long.
  if (typeName === 'abstract:long') return 'long (a signed 64-bit integer)';
  if (typeName.startsWith('union')) return `one of ${(type as avro.types.UnwrappedUnionType).types.map(describeAvroType).join(', ')}`;
  return type.name ? `${typeName} ${type.name}` : typeName;
}

export interface ProtoFit {
  mismatch?: SampleMismatch;
  /** Some enum value was given by name: protobufjs encodes numbers, so it must be converted. */
  enumNames: boolean;
  /** Some bytes value was given (as base64 text, the only way JSON can). */
  bytes: boolean;
  /** Some 64-bit integer was given as a decimal string (proto3 JSON's own form for them). */
  longStrings: boolean;
  /** 64-bit integers given as JSON numbers beyond 2^53: JSON.parse had already rounded them. */
  unsafeNumbers: string[];
  /** With `plain`: 64-bit integers beyond 2^53 (given as text, so exact), which became BigInts. */
  bigLongs: string[];
  /** With `plain`: uint64 and fixed64 values beyond 2^63 − 1, more than a signed 64-bit integer holds. */
  beyondSigned: string[];
  /** Keys the schema has no field for, left out because the user chose to (`--drop-unknown-keys`). */
  dropped: string[];
  /**
   * The sample with its keys as protobufjs names the fields (JSON names, original names and
   * group names mapped) and dropped keys left out; absent when that is the sample as it is.
   */
  value?: unknown;
}

export interface ProtoFitOptions {
  /** Keys the schema lacks are left out (and listed) instead of failing the fit. */
  dropUnknownKeys?: boolean;
  /**
   * The value as plain data for the rows that write the .proto's data in another format (through
   * the Avro schema derived from it), which know none of proto3 JSON's forms: 64-bit integers as
   * numbers (BigInt beyond 2^53, listed in `bigLongs`), enums by name, and a null for a field
   * without presence left out (proto3 JSON's null is the field's default, which Avro's
   * default then gives).
   */
  plain?: boolean;
}

const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };
const UINT32 = { min: 0, max: 2 ** 32 - 1 };
const INT64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n };
const UINT64 = { min: 0n, max: 2n ** 64n - 1n };
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const DECIMAL = /^-?\d+$/;
const LONG_SCALARS = new Set(['int64', 'sint64', 'sfixed64', 'uint64', 'fixed64']);
const FAIL = Symbol('does not fit');
/** Field names listed in an unknown key's error at most. */
const LISTED_NAMES = 12;

/**
 * Checks a sample against a message type through proto3's JSON mapping (keys by JSON name or
 * name, 64-bit integers as strings or numbers, enums by name or number, bytes as base64) and
 * gives the value protobufjs encodes (`value`, keys as its field names) where that differs.
 */
export function checkProtoFit(type: protobuf.Type, sample: unknown, options: ProtoFitOptions = {}): ProtoFit {
  const fit: ProtoFit = { enumNames: false, bytes: false, longStrings: false, unsafeNumbers: [], bigLongs: [], beyondSigned: [], dropped: [] };
  const path: PathSegment[] = [];
  const fail = (value: unknown, expected: string, known?: string[]): typeof FAIL => {
    fit.mismatch ??= { path: formatPath(path), value: previewValue(value), expected, ...(known ? { known } : {}) };
    return FAIL;
  };

  const message = (messageType: protobuf.Type, value: unknown): unknown => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return fail(value, `message ${messageType.name} (an object)`);
    }
    const record = value as Record<string, unknown>;
    const names = fieldsByJsonKey(messageType);
    let copy: Record<string, unknown> | undefined;
    const given = new Map<protobuf.Field, string>();
    const keys = Object.keys(record);
    for (let index = 0; index < keys.length; index++) {
      const key = keys[index]!;
      const field = names.get(key);
      path.push(key);
      if (field === undefined) {
        if (!options.dropUnknownKeys) return fail(record[key], `a field of message ${messageType.name}`, messageType.fieldsArray.map(describeFieldNames));
        fit.dropped.push(formatPath(path));
        copy ??= copyUpTo(record, keys, index);
        path.pop();
        continue;
      }
      const other = given.get(field);
      if (other !== undefined) return fail(record[key], `${field.name} once (${other} names the same field)`);
      given.set(field, key);
      const fieldValue = record[key];
      if (options.plain && fieldValue === null && (field.resolve(), !hasPresence(field))) {
        copy ??= copyUpTo(record, keys, index);
        path.pop();
        continue;
      }
      let normal = fieldValue;
      if (fieldValue !== undefined && fieldValue !== null) {
        field.resolve();
        normal = fieldFits(field, fieldValue);
        if (normal === FAIL) return FAIL;
      }
      if (copy === undefined && (key !== field.name || normal !== fieldValue)) copy = copyUpTo(record, keys, index);
      if (copy !== undefined) setOwn(copy, field.name, normal);
      path.pop();
    }
    for (const field of messageType.fieldsArray) {
      if (!field.required) continue;
      const key = given.get(field);
      if (key === undefined || record[key] === undefined || record[key] === null) {
        path.push(field.name);
        return fail(key === undefined ? undefined : record[key], `${describeField(field)} (required)`);
      }
    }
    for (const oneof of messageType.oneofsArray) {
      const set = oneof.fieldsArray.filter((field) => {
        const key = given.get(field);
        return key !== undefined && record[key] !== undefined && record[key] !== null;
      });
      if (set.length > 1) {
        path.push(given.get(set[1]!)!);
        return fail(record[given.get(set[1]!)!], `at most one of ${oneof.oneof.join(', ')} (oneof ${oneof.name}); ${set[0]!.name} is set too`);
      }
    }
    return copy ?? value;
  };

  const fieldFits = (field: protobuf.Field, value: unknown): unknown => {
    if (field instanceof protobuf.MapField) {
      if (typeof value !== 'object' || Array.isArray(value)) return fail(value, `${describeField(field)} (an object)`);
      let copy: Record<string, unknown> | undefined;
      const keys = Object.keys(value as object);
      for (let index = 0; index < keys.length; index++) {
        const key = keys[index]!;
        path.push(key);
        if (!keyFits(field.keyType, key)) return fail(key, `a ${field.keyType} map key`);
        const item = (value as Record<string, unknown>)[key];
        const normal = single(field, item);
        if (normal === FAIL) return FAIL;
        if (copy === undefined && normal !== item) copy = copyUpTo(value as Record<string, unknown>, keys, index);
        if (copy !== undefined) setOwn(copy, key, normal);
        path.pop();
      }
      return copy ?? value;
    }
    if (field.repeated) {
      if (!Array.isArray(value)) return fail(value, `${describeField(field)} (an array)`);
      let copy: unknown[] | undefined;
      for (let index = 0; index < value.length; index++) {
        path.push(index);
        const normal = single(field, value[index]);
        if (normal === FAIL) return FAIL;
        if (copy === undefined && normal !== value[index]) copy = value.slice(0, index);
        copy?.push(normal);
        path.pop();
      }
      return copy ?? value;
    }
    return single(field, value);
  };

  const single = (field: protobuf.Field, value: unknown): unknown => {
    const target = field.resolvedType;
    const wellKnown = wellKnownName(target);
    if (wellKnown) {
      const expected = wellKnownMismatch(wellKnown, value, (target as protobuf.Type).root as protobuf.Root);
      return expected ? fail(value, expected) : value;
    }
    if (target instanceof protobuf.Type) return message(target, value);
    if (target instanceof protobuf.Enum) {
      if (typeof value === 'string' && Object.hasOwn(target.values, value)) {
        fit.enumNames = true;
        return value;
      }
      if (typeof value === 'number' && Object.hasOwn(target.valuesById, value)) return options.plain ? target.valuesById[value] : value;
      return fail(value, `enum ${target.name} (one of ${Object.keys(target.values).join(', ')}, or their numbers)`);
    }
    if (!scalarFits(field.type, value)) return fail(value, describeScalar(field.type));
    if (!options.plain || !LONG_SCALARS.has(field.type)) return value;
    if ((field.type === 'uint64' || field.type === 'fixed64') && BigInt(value as string | number) > INT64.max) fit.beyondSigned.push(formatPath(path));
    return typeof value === 'string' ? plainLong(value) : value;
  };

  /** A 64-bit decimal text as a number where one holds it exactly, else as a BigInt. */
  const plainLong = (text: string): number | bigint => {
    const parsed = BigInt(text);
    const number = Number(parsed);
    if (Number.isSafeInteger(number)) return number;
    fit.bigLongs.push(formatPath(path));
    return parsed;
  };

  const scalarFits = (scalar: string, value: unknown): boolean => {
    switch (scalar) {
      case 'int32':
      case 'sint32':
      case 'sfixed32':
        return inRange(value, INT32);
      case 'uint32':
      case 'fixed32':
        return inRange(value, UINT32);
      case 'int64':
      case 'sint64':
      case 'sfixed64':
        return longFits(value, INT64);
      case 'uint64':
      case 'fixed64':
        return longFits(value, UINT64);
      case 'float':
      case 'double':
        return typeof value === 'number';
      case 'bool':
        return typeof value === 'boolean';
      case 'string':
        return typeof value === 'string';
      case 'bytes':
        return typeof value === 'string' && BASE64.test(value) && (fit.bytes = true);
      default:
        return false;
    }
  };

  /** proto3 JSON writes 64-bit integers as strings; numbers are read too, within 2^53 exactly. */
  const longFits = (value: unknown, range: { min: bigint; max: bigint }): boolean => {
    if (typeof value === 'string') {
      if (!DECIMAL.test(value)) return false;
      const parsed = BigInt(value);
      return parsed >= range.min && parsed <= range.max && (fit.longStrings = true);
    }
    if (!Number.isInteger(value)) return false;
    if (!Number.isSafeInteger(value)) fit.unsafeNumbers.push(formatPath(path));
    const parsed = BigInt(value as number);
    return parsed >= range.min && parsed <= range.max;
  };

  const checked = message(type, sample);
  if (checked !== FAIL && checked !== sample) fit.value = checked;
  return fit;
}

/** A copy of `record`'s first `count` keys (the ones already found to need no change). */
function copyUpTo(record: Record<string, unknown>, keys: readonly string[], count: number): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (let index = 0; index < count; index++) setOwn(copy, keys[index]!, record[keys[index]!]);
  return copy;
}

/** `__proto__` is data in JSON: a key, never the copy's prototype. */
function setOwn(object: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

function inRange(value: unknown, range: { min: number; max: number }): boolean {
  return Number.isInteger(value) && (value as number) >= range.min && (value as number) <= range.max;
}

function keyFits(keyType: string, key: string): boolean {
  if (keyType === 'string') return true;
  if (keyType === 'bool') return key === 'true' || key === 'false';
  return /^-?\d+$/.test(key) && (!keyType.startsWith('u') && !keyType.startsWith('fixed') ? true : !key.startsWith('-'));
}

function describeScalar(scalar: string): string {
  if (scalar === 'bytes') return 'bytes (base64 text)';
  if (/int|fixed/.test(scalar)) return `${scalar} (a whole number${/^u|^fixed/.test(scalar) ? ' ≥ 0' : ''}${/32/.test(scalar) ? ' of 32 bits' : ''})`;
  return scalar;
}

function describeField(field: protobuf.Field): string {
  const type = field.resolvedType ? field.resolvedType.name : field.type;
  if (field instanceof protobuf.MapField) return `map<${field.keyType}, ${type}>`;
  return field.repeated ? `repeated ${type}` : type;
}
