/**
 * `buf breaking`'s rules (v2 configuration) for the changes a message's data can see, checked
 * on the previous (older) and current (newer) .proto as buf checks them: messages and enums by
 * nested name, fields and enum values by number, each rule in the categories buf puts it in.
 * Not implemented: file options (go_package…), services and RPCs, extensions, editions
 * features, C++/Java/JS type options (see BUF_RULES).
 */
import * as protobuf from 'protobufjs';
import type { BufCategory } from '../shared/evolution';
import {
  cardinalityOf,
  explicitDefault,
  fileTypes,
  isReservedName,
  isReservedNumber,
  jsonNameOf,
  kindOf,
  realOneof,
  reservedText,
  typeNameOf,
  type Cardinality,
} from './proto-model';
import type { ProtoVersion } from './versions';

const ALL: BufCategory[] = ['FILE', 'PACKAGE', 'WIRE_JSON', 'WIRE'];

/** The rules implemented, with buf's categories for each. */
export const BUF_RULES: Record<string, BufCategory[]> = {
  FILE_SAME_PACKAGE: ALL,
  FILE_SAME_SYNTAX: ['FILE', 'PACKAGE'],
  PACKAGE_NO_DELETE: ['PACKAGE'],
  MESSAGE_NO_DELETE: ['FILE'],
  PACKAGE_MESSAGE_NO_DELETE: ['PACKAGE'],
  ENUM_NO_DELETE: ['FILE'],
  PACKAGE_ENUM_NO_DELETE: ['PACKAGE'],
  FIELD_NO_DELETE: ['FILE', 'PACKAGE'],
  FIELD_NO_DELETE_UNLESS_NUMBER_RESERVED: ['WIRE_JSON', 'WIRE'],
  FIELD_NO_DELETE_UNLESS_NAME_RESERVED: ['WIRE_JSON'],
  FIELD_SAME_NAME: ['FILE', 'PACKAGE', 'WIRE_JSON'],
  FIELD_SAME_JSON_NAME: ['FILE', 'PACKAGE', 'WIRE_JSON'],
  FIELD_SAME_TYPE: ['FILE', 'PACKAGE'],
  FIELD_WIRE_JSON_COMPATIBLE_TYPE: ['WIRE_JSON'],
  FIELD_WIRE_COMPATIBLE_TYPE: ['WIRE'],
  FIELD_SAME_CARDINALITY: ['FILE', 'PACKAGE'],
  FIELD_WIRE_JSON_COMPATIBLE_CARDINALITY: ['WIRE_JSON'],
  FIELD_WIRE_COMPATIBLE_CARDINALITY: ['WIRE'],
  FIELD_SAME_ONEOF: ALL,
  FIELD_SAME_DEFAULT: ALL,
  MESSAGE_SAME_REQUIRED_FIELDS: ALL,
  ONEOF_NO_DELETE: ['FILE', 'PACKAGE'],
  RESERVED_MESSAGE_NO_DELETE: ALL,
  RESERVED_ENUM_NO_DELETE: ALL,
  ENUM_SAME_TYPE: ['FILE', 'PACKAGE'],
  ENUM_VALUE_NO_DELETE: ['FILE', 'PACKAGE'],
  ENUM_VALUE_NO_DELETE_UNLESS_NUMBER_RESERVED: ['WIRE_JSON', 'WIRE'],
  ENUM_VALUE_NO_DELETE_UNLESS_NAME_RESERVED: ['WIRE_JSON'],
  ENUM_VALUE_SAME_NAME: ['FILE', 'PACKAGE', 'WIRE_JSON'],
};

export interface BufFinding {
  rule: string;
  categories: BufCategory[];
  message: string;
  /** Nested name of the message or enum, and the field or value names, for locating. */
  scope: string;
  previous?: string;
  current?: string;
  number?: number;
}

