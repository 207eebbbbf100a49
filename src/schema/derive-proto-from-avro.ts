/**
 * A proto3 schema derived, field by field, from an Avro schema, so protobufjs encodes the same
 * data as a given `.avsc`. The result is `.proto` text with a comment wherever a choice was
 * made. The `protoType`, `protoNumber`, `protoKeyType`, `protoValues` and `protoOneof`
 * attributes written by `deriveAvroFromProto` are honoured, so proto → Avro → proto gives the
 * message back.
 *
 * What proto3 cannot express in the same JSON shape (unions of several types, arrays of arrays,
 * null inside arrays or maps) becomes an UnsupportedSampleError naming the field.
 */
import { UnsupportedSampleError } from './sample-contracts';
import { LOGICAL_JSON_FORMS } from './avro-logical-types';
import { NATURAL_PROTO_SCALARS } from './derive-avro-from-proto';
import { TypeNames } from './names';
import { nextFieldNumber, renderProto, type ProtoEnum, type ProtoMessage } from './proto-text';
import { commentText, isIdentifier, isProtoEnumNumber, isProtoFieldNumber } from './schema-words';
import type { CarriedAttribute } from '../shared/derivation-facts';
import type { NoteFact } from '../shared/results';

export interface ProtoDerivation {
  /** `.proto` text, proto3. Parse with `protobuf.parse(source, { keepCase: true })`. */
  source: string;
  rootType: string;
  /** Set when the Avro root is not a record: encode `{ [wrappedAs]: sample }`. */
  wrappedAs?: string;
  /**
   * `Message.field` of every field that stands for an Avro union with null (lists and maps
   * aside): proto3 sends null as absent, and Avro data has no absent field, so absent reads
   * back as null (see absent-as-null.ts).
   */
  nullable: string[];
  notes: NoteFact[];
}

type Json = Record<string, unknown>;

interface Resolved {
  kind: 'scalar' | 'enum' | 'message';
  type: string;
  comment?: string;
}

interface Context {
  names: TypeNames;
  /** Avro full name → proto type, for named types already declared. */
  declared: Map<string, Resolved>;
  messages: ProtoMessage[];
  enums: ProtoEnum[];
  notes: NoteFact[];
  nullable: string[];
}

const WRAPPER_FIELD = 'value';
const INTEGER_KINDS: Record<string, readonly string[]> = {
  int: ['int32', 'sint32', 'sfixed32'],
  long: ['int64', 'sint64', 'sfixed64', 'uint64', 'fixed64', 'uint32', 'fixed32'],
};
/** protoc's map key types (any integer or bool, or string). */
const MAP_KEY_TYPES = new Set(['int32', 'int64', 'uint32', 'uint64', 'sint32', 'sint64', 'fixed32', 'fixed64', 'sfixed32', 'sfixed64', 'bool', 'string']);
const HEADER = [
  'Derived by Payload Lab from an Avro schema, field by field. Field names are as in the .avsc:',
  'parse with protobuf.parse(source, { keepCase: true }).',
];
const PRESENCE_COMMENT =
  'Fields without an Avro default are `optional` (explicit presence), so zero values round-trip: proto3 drops the zeros of plain fields.';

export function deriveProtoFromAvro(schema: unknown): ProtoDerivation {
  const context: Context = {
    names: new TypeNames([WRAPPER_FIELD, ...fieldNames(schema)]),
    declared: new Map(),
    messages: [],
    enums: [],
    notes: [],
    nullable: [],
  };
  const render = () => renderProto(context.messages, { header: HEADER, enums: context.enums });
  if (isObject(schema) && (schema['type'] === 'record' || schema['type'] === 'error')) {
    const root = resolveNamed(schema, '', context);
    return { source: render(), rootType: root.type, nullable: context.nullable, notes: context.notes };
  }
  const root: ProtoMessage = { name: context.names.take('Root'), fields: [], omitted: [] };
  context.messages.push(root);
  root.comment = `Wraps the Avro root (not a record) in the field "${WRAPPER_FIELD}": proto3 encodes only messages.`;
  const { keepsZeros: _zeros, nullable, ...declaration } = fieldType(schema, '', WRAPPER_FIELD, undefined, context);
  root.fields.push({ ...declaration, name: WRAPPER_FIELD, id: 1 });
  if (nullable) context.nullable.push(`${root.name}.${WRAPPER_FIELD}`);
  context.notes.push({ code: 'avro-root-wrapped', field: WRAPPER_FIELD, message: root.name });
  return { source: render(), rootType: root.name, wrappedAs: WRAPPER_FIELD, nullable: context.nullable, notes: context.notes };
}

