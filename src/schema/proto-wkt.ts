/**
 * Google's well-known types in JSON samples, as proto3's JSON mapping writes them: Timestamp as
 * RFC 3339 text, Duration as `"1.5s"`, Struct / Value / ListValue as plain JSON, wrappers as the
 * bare value (null when absent), FieldMask as `"a.b,cD"`, Empty as `{}`, Any as
 * `{"@type": "type.googleapis.com/pkg.Msg", …fields}` (a well-known type's JSON under "value").
 *
 * protobufjs reads and writes only the message form (`{seconds, nanos}`), so samples are turned
 * into it before encoding (with enum names, not timed) and decoded messages back after decoding
 * (timed, like `toObject`). 64-bit values stay numbers within 2^53, as elsewhere in samples.
 */
import * as protobuf from 'protobufjs';
import { formatDateTime, parseDateTime } from './avro-logical-types';

type Json = Record<string, unknown>;

const WRAPPERS: Record<string, string> = {
  DoubleValue: 'double',
  FloatValue: 'float',
  Int64Value: 'int64',
  UInt64Value: 'uint64',
  Int32Value: 'int32',
  UInt32Value: 'uint32',
  BoolValue: 'bool',
  StringValue: 'string',
  BytesValue: 'bytes',
};
const WELL_KNOWN = new Set(['Timestamp', 'Duration', 'Struct', 'Value', 'ListValue', 'FieldMask', 'Empty', 'Any', ...Object.keys(WRAPPERS)]);
const DURATION = /^(-)?(\d+)(?:\.(\d{1,9}))?s$/;
const MAX_SECONDS = 315_576_000_000; // ±10,000 years: proto's limit for Duration

/** `Timestamp` for `.google.protobuf.Timestamp`; undefined for any other type. */
export function wellKnownName(type: protobuf.ReflectionObject | null | undefined): string | undefined {
  if (!(type instanceof protobuf.Type)) return undefined;
  const match = /^\.google\.protobuf\.(\w+)$/.exec(type.fullName);
  return match && WELL_KNOWN.has(match[1]!) ? match[1] : undefined;
}

/** Whether a message (or any it holds) has a well-known-type field: only then are samples converted. */
export function usesWellKnownTypes(type: protobuf.Type, seen = new Set<protobuf.Type>()): boolean {
  if (seen.has(type)) return false;
  seen.add(type);
  return type.fieldsArray.some((field) => {
    field.resolve();
    const target = field.resolvedType;
    return target instanceof protobuf.Type && (wellKnownName(target) !== undefined || usesWellKnownTypes(target, seen));
  });
}

let bundledRoot: protobuf.Root | undefined;
/** Every well-known type, for `Any` values that name one the schema does not import. */
function wellKnownRoot(): protobuf.Root {
  if (!bundledRoot) {
    bundledRoot = new protobuf.Root();
    for (const name of Object.keys(protobuf.common)) {
      const json = protobuf.common.get(name);
      if (json) bundledRoot.addJSON(json.nested ?? {});
    }
    bundledRoot.resolveAll();
  }
  return bundledRoot;
}

function anyTarget(root: protobuf.Root, typeUrl: unknown): protobuf.Type | undefined {
  if (typeof typeUrl !== 'string' || !typeUrl.includes('/')) return undefined;
  const name = typeUrl.slice(typeUrl.lastIndexOf('/') + 1);
  for (const candidate of [root, wellKnownRoot()]) {
    const found = candidate.lookup(name);
    if (found instanceof protobuf.Type) return found;
  }
  return undefined;
}

export function parseDuration(text: unknown): { seconds: number; nanos: number } | undefined {
  const match = typeof text === 'string' ? DURATION.exec(text) : null;
  if (!match || Number(match[2]) > MAX_SECONDS) return undefined;
  const sign = match[1] ? -1 : 1;
  const nanos = Number((match[3] ?? '').padEnd(9, '0'));
  return { seconds: sign * Number(match[2]) || 0, nanos: sign * nanos || 0 };
}

