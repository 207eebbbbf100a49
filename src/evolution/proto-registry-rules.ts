/**
 * The Schema Registry's rules for protobuf (Confluent's `SchemaDiff`): the differences between
 * an original and an updated .proto, each compatible or not. BACKWARD checks original = older,
 * update = newer; FORWARD the reverse. Types pair by name, fields by number; labels are
 * compared only when both fields have one (proto3 fields without `optional` have none), and
 * oneof members have none here.
 */
import * as protobuf from 'protobufjs';
import { childTypes, packageNamespace, realOneof } from './proto-model';
import type { ProtoVersion } from './versions';

export interface RegistryDifference {
  type: string;
  compatible: boolean;
  /** `Item.x` (or `Item.#3` for a field number), the message, the enum. */
  path: string;
  /** Nested name of the message or enum, and the field, for locating it in the texts. */
  scope: string;
  field?: { original?: string; update?: string; id: number };
}

const COMPATIBLE = new Set([
  'MESSAGE_ADDED',
  'MESSAGE_MOVED',
  'ENUM_ADDED',
  'ENUM_REMOVED',
  'ENUM_CONST_ADDED',
  'ENUM_CONST_CHANGED',
  'ENUM_CONST_REMOVED',
  'FIELD_ADDED',
  'FIELD_REMOVED',
  'FIELD_NAME_CHANGED',
  'FIELD_STRING_OR_BYTES_LABEL_CHANGED',
  'ONEOF_ADDED',
  'ONEOF_REMOVED',
  'ONEOF_FIELD_ADDED',
]);

export const REGISTRY_PROTO_RULES = [
  'PACKAGE_CHANGED',
  'MESSAGE_REMOVED',
  'FIELD_KIND_CHANGED',
  'FIELD_SCALAR_KIND_CHANGED',
  'FIELD_NAMED_TYPE_CHANGED',
  'FIELD_NUMERIC_LABEL_CHANGED',
  'REQUIRED_FIELD_ADDED',
  'REQUIRED_FIELD_REMOVED',
  'ONEOF_FIELD_REMOVED',
  'MULTIPLE_FIELDS_MOVED_TO_ONEOF',
  'FIELD_MOVED_TO_EXISTING_ONEOF',
] as const;

const SCALAR_KINDS: Record<string, string> = {
  int32: 'GENERAL_NUMBER',
  int64: 'GENERAL_NUMBER',
  uint32: 'GENERAL_NUMBER',
  uint64: 'GENERAL_NUMBER',
  bool: 'GENERAL_NUMBER',
  sint32: 'SIGNED_NUMBER',
  sint64: 'SIGNED_NUMBER',
  string: 'STRING_OR_BYTES',
  bytes: 'STRING_OR_BYTES',
  fixed32: 'FIXED32',
  sfixed32: 'FIXED32',
  fixed64: 'FIXED64',
  sfixed64: 'FIXED64',
  float: 'FLOAT',
  double: 'DOUBLE',
};

type TypeShape = { kind: 'SCALAR'; scalarKind: string } | { kind: 'MESSAGE'; type: protobuf.Type } | { kind: 'MAP'; key: TypeShape; value: TypeShape };

export function registryDifferences(original: ProtoVersion, update: ProtoVersion): RegistryDifference[] {
  const diff = new SchemaDiff(original, update);
  if (original.packageName !== update.packageName)
    diff.add('PACKAGE_CHANGED', `package ${original.packageName || '(none)'} → ${update.packageName || '(none)'}`, '');
  diff.compareTypes(packageNamespace(original), packageNamespace(update), '');
  const seen = new Set<string>();
  return diff.differences.filter((difference) => {
    const key = `${difference.type} ${difference.path}`;
    return !seen.has(key) && Boolean(seen.add(key));
  });
}

class SchemaDiff {
  readonly differences: RegistryDifference[] = [];
  private readonly inScope = new Set<protobuf.Type>();

  constructor(
    private readonly original: ProtoVersion,
    private readonly update: ProtoVersion,
  ) {}

  add(type: string, path: string, scope: string, field?: RegistryDifference['field']): void {
    this.differences.push({ type, compatible: COMPATIBLE.has(type), path, scope, ...(field ? { field } : {}) });
  }