// buf's compatibility groups (https://protobuf.dev/programming-guides/proto3/#updating).
const WIRE_GROUP: Record<string, number> = {
  int32: 1,
  int64: 1,
  uint32: 1,
  uint64: 1,
  bool: 1,
  sint32: 2,
  sint64: 2,
  string: 3,
  bytes: 4,
  fixed32: 5,
  sfixed32: 5,
  fixed64: 6,
  sfixed64: 6,
  double: 7,
  float: 8,
  group: 9,
  message: 10,
  enum: 11,
};
const WIRE_JSON_GROUP: Record<string, number> = {
  int32: 1,
  uint32: 1,
  int64: 2,
  uint64: 2,
  fixed32: 3,
  sfixed32: 3,
  fixed64: 4,
  sfixed64: 4,
  bool: 5,
  sint32: 6,
  sint64: 7,
  string: 8,
  bytes: 9,
  double: 10,
  float: 11,
  group: 12,
  message: 13,
  enum: 14,
};
const CARDINALITY_WIRE: Record<Cardinality, number> = {
  'optional with explicit presence': 1,
  'optional with implicit presence': 1,
  required: 2,
  repeated: 3,
  map: 3,
};
const CARDINALITY_WIRE_JSON: Record<Cardinality, number> = { ...CARDINALITY_WIRE, map: 4 };

export function bufFindings(previous: ProtoVersion, current: ProtoVersion): BufFinding[] {
  const findings: BufFinding[] = [];
  const add = (rule: string, message: string, scope: string, names: Omit<BufFinding, 'rule' | 'categories' | 'message' | 'scope'> = {}) =>
    findings.push({ rule, categories: BUF_RULES[rule]!, message, scope, ...names });
  if (previous.syntax !== current.syntax) add('FILE_SAME_SYNTAX', `syntax changed from ${previous.syntax} to ${current.syntax}`, '');
  if (previous.packageName !== current.packageName) {
    // Types pair by full name: in another package nothing pairs, and the old package is gone.
    add('FILE_SAME_PACKAGE', `package changed from "${previous.packageName}" to "${current.packageName}"`, '');
    add('PACKAGE_NO_DELETE', `package "${previous.packageName}" was deleted`, '');
    return findings;
  }
  const [before, after] = [fileTypes(previous), fileTypes(current)];
  for (const [name, type] of before.messages) {
    const counterpart = after.messages.get(name);
    if (!counterpart) {
      add('MESSAGE_NO_DELETE', `message ${name} was deleted from the file`, name);
      add('PACKAGE_MESSAGE_NO_DELETE', `message ${name} was deleted from the package`, name);
    } else checkMessage(type, counterpart, name, add);
  }
  for (const [name, type] of before.enums) {
    const counterpart = after.enums.get(name);
    if (!counterpart) {
      add('ENUM_NO_DELETE', `enum ${name} was deleted from the file`, name);
      add('PACKAGE_ENUM_NO_DELETE', `enum ${name} was deleted from the package`, name);
      continue;
    }
    if (previous.syntax !== current.syntax && (previous.syntax === 'proto2' || current.syntax === 'proto2')) {
      add('ENUM_SAME_TYPE', `enum ${name} changed from ${previous.syntax === 'proto2' ? 'closed to open' : 'open to closed'}`, name);
    }
    checkEnum(type, counterpart, name, add);
  }
  return findings;
}

type Add = (rule: string, message: string, scope: string, names?: Omit<BufFinding, 'rule' | 'categories' | 'message' | 'scope'>) => void;

function checkMessage(previous: protobuf.Type, current: protobuf.Type, scope: string, add: Add): void {
  for (const field of previous.fieldsArray) {
    const counterpart = current.fieldsById[field.id];
    const names = { previous: field.name, number: field.id };
    if (!counterpart) {
      add('FIELD_NO_DELETE', `field #${field.id} (${field.name}) was deleted`, scope, names);
      if (!isReservedNumber(current, field.id))
        add('FIELD_NO_DELETE_UNLESS_NUMBER_RESERVED', `field #${field.id} (${field.name}) was deleted without reserving the number ${field.id}`, scope, names);
      if (!isReservedName(current, field.name))
        add('FIELD_NO_DELETE_UNLESS_NAME_RESERVED', `field #${field.id} (${field.name}) was deleted without reserving the name "${field.name}"`, scope, names);
      continue;
    }
    checkField(field, counterpart, scope, add);
  }
  const required = (type: protobuf.Type) => new Set(type.fieldsArray.filter((field) => field.required).map((field) => field.id));
  const [wasRequired, isRequired] = [required(previous), required(current)];
  for (const id of wasRequired)
    if (!isRequired.has(id))
      add('MESSAGE_SAME_REQUIRED_FIELDS', `required field #${id} is no longer required (or gone)`, scope, {
        previous: previous.fieldsById[id]!.name,
        number: id,
      });
  for (const id of isRequired)
    if (!wasRequired.has(id))
      add('MESSAGE_SAME_REQUIRED_FIELDS', `required field #${id} was added`, scope, { current: current.fieldsById[id]!.name, number: id });
  const realOneofs = (type: protobuf.Type) =>
    new Set(
      type.fieldsArray
        .map(realOneof)
        .filter((oneof) => oneof !== undefined)
        .map((oneof) => oneof.name),
    );
  const currentOneofs = realOneofs(current);
  for (const name of realOneofs(previous)) if (!currentOneofs.has(name)) add('ONEOF_NO_DELETE', `oneof ${name} was deleted`, scope);
  checkReserved(previous, current, scope, 'RESERVED_MESSAGE_NO_DELETE', add);
}