export function formatDuration(seconds: number, nanos: number): string {
  const negative = seconds < 0 || nanos < 0;
  const absNanos = Math.abs(nanos);
  const digits = absNanos === 0 ? 0 : absNanos % 1_000_000 === 0 ? 3 : absNanos % 1000 === 0 ? 6 : 9;
  const fraction = digits === 0 ? '' : `.${String(absNanos).padStart(9, '0').slice(0, digits)}`;
  return `${negative ? '-' : ''}${Math.abs(seconds)}${fraction}s`;
}

const camel = (path: string) => path.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
const snake = (path: string) => path.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** A number from a protobufjs int64 (Long, number or string). */
function toNumber(value: unknown): number {
  if (typeof value === 'object' && value !== null && 'toNumber' in value) return (value as { toNumber(): number }).toNumber();
  return Number(value ?? 0);
}

/**
 * What a JSON value must be for a well-known type, or undefined when it fits. Any's embedded
 * message is checked for its `@type` only: its fields are encoded by protobufjs, which says more.
 */
export function wellKnownMismatch(name: string, value: unknown, root: protobuf.Root): string | undefined {
  switch (name) {
    case 'Timestamp':
      return parseDateTime(value, true) ? undefined : 'google.protobuf.Timestamp (RFC 3339 text with a zone, "2024-05-31T13:45:30Z")';
    case 'Duration':
      return parseDuration(value) ? undefined : 'google.protobuf.Duration (seconds as text, "1.5s")';
    case 'FieldMask':
      return typeof value === 'string' ? undefined : 'google.protobuf.FieldMask (paths as text, "a.b,c")';
    case 'Empty':
      return isObject(value) && Object.keys(value).length === 0 ? undefined : 'google.protobuf.Empty ({})';
    case 'Struct':
      return isObject(value) ? undefined : 'google.protobuf.Struct (a JSON object)';
    case 'ListValue':
      return Array.isArray(value) ? undefined : 'google.protobuf.ListValue (a JSON array)';
    case 'Value':
      return value === undefined ? 'google.protobuf.Value (any JSON value)' : undefined;
    case 'Any':
      return isObject(value) && anyTarget(root, value['@type']) ? undefined : 'google.protobuf.Any ({"@type": "type.googleapis.com/<message type>", …})';
    default: {
      const scalar = WRAPPERS[name]!;
      const fits =
        scalar === 'bool' ? typeof value === 'boolean' : scalar === 'string' || scalar === 'bytes' ? typeof value === 'string' : typeof value === 'number';
      return fits ? undefined : `google.protobuf.${name} (a bare ${scalar})`;
    }
  }
}

/** The message form protobufjs encodes, of a well-known type's JSON value (which must fit). */
export function wellKnownToMessage(name: string, value: unknown, root: protobuf.Root): Json {
  switch (name) {
    case 'Timestamp':
      return { ...parseDateTime(value, true)! };
    case 'Duration':
      return { ...parseDuration(value)! };
    case 'FieldMask':
      return { paths: String(value) === '' ? [] : String(value).split(',').map(snake) };
    case 'Empty':
      return {};
    case 'Struct':
      return { fields: Object.fromEntries(Object.entries(value as Json).map(([key, item]) => [key, valueToMessage(item)])) };
    case 'ListValue':
      return { values: (value as unknown[]).map(valueToMessage) };
    case 'Value':
      return valueToMessage(value);
    case 'Any': {
      const object = value as Json;
      const target = anyTarget(root, object['@type'])!;
      const inner = wellKnownName(target);
      let message: Json;
      if (inner) message = wellKnownToMessage(inner, object['value'], root);
      else {
        const { '@type': _type, ...fields } = object;
        message = messageToProto(target, fields, root);
      }
      return { type_url: object['@type'], value: target.encode(target.fromObject(message)).finish() };
    }
    default:
      return { value };
  }
}

function valueToMessage(value: unknown): Json {
  if (value === null) return { nullValue: 0 };
  if (typeof value === 'number') return { numberValue: value };
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { boolValue: value };
  if (Array.isArray(value)) return { listValue: { values: value.map(valueToMessage) } };
  return { structValue: { fields: Object.fromEntries(Object.entries(value as Json).map(([key, item]) => [key, valueToMessage(item)])) } };
}