function fieldType(schema: unknown, namespace: string, where: string, field: Json | undefined, context: Context) {
  const union: unknown[] | undefined = Array.isArray(schema) ? schema : undefined;
  const branches = union ? union.filter((branch) => branch !== 'null') : [schema];
  if (branches.length !== 1) {
    throw new UnsupportedSampleError(
      `${where} is a union of ${branches.map(describe).join(', ')}: proto3 would need a oneof with one field per ` +
        'branch, which changes the JSON shape. Give the field one type (null aside) to compare it with protobuf.',
    );
  }
  const nullable = union !== undefined && union.length > branches.length;
  const inner = branches[0];
  const comments: string[] = [];
  let label: '' | 'repeated' | 'optional' = '';
  let type: string;
  if (isObject(inner) && inner['type'] === 'array') {
    label = 'repeated';
    type = elementType(inner['items'], namespace, `${where}[]`, 'an array', context).type;
    if (nullable) comments.push('null reads back as an empty list (repeated fields have no presence)');
  } else if (isObject(inner) && inner['type'] === 'map') {
    const keyType =
      carried(field?.['protoKeyType'], (value): value is string => typeof value === 'string' && MAP_KEY_TYPES.has(value), 'protoKeyType', where, context) ??
      'string';
    type = `map<${keyType}, ${elementType(inner['values'], namespace, `${where}{}`, 'a map', context).type}>`;
    if (nullable) comments.push('null reads back as an empty map (maps have no presence)');
  } else {
    const resolved = resolve(inner, namespace, where, context);
    type = withProtoType(resolved, field, where, context);
    if (resolved.comment) comments.push(resolved.comment);
    // Messages always have presence; scalars and enums need `optional` to keep null apart
    // from zero, and to send zeros at all unless the Avro default says a missing value is zero.
    if (resolved.kind !== 'message' && (nullable || !hasZeroDefault(field))) label = 'optional';
    if (nullable) comments.push('null in Avro: sent as absent, decoded as null');
  }
  const keepsZeros = label === 'optional' && !nullable;
  return {
    label,
    type,
    comment: comments.length > 0 ? comments.join('; ') : undefined,
    keepsZeros,
    nullable: nullable && label !== 'repeated' && !type.startsWith('map<'),
  };
}

/** A list or map element: one type, no null, no nested list or map. */
function elementType(schema: unknown, namespace: string, where: string, container: string, context: Context): Resolved {
  const nested = isObject(schema) && (schema['type'] === 'array' || schema['type'] === 'map');
  if (Array.isArray(schema) || nested || schema === 'null') {
    throw new UnsupportedSampleError(
      `${where}: ${container} of ${describe(schema)}, which proto3 cannot hold (repeated and map values cannot be null, ` +
        'lists or maps). Wrap each element in a record to compare it with protobuf.',
    );
  }
  return resolve(schema, namespace, where, context);
}

