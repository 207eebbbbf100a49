/**
 * The schema object pbf's compiler reads (the form `protocol-buffers-schema` parses .proto text
 * to), built from the protobufjs schema the other Protocol Buffers rows use, so that pbf encodes
 * the same messages: type names fully qualified, packing and proto3 `optional` presence as
 * protobufjs has them.
 */
import { protobuf } from './protobufjs-runtime';

interface PbfField {
  name: string;
  type: string;
  tag: number;
  repeated: boolean;
  oneof: string | null;
  options: { packed?: 'true' | 'false' };
  map?: { from: string; to: string };
}
interface PbfMessage {
  name: string;
  fields?: PbfField[];
  messages: PbfMessage[];
  enums: PbfEnum[];
}
interface PbfEnum {
  name: string;
  values: Record<string, { value: number }>;
}
export interface PbfSchema {
  syntax: number;
  messages: PbfMessage[];
  enums: PbfEnum[];
}

export function pbfSchemaOf(root: protobuf.Root, syntax: 'proto2' | 'proto3'): PbfSchema {
  const top = membersOf(root);
  return { syntax: syntax === 'proto2' ? 2 : 3, messages: top.messages, enums: top.enums };
}

/**
 * The name pbf gives a message's `read…` / `write…` functions: the names of its enclosing
 * packages and messages, joined.
 */
export function pbfFunctionName(type: protobuf.Type): string {
  return type.fullName.split('.').filter(Boolean).join('');
}

function membersOf(namespace: protobuf.Namespace): { messages: PbfMessage[]; enums: PbfEnum[] } {
  const messages: PbfMessage[] = [];
  const enums: PbfEnum[] = [];
  for (const nested of namespace.nestedArray) {
    if (nested instanceof protobuf.Enum) {
      enums.push({ name: nested.name, values: Object.fromEntries(Object.entries(nested.values).map(([name, value]) => [name, { value }])) });
    } else if (nested instanceof protobuf.Type) {
      messages.push({ name: nested.name, fields: nested.fieldsArray.map(fieldOf), ...membersOf(nested) });
    } else if (nested instanceof protobuf.Namespace) {
      // A package: a scope for names, without fields (pbf writes no functions for it).
      messages.push({ name: nested.name, ...membersOf(nested) });
    }
  }
  return { messages, enums };
}

function typeNameOf(field: protobuf.Field): string {
  field.resolve();
  return field.resolvedType ? field.resolvedType.fullName.slice(1) : field.type;
}

function fieldOf(field: protobuf.Field): PbfField {
  // proto3 `optional` is a one-field oneof: pbf then writes the field whenever it is set, zero or not.
  const oneof = field.partOf ? field.partOf.name : null;
  const base = { name: field.name, tag: field.id, oneof };
  if (field instanceof protobuf.MapField) {
    return { ...base, type: 'map', repeated: false, options: {}, map: { from: field.keyType, to: typeNameOf(field) } };
  }
  const repeated = field.repeated;
  const scalar = repeated && !field.resolvedType;
  return { ...base, type: typeNameOf(field), repeated, options: scalar ? { packed: field.packed ? 'true' : 'false' } : {} };
}
