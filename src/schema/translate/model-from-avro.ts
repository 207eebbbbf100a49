/**
 * The schema model (model.ts) of an Avro schema: the one the Avro rows use, whether provided,
 * derived from a provided .proto or inferred from the sample (codecs/avro-schema-choice.ts).
 * Starting from Avro keeps one path for every input: the .proto's integer kinds survive the
 * derivation as `protoType` attributes, and Avro's free-form JSON record describes irregular
 * samples in types all three target languages have.
 *
 * What the JSON sample holds decides each choice: logical types are held in their JSON form
 * (text), bytes as base64 text in JSON and raw bytes on the wire.
 */
import { UnsupportedSampleError } from '../sample-contracts';
import { BASE64_LOGICAL_TYPE, JSON_LOGICAL_TYPE, JSON_TEXT_LOGICAL_TYPE } from '../avro-names';
import { TypeNames, pascalCase } from '../names';
import { RESERVED_TYPE_NAMES } from './identifiers';
import {
  jsonKindOf,
  type EnumType,
  type IntegerKind,
  type ModelField,
  type ModelType,
  type RecordType,
  type SchemaModel,
  type ScalarKind,
  type UnionBranch,
  type UnionType,
} from './model';
import { InferenceNotes } from '../inference-notes';

/** A model that cannot be built: becomes the row's skipped reason, naming the schema path. */
export class UntranslatableSchemaError extends UnsupportedSampleError {
  override name = 'UntranslatableSchemaError';
}

const AVRO_SCALARS: Record<string, ScalarKind> = {
  boolean: 'bool',
  int: 'int32',
  long: 'int64',
  float: 'float32',
  double: 'float64',
  string: 'string',
  bytes: 'bytes',
};

/** protobuf's integer kinds (kept by derive-avro-from-proto.ts as `protoType`). */
const PROTO_INTEGERS: Record<string, IntegerKind> = {
  int32: 'int32',
  sint32: 'int32',
  sfixed32: 'int32',
  uint32: 'uint32',
  fixed32: 'uint32',
  int64: 'int64',
  sint64: 'int64',
  sfixed64: 'int64',
  uint64: 'uint64',
  fixed64: 'uint64',
};

/** Logical types whose JSON form (avro-logical-types.ts, proto-wkt-avro.ts) is text. */
const TEXT_LOGICAL_TYPES = new Set([
  'decimal',
  'uuid',
  'date',
  'time-millis',
  'time-micros',
  'timestamp-millis',
  'timestamp-micros',
  'local-timestamp-millis',
  'local-timestamp-micros',
  'payload-lab-proto-timestamp',
  'payload-lab-proto-duration',
]);

const UNION_BRANCH_NAMES: Record<string, string> = {
  boolean: 'boolValue',
  number: 'numberValue',
  string: 'stringValue',
  array: 'listValue',
  object: 'objectValue',
};

interface Context {
  names: TypeNames;
  /** Avro full name → model node, for references and recursion. */
  defined: Map<string, ModelType>;
  named: SchemaModel['named'];
  notes: InferenceNotes;
}

/**
 * `listOfRecords`: the sample is a list of records against a record schema (JSON Lines, records
 * generated from a schema): the model's root is a list of that record, as the Avro rows encode it.
 */
export function modelFromAvro(schema: unknown, options: { listOfRecords?: boolean } = {}): SchemaModel {
  const context: Context = { names: new TypeNames(RESERVED_TYPE_NAMES), defined: new Map(), named: [], notes: new InferenceNotes() };
  let root = typeOf(schema, '$', context, undefined, '');
  if (options.listOfRecords) root = { kind: 'list', element: root };
  return { root, named: context.named, notes: context.notes.list() };
}

/** `protoType`: the field's protobuf integer kind, applied to the integer inside its type. */
function typeOf(schema: unknown, path: string, context: Context, protoType: string | undefined, namespace: string): ModelType {
  if (typeof schema === 'string') return namedOrPrimitive(schema, path, context, protoType, namespace);
  if (Array.isArray(schema)) return unionOf(schema, path, context, protoType, namespace);
  if (schema === null || typeof schema !== 'object') throw new UntranslatableSchemaError(`${path}: not an Avro type: ${JSON.stringify(schema)}`);
  const node = schema as Record<string, unknown>;
  const logical = typeof node['logicalType'] === 'string' ? node['logicalType'] : undefined;
  if (logical === JSON_TEXT_LOGICAL_TYPE) {
    context.notes.add({ code: 'translated-json-text' });
    return { kind: 'json-text' };
  }
  if (logical !== undefined && TEXT_LOGICAL_TYPES.has(logical)) {
    context.notes.add({ code: 'translated-logical-text', logical });
    return { kind: 'scalar', scalar: 'string' };
  }
  const type = node['type'];
  switch (type) {
    case 'record':
    case 'error':
      return recordOf(node, path, context, namespaceOf(node, namespace), logical === JSON_LOGICAL_TYPE);
    case 'enum':
      return enumOf(node, path, context, namespaceOf(node, namespace));
    case 'array':
      return { kind: 'list', element: typeOf(node['items'], `${path}[*]`, context, protoType, namespace) };
    case 'map':
      return { kind: 'map', values: typeOf(node['values'], `${path}.*`, context, protoType, namespace) };
    case 'fixed': {
      const fixed = logical === 'duration' ? durationRecord(context) : bytes(context, logical);
      context.defined.set(fullNameOf(node, namespaceOf(node, namespace)), fixed);
      return fixed;
    }
    default:
      // A primitive written as an object ({"type": "long", "logicalType": …}) or a nested type.
      if (type === 'bytes') return bytes(context, logical);
      return typeOf(type, path, context, protoType, namespace);
  }
}

