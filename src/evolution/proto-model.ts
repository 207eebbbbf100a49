/**
 * What the compatibility rules look at in a .proto, read from protobufjs's reflection: the
 * file's types by their names inside the package, fields' kinds, labels and presence, real
 * (not synthetic) oneofs, reserved numbers and names.
 */
import * as protobuf from 'protobufjs';
import { hasPresence, isSyntheticOneof } from '../schema/derive-avro-from-proto';
import type { ProtoVersion } from './versions';

export interface FileTypes {
  messages: Map<string, protobuf.Type>;
  enums: Map<string, protobuf.Enum>;
}

/** Every message and enum of the file's package, by nested name (`Outer.Inner`). */
export function fileTypes(version: ProtoVersion): FileTypes {
  const found: FileTypes = { messages: new Map(), enums: new Map() };
  const start = version.packageName ? version.root.lookup(version.packageName) : version.root;
  const visit = (namespace: protobuf.NamespaceBase, prefix: string) => {
    for (const nested of namespace.nestedArray) {
      const name = `${prefix}${nested.name}`;
      if (nested instanceof protobuf.Type) {
        found.messages.set(name, nested);
        visit(nested, `${name}.`);
      } else if (nested instanceof protobuf.Enum) {
        found.enums.set(name, nested);
      }
    }
  };
  if (start instanceof protobuf.Namespace) visit(start, '');
  return found;
}

/** Direct children of a namespace (a file's package, or a message), in declaration order. */
export function childTypes(namespace: protobuf.NamespaceBase): { messages: protobuf.Type[]; enums: protobuf.Enum[] } {
  const children = namespace instanceof protobuf.Namespace || namespace instanceof protobuf.Type ? namespace.nestedArray : [];
  return {
    messages: children.filter((child): child is protobuf.Type => child instanceof protobuf.Type),
    enums: children.filter((child): child is protobuf.Enum => child instanceof protobuf.Enum),
  };
}

export function packageNamespace(version: ProtoVersion): protobuf.NamespaceBase {
  const found = version.packageName ? version.root.lookup(version.packageName) : version.root;
  return found instanceof protobuf.Namespace ? found : version.root;
}

/** The oneof a field is in, unless it is the synthetic one of a proto3 `optional`. */
export function realOneof(field: protobuf.Field): protobuf.OneOf | undefined {
  return field.partOf && !isSyntheticOneof(field.partOf) ? field.partOf : undefined;
}

/** The field's kind as descriptors say it: a scalar type name, `enum` or `message` (`group` when delimited). */
export function kindOf(field: protobuf.Field): string {
  field.resolve();
  if (field.resolvedType instanceof protobuf.Enum) return 'enum';
  if (field.resolvedType instanceof protobuf.Type) return field.delimited ? 'group' : 'message';
  return field.type;
}

/** The full name of an enum or message field's type, without the leading dot. */
export function typeNameOf(field: protobuf.Field): string | undefined {
  field.resolve();
  return field.resolvedType ? field.resolvedType.fullName.replace(/^\./, '') : undefined;
}

export type Cardinality = 'optional with explicit presence' | 'optional with implicit presence' | 'required' | 'repeated' | 'map';

export function cardinalityOf(field: protobuf.Field): Cardinality {
  if (field.map) return 'map';
  if (field.repeated) return 'repeated';
  if (field.required) return 'required';
  return hasPresence(field) ? 'optional with explicit presence' : 'optional with implicit presence';
}

/** protoc's JSON name: the `json_name` option, or the name in lowerCamelCase. */
export function jsonNameOf(field: protobuf.Field): string {
  const given: unknown = field.options?.['json_name'];
  if (typeof given === 'string') return given;
  return field.name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

export function isReservedNumber(type: protobuf.Type | protobuf.Enum, number: number): boolean {
  return (type.reserved ?? []).some((entry) => Array.isArray(entry) && number >= entry[0]! && number <= entry[1]!);
}

export function isReservedName(type: protobuf.Type | protobuf.Enum, name: string): boolean {
  return (type.reserved ?? []).some((entry) => entry === name);
}

/** A reserved entry as the .proto says it: `5`, `7 to 9`, `"old_name"`. */
export function reservedText(entry: number[] | string): string {
  return Array.isArray(entry) ? (entry[0] === entry[1] ? String(entry[0]) : `${entry[0]} to ${entry[1]}`) : JSON.stringify(entry);
}

/** The explicit default (`[default = 5]`, proto2), if any. */
export function explicitDefault(field: protobuf.Field): unknown {
  return field.options?.['default'];
}