function checkField(previous: protobuf.Field, current: protobuf.Field, scope: string, add: Add): void {
  const names = { previous: previous.name, current: current.name, number: current.id };
  const label = `field #${current.id} (${current.name})`;
  if (previous.name !== current.name) add('FIELD_SAME_NAME', `${label} changed name from ${previous.name} to ${current.name}`, scope, names);
  if (jsonNameOf(previous) !== jsonNameOf(current))
    add('FIELD_SAME_JSON_NAME', `${label} changed its JSON name from ${jsonNameOf(previous)} to ${jsonNameOf(current)}`, scope, names);
  checkTypes(bufKind(previous), bufKind(current), label, scope, names, add);
  const [was, is] = [cardinalityOf(previous), cardinalityOf(current)];
  if (was !== is) add('FIELD_SAME_CARDINALITY', `${label} changed cardinality from ${was} to ${is}`, scope, names);
  if (CARDINALITY_WIRE_JSON[was] !== CARDINALITY_WIRE_JSON[is])
    add('FIELD_WIRE_JSON_COMPATIBLE_CARDINALITY', `${label} changed cardinality from ${was} to ${is}`, scope, names);
  if (CARDINALITY_WIRE[was] !== CARDINALITY_WIRE[is])
    add('FIELD_WIRE_COMPATIBLE_CARDINALITY', `${label} changed cardinality from ${was} to ${is}`, scope, names);
  const [fromOneof, toOneof] = [realOneof(previous)?.name, realOneof(current)?.name];
  if (fromOneof !== toOneof) {
    const where = (name: string | undefined) => (name ? `oneof ${name}` : 'no oneof');
    add('FIELD_SAME_ONEOF', `${label} moved from ${where(fromOneof)} to ${where(toOneof)}`, scope, names);
  }
  const [wasDefault, isDefault] = [defaultText(previous), defaultText(current)];
  if (wasDefault !== undefined && isDefault !== undefined && wasDefault !== isDefault)
    add('FIELD_SAME_DEFAULT', `${label} changed its default from ${wasDefault} to ${isDefault}`, scope, names);
  if (previous instanceof protobuf.MapField && current instanceof protobuf.MapField) {
    // buf compares the generated entry messages' key and value fields.
    checkTypes({ kind: previous.keyType }, { kind: current.keyType }, `the key of map ${label}`, scope, names, add);
    checkTypes(mapValueKind(previous), mapValueKind(current), `the value of map ${label}`, scope, names, add);
  }
}

interface BufKind {
  kind: string;
  typeName?: string;
  enumType?: protobuf.Enum;
}

function checkTypes(
  before: BufKind,
  after: BufKind,
  label: string,
  scope: string,
  names: Omit<BufFinding, 'rule' | 'categories' | 'message' | 'scope'>,
  add: Add,
): void {
  const typeNamesDiffer = before.typeName !== after.typeName;
  const change = `${label} changed type from ${before.typeName ?? before.kind} to ${after.typeName ?? after.kind}`;
  if (before.kind !== after.kind || typeNamesDiffer) add('FIELD_SAME_TYPE', change, scope, names);
  const groupBreaks = (groups: Record<string, number>, allowStringToBytes: boolean) => {
    if (groups[before.kind] !== groups[after.kind]) return !(allowStringToBytes && before.kind === 'string' && after.kind === 'bytes');
    if (!typeNamesDiffer) return false;
    if (!after.enumType || !before.enumType) return true;
    return !enumIsSuperset(after.enumType, before.enumType);
  };
  if (groupBreaks(WIRE_GROUP, true)) add('FIELD_WIRE_COMPATIBLE_TYPE', `${change}, which the wire format does not allow`, scope, names);
  if (groupBreaks(WIRE_JSON_GROUP, false)) add('FIELD_WIRE_JSON_COMPATIBLE_TYPE', `${change}, which the wire or JSON format does not allow`, scope, names);
}