function namedOrPrimitive(name: string, path: string, context: Context, protoType: string | undefined, namespace: string): ModelType {
  if (name === 'null') return { kind: 'null' };
  if (name === 'bytes') return bytes(context, undefined);
  const scalar = AVRO_SCALARS[name];
  if (scalar) return { kind: 'scalar', scalar: protoType && PROTO_INTEGERS[protoType] && scalar !== 'float64' ? PROTO_INTEGERS[protoType]! : scalar };
  const found = context.defined.get(name) ?? context.defined.get(namespace ? `${namespace}.${name}` : name) ?? context.defined.get(name.split('.').at(-1)!);
  if (!found) throw new UntranslatableSchemaError(`${path}: the Avro type '${name}' is not defined before its use`);
  return found;
}

function unionOf(members: unknown[], path: string, context: Context, protoType: string | undefined, namespace: string): ModelType {
  const nullable = members.some((member) => member === 'null');
  const others = members.filter((member) => member !== 'null').map((member) => typeOf(member, path, context, protoType, namespace));
  if (others.length === 0) return { kind: 'null' };
  const inner = others.length === 1 ? others[0]! : unionType(others, path, context);
  return nullable ? { kind: 'nullable', inner } : inner;
}

/** Branches are told apart by their JSON kind, as avsc's unwrapped unions pick them. */
function unionType(members: ModelType[], path: string, context: Context): UnionType {
  const branches: UnionBranch[] = [];
  for (const type of members) {
    const accepts = jsonKindOf(type);
    if (accepts === undefined) throw new UntranslatableSchemaError(`${path}: a union member that is itself nullable or a union`);
    const taken = branches.find((branch) => branch.accepts === accepts);
    if (taken) {
      throw new UntranslatableSchemaError(`${path}: a union with two members a JSON ${accepts} fits; which one a value is cannot be told from the JSON`);
    }
    branches.push({ name: UNION_BRANCH_NAMES[accepts]!, type, accepts });
  }
  const union: UnionType = { kind: 'union', name: context.names.take(`${pascalCase(lastSegment(path))}Union`), branches };
  context.named.push(union);
  context.notes.add({ code: 'translated-union-by-kind' });
  return union;
}

function recordOf(node: Record<string, unknown>, path: string, context: Context, namespace: string, freeForm: boolean): RecordType {
  const fullName = fullNameOf(node, namespace);
  const record: RecordType = { kind: 'record', name: context.names.take(pascalCase(fullName.split('.').at(-1)!)), fields: [] };
  if (freeForm) {
    record.wraps = true;
    context.notes.add({ code: 'translated-free-form', record: record.name });
  }
  context.defined.set(fullName, record);
  context.named.push(record);
  const fields = Array.isArray(node['fields']) ? (node['fields'] as Record<string, unknown>[]) : [];
  record.fields = fields.map((field): ModelField => {
    const key = String(field['name']);
    const protoType = typeof field['protoType'] === 'string' ? field['protoType'] : undefined;
    const type = typeOf(field['type'], `${path}.${key}`, context, protoType, namespace);
    // A key the sample may leave out (proto3's JSON leaves defaults out): what it stands for.
    const fallback = field['default'];
    const plain = fallback !== undefined && fallback !== null && type.kind !== 'nullable';
    return { key, type, ...(plain ? { default: fallback } : {}) };
  });
  return record;
}

function enumOf(node: Record<string, unknown>, path: string, context: Context, namespace: string): EnumType {
  const fullName = fullNameOf(node, namespace);
  const symbols = Array.isArray(node['symbols']) ? node['symbols'].map(String) : [];
  if (symbols.length === 0) throw new UntranslatableSchemaError(`${path}: an enum without symbols`);
  if (symbols.length > 255)
    throw new UntranslatableSchemaError(`${path}: an enum of ${symbols.length} symbols (FlatBuffers and Bebop enums are written here as one byte)`);
  const type: EnumType = { kind: 'enum', name: context.names.take(pascalCase(fullName.split('.').at(-1)!)), symbols };
  context.defined.set(fullName, type);
  context.named.push(type);
  return type;
}

/** Avro's duration (fixed 12) as the sample holds it: `{ months, days, milliseconds }`. */
function durationRecord(context: Context): RecordType {
  const unsigned = (key: string): ModelField => ({ key, type: { kind: 'scalar', scalar: 'uint32' } });
  const record: RecordType = { kind: 'record', name: context.names.take('Duration'), fields: [unsigned('months'), unsigned('days'), unsigned('milliseconds')] };
  context.named.push(record);
  return record;
}

function bytes(context: Context, logical: string | undefined): ModelType {
  if (logical !== undefined && logical !== BASE64_LOGICAL_TYPE) context.notes.add({ code: 'translated-unknown-bytes-logical', logical });
  context.notes.add({ code: 'translated-bytes-base64' });
  return { kind: 'scalar', scalar: 'bytes' };
}

function namespaceOf(node: Record<string, unknown>, enclosing: string): string {
  const name = typeof node['name'] === 'string' ? node['name'] : '';
  if (name.includes('.')) return name.slice(0, name.lastIndexOf('.'));
  return typeof node['namespace'] === 'string' ? node['namespace'] : enclosing;
}

function fullNameOf(node: Record<string, unknown>, namespace: string): string {
  const name = typeof node['name'] === 'string' && node['name'] ? node['name'] : 'Record';
  return name.includes('.') || !namespace ? name : `${namespace}.${name}`;
}

function lastSegment(path: string): string {
  const match = /([A-Za-z_][A-Za-z0-9_]*)[^A-Za-z0-9_]*$/.exec(path);
  return match?.[1] ?? 'Value';
}