function resolve(schema: unknown, namespace: string, where: string, context: Context): Resolved {
  if (typeof schema === 'string') {
    const scalar = NATURAL_PROTO_SCALARS[schema];
    if (scalar) return { kind: 'scalar', type: scalar };
    if (schema === 'null') throw new UnsupportedSampleError(`${where} is always null: proto3 has no null type`);
    const named = context.declared.get(qualify(schema, namespace)) ?? context.declared.get(schema);
    if (!named) throw new Error(`${where}: undefined Avro type name ${schema}`);
    return named;
  }
  if (!isObject(schema)) throw new Error(`${where}: not an Avro schema: ${JSON.stringify(schema)}`);
  const type = schema['type'];
  const logical = typeof schema['logicalType'] === 'string' ? schema['logicalType'] : undefined;
  if (logical && Object.hasOwn(LOGICAL_JSON_FORMS, logical)) {
    const resolved = logicalField(logical, context);
    // A named fixed (`Rate`) may be used again by name.
    if (type === 'fixed' && typeof schema['name'] === 'string')
      context.declared.set(qualify(schema['name'], typeof schema['namespace'] === 'string' ? schema['namespace'] : namespace), resolved);
    return resolved;
  }
  if (typeof type === 'string' && NATURAL_PROTO_SCALARS[type]) {
    const comment = logical ? `logical type ${logical} sent as its ${type}` : undefined;
    return { kind: 'scalar', type: NATURAL_PROTO_SCALARS[type]!, ...(comment ? { comment } : {}) };
  }
  if (type === 'record' || type === 'error' || type === 'enum' || type === 'fixed') return resolveNamed(schema, namespace, context);
  return resolve(type, namespace, where, context);
}

/** Declares a record, enum or fixed once; later uses refer to it by its Avro full name. */
function resolveNamed(schema: Json, namespace: string, context: Context): Resolved {
  const fullName = qualify(String(schema['name']), typeof schema['namespace'] === 'string' ? schema['namespace'] : namespace);
  const inner = fullName.includes('.') ? fullName.slice(0, fullName.lastIndexOf('.')) : '';
  const shortName = fullName.slice(fullName.lastIndexOf('.') + 1);
  if (schema['type'] === 'fixed') {
    const resolved: Resolved = { kind: 'scalar', type: 'bytes', comment: `fixed ${shortName} (${String(schema['size'])} bytes): proto bytes carry a length` };
    context.declared.set(fullName, resolved);
    return resolved;
  }
  const name = context.names.take(shortName);
  if (schema['type'] === 'enum') {
    const resolved: Resolved = { kind: 'enum', type: name };
    context.declared.set(fullName, resolved);
    const symbols = (schema['symbols'] as string[]) ?? [];
    const numbers = isObject(schema['protoValues']) ? schema['protoValues'] : {};
    const ids = symbols.map((symbol, index) => carried(numbers[symbol], isProtoEnumNumber, 'protoValues', `${fullName}.${symbol}`, context) ?? index);
    // A number given to two symbols would need allow_alias; the positions are kept instead.
    const distinct = new Set(ids).size === ids.length && ids[0] === 0;
    if (!distinct && Object.keys(numbers).length > 0) context.notes.push({ code: 'proto-values-left-out', enum: fullName });
    context.enums.push({ name, values: symbols.map((symbol, index) => ({ name: symbol, id: distinct ? ids[index]! : index })) });
    return resolved;
  }
  const resolved: Resolved = { kind: 'message', type: name };
  context.declared.set(fullName, resolved); // before the fields: records may refer to themselves
  const message: ProtoMessage = { name, fields: [], omitted: [] };
  context.messages.push(message);
  const fields = Array.isArray(schema['fields']) ? (schema['fields'] as Json[]) : [];
  // Numbered by position unless a protoNumber says otherwise (the rule deriveAvroFromProto writes by).
  const numbers = fields.map(
    (field, index) => carried(field['protoNumber'], isProtoFieldNumber, 'protoNumber', `${fullName}.${String(field['name'])}`, context) ?? index + 1,
  );
  const used = new Set<number>();
  fields.forEach((field, index) => {
    const fieldName = String(field['name']);
    const declared = fieldType(field['type'], inner, `${fullName}.${fieldName}`, field, context);
    let id = numbers[index]!;
    while (used.has(id) || (id !== numbers[index] && numbers.includes(id))) id = nextFieldNumber(id);
    used.add(id);
    const oneofName = carried(field['protoOneof'], isIdentifier, 'protoOneof', `${fullName}.${fieldName}`, context);
    const oneof = oneofName !== undefined ? { oneof: oneofName } : {};
    const { keepsZeros, nullable, ...declaration } = declared;
    if (keepsZeros) message.comment = PRESENCE_COMMENT;
    if (nullable) context.nullable.push(`${name}.${fieldName}`);
    message.fields.push({ ...declaration, name: fieldName, id, ...oneof });
  });
  return resolved;
}