function mapValueKind(field: protobuf.MapField): BufKind {
  const target = field.resolve().resolvedType;
  if (target instanceof protobuf.Enum) return { kind: 'enum', typeName: target.fullName.slice(1), enumType: target };
  if (target instanceof protobuf.Type) return { kind: 'message', typeName: target.fullName.slice(1) };
  return { kind: field.type };
}

/** The kind buf sees: a map is a repeated message of the generated `<Name>Entry` type. */
function bufKind(field: protobuf.Field): BufKind {
  if (field.map) {
    const entry = field.name
      .split('_')
      .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
      .join('');
    return { kind: 'message', typeName: `${field.parent!.fullName.slice(1)}.${entry}Entry` };
  }
  const kind = kindOf(field);
  const typeName = typeNameOf(field);
  const enumType = field.resolvedType instanceof protobuf.Enum ? field.resolvedType : undefined;
  return { kind, ...(typeName ? { typeName } : {}), ...(enumType ? { enumType } : {}) };
}

function enumIsSuperset(superset: protobuf.Enum, subset: protobuf.Enum): boolean {
  return superset.name === subset.name && Object.entries(subset.values).every(([name, number]) => superset.values[name] === number);
}

/** The default buf compares: explicit, or zero; undefined when the field cannot have one (or neither differs from zero). */
function defaultText(field: protobuf.Field): string | undefined {
  if (field.repeated || field.map || kindOf(field) === 'message' || kindOf(field) === 'group') return undefined;
  const given = explicitDefault(field);
  if (given === undefined) return 'zero';
  // protobufjs parses a `default` option as a string, number or boolean (an enum's as its name).
  return typeof given === 'string' || typeof given === 'number' || typeof given === 'bigint' || typeof given === 'boolean'
    ? String(given)
    : JSON.stringify(given);
}

function checkEnum(previous: protobuf.Enum, current: protobuf.Enum, scope: string, add: Add): void {
  const namesByNumber = (type: protobuf.Enum) => {
    const grouped = new Map<number, string[]>();
    for (const [name, number] of Object.entries(type.values)) grouped.set(number, [...(grouped.get(number) ?? []), name]);
    return grouped;
  };
  const [before, after] = [namesByNumber(previous), namesByNumber(current)];
  for (const [number, names] of before) {
    const now = after.get(number);
    const value = { previous: names[0]!, number };
    if (!now) {
      add('ENUM_VALUE_NO_DELETE', `enum value ${number} (${names.join(', ')}) was deleted`, scope, value);
      if (!isReservedNumber(current, number))
        add('ENUM_VALUE_NO_DELETE_UNLESS_NUMBER_RESERVED', `enum value ${number} was deleted without reserving the number`, scope, value);
      if (!names.every((name) => isReservedName(current, name)))
        add('ENUM_VALUE_NO_DELETE_UNLESS_NAME_RESERVED', `enum value ${number} was deleted without reserving the name ${names.join(', ')}`, scope, value);
    } else if (!now.every((name) => names.includes(name))) {
      add('ENUM_VALUE_SAME_NAME', `enum value ${number} changed name from ${names.join(', ')} to ${now.join(', ')}`, scope, { ...value, current: now[0]! });
    }
  }
  checkReserved(previous, current, scope, 'RESERVED_ENUM_NO_DELETE', add);
}

function checkReserved(previous: protobuf.Type | protobuf.Enum, current: protobuf.Type | protobuf.Enum, scope: string, rule: string, add: Add): void {
  for (const entry of previous.reserved ?? []) {
    const kept = Array.isArray(entry)
      ? Array.from({ length: Math.min(entry[1]! - entry[0]! + 1, 10_000) }, (_, index) => entry[0]! + index).every((number) =>
          isReservedNumber(current, number),
        )
      : isReservedName(current, entry);
    if (!kept) add(rule, `reserved ${reservedText(entry)} was deleted`, scope);
  }
}