  compareTypes(original: protobuf.NamespaceBase, update: protobuf.NamespaceBase, prefix: string): void {
    const before = childTypes(original);
    const after = childTypes(update);
    const names = [...new Set([...before.messages, ...after.messages].map((type) => type.name))];
    for (const name of names) {
      const index = (list: protobuf.Type[]) => list.findIndex((type) => type.name === name);
      const [from, to] = [before.messages[index(before.messages)], after.messages[index(after.messages)]];
      if (!to) this.add('MESSAGE_REMOVED', `${prefix}${name}`, `${prefix}${name}`);
      else if (!from) this.add('MESSAGE_ADDED', `${prefix}${name}`, `${prefix}${name}`);
      else {
        this.compareMessage(from, to, `${prefix}${name}`);
        if (index(before.messages) !== index(after.messages)) this.add('MESSAGE_MOVED', `${prefix}${name}`, `${prefix}${name}`);
      }
    }
    for (const name of new Set([...before.enums, ...after.enums].map((type) => type.name))) {
      const from = before.enums.find((type) => type.name === name);
      const to = after.enums.find((type) => type.name === name);
      if (!to) this.add('ENUM_REMOVED', `${prefix}${name}`, `${prefix}${name}`);
      else if (!from) this.add('ENUM_ADDED', `${prefix}${name}`, `${prefix}${name}`);
      else this.compareEnum(from, to, `${prefix}${name}`);
    }
  }

  private compareEnum(original: protobuf.Enum, update: protobuf.Enum, path: string): void {
    const numbers = new Set([...Object.keys(original.valuesById), ...Object.keys(update.valuesById)].map(Number));
    for (const number of numbers) {
      const [from, to] = [original.valuesById[number], update.valuesById[number]];
      const at = `${path}.${to ?? from}`;
      if (to === undefined) this.add('ENUM_CONST_REMOVED', at, path);
      else if (from === undefined) this.add('ENUM_CONST_ADDED', at, path);
      else if (from !== to) this.add('ENUM_CONST_CHANGED', at, path);
    }
  }

  compareMessage(original: protobuf.Type, update: protobuf.Type, path: string): void {
    if (this.inScope.has(original)) return;
    this.inScope.add(original);
    const topLevel = (type: protobuf.Type) => new Map(type.fieldsArray.filter((field) => !realOneof(field)).map((field) => [field.id, field]));
    const [before, after] = [topLevel(original), topLevel(update)];
    const oneofOf = (type: protobuf.Type) => new Map(type.fieldsArray.filter((field) => realOneof(field)).map((field) => [field.id, realOneof(field)!.name]));
    const [beforeOneof, afterOneof] = [oneofOf(original), oneofOf(update)];
    const oneofs = (type: protobuf.Type) => type.oneofsArray.filter((oneof) => oneof.fieldsArray.some((field) => realOneof(field) === oneof));
    for (const oneof of oneofs(update)) {
      let moved = 0;
      let existing = 0;
      for (const field of oneof.fieldsArray) {
        if (before.delete(field.id)) moved++;
        else if (beforeOneof.has(field.id)) existing++;
      }
      if (moved > 1) this.add('MULTIPLE_FIELDS_MOVED_TO_ONEOF', `${path}.${oneof.name}`, path);
      else if (moved === 1 && existing > 0) this.add('FIELD_MOVED_TO_EXISTING_ONEOF', `${path}.${oneof.name}`, path);
    }
    const updateTags = new Set(update.fieldsArray.map((field) => field.id));
    for (const name of new Set([...oneofs(original), ...oneofs(update)].map((oneof) => oneof.name))) {
      const [from, to] = [original.oneofs?.[name], update.oneofs?.[name]];
      if (!to) this.add('ONEOF_REMOVED', `${path}.${name}`, path);
      else if (!from) this.add('ONEOF_ADDED', `${path}.${name}`, path);
      else this.compareOneof(from, to, updateTags, path);
    }
    for (const id of new Set([...before.keys(), ...after.keys()])) {
      const [from, to] = [before.get(id), after.get(id)];
      if (!to) this.add(from!.required ? 'REQUIRED_FIELD_REMOVED' : 'FIELD_REMOVED', `${path}.${from!.name}`, path, { original: from!.name, id });
      else if (!from) this.add(to.required ? 'REQUIRED_FIELD_ADDED' : 'FIELD_ADDED', `${path}.${to.name}`, path, { update: to.name, id });
      else this.compareField(from, to, path);
    }
    // A field whose oneof changed (into, out of, or renamed) is compared by number too.
    for (const field of original.fieldsArray) {
      const counterpart = update.fieldsById[field.id];
      if (!counterpart || (beforeOneof.get(field.id) ?? null) === (afterOneof.get(field.id) ?? null)) continue;
      this.compareField(field, counterpart, path);
    }
    this.compareTypes(original, update, `${path}.`);
    this.inScope.delete(original);
  }