/**
 * An Avro logical type holds the same JSON in protobuf: text for all but duration (a message of
 * three counts, `optional` so zero counts come back). The note says proto carries the text.
 */
function logicalField(logical: string, context: Context): Resolved {
  if (logical !== 'duration') {
    if (!context.notes.some((note) => note.code === 'logical-type-as-proto-text' && note.logical === logical))
      context.notes.push({ code: 'logical-type-as-proto-text', logical });
    return { kind: 'scalar', type: 'string', comment: `Avro ${logical}, as text` };
  }
  const known = context.declared.get(DURATION_KEY);
  if (known) return known;
  const name = context.names.take('AvroDuration');
  const resolved: Resolved = { kind: 'message', type: name };
  context.declared.set(DURATION_KEY, resolved);
  const counts = ['months', 'days', 'milliseconds'].map((field, index) => ({ label: 'optional' as const, type: 'uint32', name: field, id: index + 1 }));
  context.messages.push({ name, fields: counts, omitted: [], comment: 'Avro duration: three unsigned 32-bit counts' });
  return resolved;
}

/** Where the message standing for Avro's duration is remembered (no Avro name can start with a space). */
const DURATION_KEY = ' duration';

/** An integer kind written by `deriveAvroFromProto` (`sint32`, `fixed64`…), where it fits the Avro type. */
function withProtoType(resolved: Resolved, field: Json | undefined, where: string, context: Context): string {
  const wanted = field?.['protoType'];
  if (wanted === undefined || resolved.kind !== 'scalar') return resolved.type;
  const avroType = Object.keys(NATURAL_PROTO_SCALARS).find((key) => NATURAL_PROTO_SCALARS[key] === resolved.type);
  const allowed = INTEGER_KINDS[avroType ?? ''] ?? [];
  return (
    carried(wanted, (value): value is string => typeof value === 'string' && allowed.includes(value), 'protoType', where, context, avroType) ?? resolved.type
  );
}

/**
 * An attribute of the `.avsc` written into the `.proto` as it is, when it passes `valid`;
 * otherwise left out with a note (it would be text in the middle of a declaration).
 */
function carried<T>(
  value: unknown,
  valid: (value: unknown) => value is T,
  attribute: CarriedAttribute,
  at: string,
  context: Context,
  avroType?: string,
): T | undefined {
  if (value === undefined) return undefined;
  if (valid(value)) return value;
  context.notes.push({
    code: 'avro-attribute-left-out',
    attribute,
    at,
    // An .avsc is JSON: every value it holds has a JSON text.
    value: commentText(JSON.stringify(value) ?? typeof value).slice(0, 60),
    ...(avroType === undefined ? {} : { avroType }),
  });
  return undefined;
}

function hasZeroDefault(field: Json | undefined): boolean {
  if (!field || !('default' in field)) return false;
  const value = field['default'];
  return value === 0 || value === false || value === '' || (typeof value === 'string' && isZeroSymbol(field['type'], value));
}

/** An enum default that is the first symbol (proto3's zero value). */
function isZeroSymbol(type: unknown, value: string): boolean {
  return isObject(type) && Array.isArray(type['symbols']) ? type['symbols'][0] === value : true;
}

function qualify(name: string, namespace: string): string {
  return name.includes('.') || namespace === '' ? name : `${namespace}.${name}`;
}

/** Every record field name in the schema: protoc resolves type names against them first. */
function fieldNames(schema: unknown): string[] {
  const names: string[] = [];
  const pending: unknown[] = [schema];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (Array.isArray(node)) pending.push(...(node as unknown[]));
    else if (isObject(node)) {
      if (Array.isArray(node['fields'])) for (const field of node['fields'] as Json[]) names.push(String(field['name']));
      pending.push(...Object.values(node));
    }
  }
  return names;
}

function describe(schema: unknown): string {
  if (typeof schema === 'string') return schema;
  if (Array.isArray(schema)) return `a union (${schema.map(describe).join(', ')})`;
  if (isObject(schema)) return typeof schema['name'] === 'string' ? `${String(schema['type'])} ${schema['name']}` : String(schema['type']);
  return JSON.stringify(schema);
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
