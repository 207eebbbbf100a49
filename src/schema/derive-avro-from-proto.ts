/**
 * An Avro schema derived, field by field, from a protobuf message type, so avsc encodes the
 * same data as a given `.proto`. Every choice a reader could question is written into the
 * schema as a `doc` and listed in `notes`. What Avro cannot keep (field numbers, exact integer
 * kinds, map key types, enum numbers) is kept in `proto*` attributes, which Avro ignores and
 * `deriveProtoFromAvro` reads back, so proto → Avro → proto gives the message back.
 */
import * as protobuf from 'protobufjs';
import { formatAvroSchema } from './avro-text';
import { qualifiedName } from './load-proto';
import { wellKnownName } from './proto-wkt';
import { wellKnownAvro } from './proto-wkt-avro';
import { PROTO_SCALAR_IN_AVRO_WHY } from '../shared/derivation-text';
import type { NoteFact } from '../shared/results';

export interface AvroDerivation {
  /** Avro schema JSON, for avsc. */
  schema: Record<string, unknown>;
  /** The schema as shown to users. */
  text: string;
  notes: NoteFact[];
}

type AvroSchema = string | Record<string, unknown> | AvroSchema[];

/** The Avro type of each protobuf scalar, and why where it is not the obvious one. */
const SCALARS: Record<string, { avro: string; why?: string }> = Object.fromEntries(
  Object.entries({
    int32: 'int',
    sint32: 'int',
    sfixed32: 'int',
    uint32: 'long',
    fixed32: 'long',
    int64: 'long',
    sint64: 'long',
    sfixed64: 'long',
    uint64: 'long',
    fixed64: 'long',
    float: 'float',
    double: 'double',
    bool: 'boolean',
    string: 'string',
    bytes: 'bytes',
  }).map(([proto, avro]) => [proto, { avro, why: PROTO_SCALAR_IN_AVRO_WHY[proto] }]),
);

/** What the reverse derivation assumes when no `protoType` is given. */
export const NATURAL_PROTO_SCALARS: Record<string, string> = {
  int: 'int32',
  long: 'int64',
  float: 'float',
  double: 'double',
  boolean: 'bool',
  string: 'string',
  bytes: 'bytes',
};

const ZERO_VALUES: Record<string, unknown> = { int: 0, long: 0, float: 0, double: 0, boolean: false, string: '', bytes: '' };

const ZERO_DEFAULTS_DOC = 'Plain proto3 fields default to zero, lists and maps to empty: proto3 reads a missing value so.';

interface Context {
  /** Full names already defined: later uses refer to them by name, as Avro requires. */
  defined: Set<string>;
  notes: NoteFact[];
  /** Well-known types already described in the notes. */
  described: Set<string>;
}

export function deriveAvroFromProto(type: protobuf.Type): AvroDerivation {
  const context: Context = { defined: new Set(), notes: [], described: new Set() };
  const { fields, doc, ...head } = recordOf(type, context) as Record<string, unknown>;
  const derived = `Derived by Payload Lab from the protobuf message ${qualifiedName(type)}, field by field.`;
  const schema = { ...head, doc: typeof doc === 'string' && doc ? `${derived} ${doc}` : derived, fields };
  return { schema, text: formatAvroSchema(schema), notes: context.notes };
}

function recordOf(type: protobuf.Type, context: Context): AvroSchema {
  const name = qualifiedName(type);
  if (context.defined.has(name)) return name;
  context.defined.add(name);
  // Extensions (proto2, editions) live under `.pkg.name` keys no JSON sample has, and are not
  // Avro names: left out, and said so.
  const extensions = type.fieldsArray.filter((field) => field.declaringField);
  if (extensions.length > 0) {
    context.notes.push({ code: 'proto-extensions-left-out', message: name, fields: extensions.map((field) => field.name.replace(/^\./, '')) });
  }
  const fields = type.fieldsArray.filter((field) => !field.declaringField).map((field, index) => fieldOf(field, index, context));
  const zeroDefaults = fields.some((field) => field['default'] !== undefined && field['default'] !== null && typeof field['default'] !== 'object');
  return zeroDefaults ? { type: 'record', name, doc: ZERO_DEFAULTS_DOC, fields } : { type: 'record', name, fields };
}