  private compareOneof(original: protobuf.OneOf, update: protobuf.OneOf, updateTags: Set<number>, path: string): void {
    const fields = (oneof: protobuf.OneOf) => new Map(oneof.fieldsArray.map((field) => [field.id, field]));
    const [before, after] = [fields(original), fields(update)];
    for (const id of [...new Set([...before.keys(), ...after.keys()])].sort((a, b) => a - b)) {
      const [from, to] = [before.get(id), after.get(id)];
      if (!to) {
        if (!updateTags.has(id)) this.add('ONEOF_FIELD_REMOVED', `${path}.${from!.name}`, path, { original: from!.name, id });
      } else if (!from) this.add('ONEOF_FIELD_ADDED', `${path}.${to.name}`, path, { update: to.name, id });
      else this.compareField(from, to, path);
    }
  }

  private compareField(original: protobuf.Field, update: protobuf.Field, path: string): void {
    const at = `${path}.${update.name}`;
    const field = { original: original.name, update: update.name, id: update.id };
    if (original.name !== update.name) this.add('FIELD_NAME_CHANGED', at, path, field);
    this.compareShapes(labelOf(original, this.original.syntax), labelOf(update, this.update.syntax), shapeOf(original), shapeOf(update), at, path, field);
  }

  private compareShapes(
    originalLabel: string | null,
    updateLabel: string | null,
    original: TypeShape,
    update: TypeShape,
    at: string,
    path: string,
    field: RegistryDifference['field'],
  ): void {
    if (original.kind !== update.kind) return this.add('FIELD_KIND_CHANGED', at, path, field);
    if (original.kind === 'SCALAR' && update.kind === 'SCALAR') {
      if (original.scalarKind !== update.scalarKind) return this.add('FIELD_SCALAR_KIND_CHANGED', at, path, field);
      if (originalLabel !== null && updateLabel !== null && originalLabel !== updateLabel) {
        this.add(original.scalarKind === 'STRING_OR_BYTES' ? 'FIELD_STRING_OR_BYTES_LABEL_CHANGED' : 'FIELD_NUMERIC_LABEL_CHANGED', at, path, field);
      }
      return;
    }
    if (original.kind === 'MAP' && update.kind === 'MAP') {
      this.compareShapes(null, null, original.key, update.key, at, path, field);
      return this.compareShapes(null, null, original.value, update.value, at, path, field);
    }
    if (original.kind === 'MESSAGE' && update.kind === 'MESSAGE') {
      const local = (type: protobuf.Type, version: ProtoVersion) => type.fullName.slice(1).replace(version.packageName ? `${version.packageName}.` : '', '');
      if (local(original.type, this.original) !== local(update.type, this.update)) return this.add('FIELD_NAMED_TYPE_CHANGED', at, path, field);
      const nested = new SchemaDiff(this.original, this.update);
      nested.inScopeFrom(this.inScope);
      nested.compareMessage(original.type, update.type, local(update.type, this.update));
      this.differences.push(...nested.differences);
      if (nested.differences.some((difference) => !difference.compatible)) this.add('FIELD_NAMED_TYPE_CHANGED', at, path, field);
    }
  }

  private inScopeFrom(scope: Set<protobuf.Type>): void {
    for (const type of scope) this.inScope.add(type);
  }
}

/** Wire's label for a field: none for a proto3 field without `optional`, a map, or a oneof member. */
function labelOf(field: protobuf.Field, syntax: ProtoVersion['syntax']): string | null {
  if (field.map || realOneof(field)) return null;
  if (field.repeated) return 'repeated';
  if (field.required) return 'required';
  return syntax === 'proto2' || field.options?.['proto3_optional'] === true ? 'optional' : null;
}

function shapeOf(field: protobuf.Field): TypeShape {
  field.resolve();
  const single = (type: string, resolved: protobuf.ReflectionObject | null): TypeShape => {
    if (resolved instanceof protobuf.Type) return { kind: 'MESSAGE', type: resolved };
    if (resolved instanceof protobuf.Enum) return { kind: 'SCALAR', scalarKind: 'GENERAL_NUMBER' };
    return { kind: 'SCALAR', scalarKind: SCALAR_KINDS[type] ?? type };
  };
  if (field instanceof protobuf.MapField) return { kind: 'MAP', key: single(field.keyType, null), value: single(field.type, field.resolvedType) };
  return single(field.type, field.resolvedType);
}