/** The JSON of a decoded well-known-type message (a protobufjs message or its `toObject`). */
export function wellKnownToJson(name: string, message: Json, root: protobuf.Root): unknown {
  switch (name) {
    case 'Timestamp':
      return formatDateTime(toNumber(message['seconds']), toNumber(message['nanos']), true);
    case 'Duration':
      return formatDuration(toNumber(message['seconds']), toNumber(message['nanos']));
    case 'FieldMask':
      return ((message['paths'] as string[] | undefined) ?? []).map(camel).join(',');
    case 'Empty':
      return {};
    case 'Struct':
      return structToJson(message);
    case 'ListValue':
      return ((message['values'] as Json[] | undefined) ?? []).map(valueToJson);
    case 'Value':
      return valueToJson(message);
    case 'Any': {
      const typeUrl = message['type_url'];
      const target = anyTarget(root, typeUrl);
      if (!target) return { '@type': typeUrl };
      const raw = message['value'];
      const bytes = typeof raw === 'string' ? Buffer.from(raw, 'base64') : ((raw as Uint8Array | undefined) ?? new Uint8Array());
      const decoded = target.toObject(target.decode(bytes), { enums: String, bytes: String }) as Json;
      const inner = wellKnownName(target);
      return inner
        ? { '@type': typeUrl, value: wellKnownToJson(inner, decoded, root) }
        : { '@type': typeUrl, ...(messageToJson(target, decoded, root) as Json) };
    }
    default: {
      const inner = message['value'];
      const scalar = WRAPPERS[name]!;
      if (inner === undefined || inner === null) return scalar === 'bool' ? false : scalar === 'string' || scalar === 'bytes' ? '' : 0;
      if (scalar === 'bytes' && typeof inner !== 'string') return Buffer.from(inner as Uint8Array).toString('base64');
      return /64/.test(scalar) ? toNumber(inner) : inner;
    }
  }
}

function structToJson(message: Json): Json {
  const fields = (message['fields'] as Record<string, Json> | undefined) ?? {};
  return Object.fromEntries(Object.entries(fields).map(([key, item]) => [key, valueToJson(item)]));
}

function valueToJson(message: Json): unknown {
  if ('numberValue' in message && message['numberValue'] !== undefined) return message['numberValue'];
  if ('stringValue' in message && message['stringValue'] !== undefined) return message['stringValue'];
  if ('boolValue' in message && message['boolValue'] !== undefined) return message['boolValue'];
  if (message['structValue']) return structToJson(message['structValue'] as Json);
  if (message['listValue']) return (((message['listValue'] as Json)['values'] as Json[] | undefined) ?? []).map(valueToJson);
  return null;
}

/** A JSON sample of `type` with each well-known-type value in its message form (a copy). */
export function messageToProto(type: protobuf.Type, value: unknown, root: protobuf.Root): Json {
  return convertMessage(type, value as Json, (name, item) => wellKnownToMessage(name, item, root));
}

/** A decoded message of `type` as JSON, each well-known type in proto3's JSON mapping (a copy). */
export function messageToJson(type: protobuf.Type, value: unknown, root: protobuf.Root): unknown {
  return convertMessage(type, value as Json, (name, item) => wellKnownToJson(name, item as Json, root));
}

function convertMessage(type: protobuf.Type, record: Json, convert: (name: string, value: unknown) => unknown): Json {
  const copy: Json = {};
  for (const key of Object.keys(record)) {
    const field = type.fields[key];
    const value = record[key];
    if (!field || value === undefined || value === null) {
      copy[key] = value;
      continue;
    }
    field.resolve();
    const target = field.resolvedType;
    if (!(target instanceof protobuf.Type)) {
      copy[key] = value;
      continue;
    }
    const name = wellKnownName(target);
    const one = (item: unknown) => (name ? convert(name, item) : convertMessage(target, item as Json, convert));
    if (field instanceof protobuf.MapField) copy[key] = Object.fromEntries(Object.entries(value as Json).map(([mapKey, item]) => [mapKey, one(item)]));
    else if (field.repeated && Array.isArray(value)) copy[key] = value.map(one);
    else copy[key] = one(value);
  }
  return copy;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
