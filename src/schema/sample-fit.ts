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
import { wellKnownMismatch, wellKnownName } from './proto-wkt';

export interface SampleMismatch {
  /** `$.items[3].x` */
  path: string;
  /** The value as JSON, shortened; `missing` for an absent required field. */
  value: string;
  expected: string;
}

export function describeMismatch(mismatch: SampleMismatch): string {
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
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
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
  if (typeName.startsWith('union')) return `one of ${(type as avro.types.UnwrappedUnionType).types.map(describeAvroType).join(', ')}`;
  return type.name ? `${typeName} ${type.name}` : typeName;
}

export interface ProtoFit {
  mismatch?: SampleMismatch;
  /** Some enum value was given by name: protobufjs encodes numbers, so it must be converted. */
  enumNames: boolean;
  /** Some bytes value was given (as base64 text, the only way JSON can). */
  bytes: boolean;
}

const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };
const UINT32 = { min: 0, max: 2 ** 32 - 1 };
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Checks a sample against a message type the way protobufjs will read it (field names as written). */
export function checkProtoFit(type: protobuf.Type, sample: unknown): ProtoFit {
  const fit: ProtoFit = { enumNames: false, bytes: false };
  const path: PathSegment[] = [];
  const fail = (value: unknown, expected: string): false => {
    fit.mismatch ??= { path: formatPath(path), value: previewValue(value), expected };
    return false;
  };

  const message = (messageType: protobuf.Type, value: unknown): boolean => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return fail(value, `message ${messageType.name} (an object)`);
    }
    const record = value as Record<string, unknown>;
    for (const field of messageType.fieldsArray) {
      field.resolve();
      path.push(field.name);
      const fieldValue = Object.hasOwn(record, field.name) ? record[field.name] : undefined;
      if (fieldValue === undefined || fieldValue === null) {
        if (field.required) return fail(fieldValue, `${describeField(field)} (required)`);
      } else if (!fieldFits(field, fieldValue)) {
        return false;
      }
      path.pop();
    }
    for (const oneof of messageType.oneofsArray) {
      const set = oneof.oneof.filter((name) => record[name] !== undefined && record[name] !== null);
      if (set.length > 1) {
        path.push(set[1]!);
        return fail(record[set[1]!], `at most one of ${oneof.oneof.join(', ')} (oneof ${oneof.name}); ${set[0]} is set too`);
      }
    }
    return true;
  };

  const fieldFits = (field: protobuf.Field, value: unknown): boolean => {
    if (field instanceof protobuf.MapField) {
      if (typeof value !== 'object' || Array.isArray(value)) return fail(value, `${describeField(field)} (an object)`);
      for (const [key, item] of Object.entries(value as object)) {
        path.push(key);
        if (!keyFits(field.keyType, key)) return fail(key, `a ${field.keyType} map key`);
        if (!single(field, item)) return false;
        path.pop();
      }
      return true;
    }
    if (field.repeated) {
      if (!Array.isArray(value)) return fail(value, `${describeField(field)} (an array)`);
      for (let index = 0; index < value.length; index++) {
        path.push(index);
        if (!single(field, value[index])) return false;
        path.pop();
      }
      return true;
    }
    return single(field, value);
  };

  const single = (field: protobuf.Field, value: unknown): boolean => {
    const target = field.resolvedType;
    const wellKnown = wellKnownName(target);
    if (wellKnown) {
      const expected = wellKnownMismatch(wellKnown, value, (target as protobuf.Type).root as protobuf.Root);
      return expected ? fail(value, expected) : true;
    }
    if (target instanceof protobuf.Type) return message(target, value);
    if (target instanceof protobuf.Enum) {
      if (typeof value === 'string' && Object.hasOwn(target.values, value)) return (fit.enumNames = true);
      if (typeof value === 'number' && Object.hasOwn(target.valuesById, value)) return true;
      return fail(value, `enum ${target.name} (one of ${Object.keys(target.values).join(', ')}, or their numbers)`);
    }
    return scalarFits(field.type, value) || fail(value, describeScalar(field.type));
  };

  const scalarFits = (scalar: string, value: unknown): boolean => {
    switch (scalar) {
      case 'int32': case 'sint32': case 'sfixed32':
        return inRange(value, INT32);
      case 'uint32': case 'fixed32':
        return inRange(value, UINT32);
      case 'int64': case 'sint64': case 'sfixed64':
        return Number.isInteger(value);
      case 'uint64': case 'fixed64':
        return Number.isInteger(value) && (value as number) >= 0;
      case 'float': case 'double':
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

  message(type, sample);
  return fit;
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