function fieldOf(field: protobuf.Field, index: number, context: Context): Record<string, unknown> {
  field.resolve();
  const where = `${qualifiedName(field.parent!)}.${field.name}`;
  const docs: string[] = [];
  const attributes: Record<string, unknown> = {};
  const scalar = SCALARS[field.type];
  if (scalar?.why) {
    docs.push(`${field.type} → ${scalar.avro}: ${scalar.why}`);
    context.notes.push({ code: 'proto-scalar-in-avro', field: where, protoType: field.type, avroType: scalar.avro });
  }
  if (scalar && NATURAL_PROTO_SCALARS[scalar.avro] !== field.type) attributes['protoType'] = field.type;
  if (field.id !== index + 1) attributes['protoNumber'] = field.id;
  let type = valueOf(field, context);
  let defaultValue: unknown;

  if (field instanceof protobuf.MapField) {
    if (field.keyType !== 'string') {
      attributes['protoKeyType'] = field.keyType;
      docs.push(`map<${field.keyType}, …>: Avro map keys are strings`);
    }
    type = { type: 'map', values: type };
    defaultValue = {}; // proto3 reads a missing map as empty, and JSON mappings leave empty ones out
  } else if (field.repeated) {
    type = { type: 'array', items: type };
    defaultValue = [];
  } else if (field.required) {
    // proto2 required: always present, like a plain Avro field.
  } else if (hasPresence(field)) {
    const oneof = field.partOf && !isSyntheticOneof(field.partOf) ? field.partOf : undefined;
    if (oneof) {
      attributes['protoOneof'] = oneof.name;
      docs.push(`in oneof ${oneof.name}: at most one of ${oneof.oneof.join(', ')} is set (Avro does not check)`);
      context.notes.push({ code: 'proto-oneof-in-avro', field: where, oneof: oneof.name });
    }
    type = ['null', type];
    defaultValue = null;
  } else {
    // proto3 without presence: a missing value reads as zero, which is what an Avro default says.
    defaultValue = zeroOf(field, type);
  }
  return {
    name: field.name,
    type,
    ...(defaultValue === undefined ? {} : { default: defaultValue }),
    ...(docs.length > 0 ? { doc: docs.join('; ') } : {}),
    ...attributes,
  };
}

function valueOf(field: protobuf.Field, context: Context): AvroSchema {
  const target = field.resolvedType;
  const wellKnown = wellKnownName(target);
  if (wellKnown) {
    const mapped = wellKnownAvro(wellKnown, context.defined);
    if (!context.described.has(wellKnown)) {
      context.described.add(wellKnown);
      context.notes.push({ code: 'well-known-type-in-avro', type: wellKnown, ...(mapped.avro ? { avro: mapped.avro } : {}) });
    }
    return mapped.schema as AvroSchema;
  }
  if (target instanceof protobuf.Type) return recordOf(target, context);
  if (target instanceof protobuf.Enum) return enumOf(target, context);
  const scalar = SCALARS[field.type];
  if (!scalar) throw new Error(`${field.name}: unknown protobuf type ${field.type}`);
  return scalar.avro;
}

function enumOf(protoEnum: protobuf.Enum, context: Context): AvroSchema {
  const name = qualifiedName(protoEnum);
  if (context.defined.has(name)) return name;
  context.defined.add(name);
  const symbols = Object.keys(protoEnum.values);
  const numbers = symbols.map((symbol) => protoEnum.values[symbol]!);
  const sequential = numbers.every((number, index) => number === index);
  const schema: Record<string, unknown> = { type: 'enum', name, symbols };
  if (!sequential) {
    schema['doc'] = 'Avro enums are written by position: the protobuf numbers are kept in protoValues';
    schema['protoValues'] = Object.fromEntries(symbols.map((symbol, index) => [symbol, numbers[index]]));
    context.notes.push({ code: 'proto-enum-by-position', enum: name });
  }
  return schema;
}

/** Presence: explicit `optional`, proto2 optional, oneof members and message fields. */
export function hasPresence(field: protobuf.Field): boolean {
  return !field.repeated && !field.map && (Boolean(field.hasPresence) || field.resolvedType instanceof protobuf.Type);
}

export function isSyntheticOneof(oneof: protobuf.OneOf): boolean {
  return oneof.fieldsArray.length === 1 && (oneof.fieldsArray[0]!.options?.['proto3_optional'] === true || oneof.name.startsWith('_'));
}

function zeroOf(field: protobuf.Field, type: AvroSchema): unknown {
  const target = field.resolvedType;
  if (target instanceof protobuf.Enum) return target.valuesById[0] ?? Object.keys(target.values)[0];
  return typeof type === 'string' && !target ? ZERO_VALUES[type] : undefined;
}
