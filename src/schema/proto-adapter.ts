/**
 * How JSON values map onto the messages an inferred .proto uses for what proto3 cannot say
 * directly (lists of lists, maps of lists, mixed types, null, free-form JSON), and back.
 * Inference builds an adapter only where the wire form differs from the JSON; the protobufjs
 * codec runs it inside its timed encode and decode, so those timings include the conversion.
 */

export type JsonKind = 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object';

export interface MessageFieldAdapter {
  key: string;
  /** Conversion of the field's value, or null when it is sent as it is. */
  adapter: ProtoAdapter | null;
  /** An optional field that is never absent in the sample: absent on the wire means null. */
  nullIfAbsent: boolean;
}

export interface OneofBranch {
  kind: JsonKind;
  field: string;
  adapter: ProtoAdapter | null;
}

export type ProtoAdapter =
  | { kind: 'message'; fields: MessageFieldAdapter[] }
  | { kind: 'list'; element: ProtoAdapter }
  | { kind: 'map'; value: ProtoAdapter }
  /** `x` ↔ `{ value: x }`: a list or map where proto3 wants a message. */
  | { kind: 'wrap'; inner: ProtoAdapter | null }
  /** `x` ↔ `{ [branch]: x }`, the branch picked by the JSON kind of `x`. */
  | { kind: 'oneof'; branches: OneofBranch[] }
  /** `x` ↔ google.protobuf.Value. */
  | { kind: 'json' };

type JsonObject = Record<string, unknown>;

export function jsonKind(value: unknown): JsonKind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value as JsonKind;
}

/**
 * Whether `adapter` only reads unset optional fields back as null (in messages, possibly inside
 * lists and maps of them): the wire form is then the JSON as it is, any library's messages hold
 * it, and the nulls are the only thing its decode does not give back.
 */
export function restoresNullsOnly(adapter: ProtoAdapter): boolean {
  switch (adapter.kind) {
    case 'message':
      return adapter.fields.every((field) => field.adapter === null || restoresNullsOnly(field.adapter));
    case 'list':
      return restoresNullsOnly(adapter.element);
    case 'map':
      return restoresNullsOnly(adapter.value);
    default:
      return false;
  }
}

/** The value protobufjs encodes for the JSON value `value`. Never changes `value`. */
export function toWire(value: unknown, adapter: ProtoAdapter): unknown {
  switch (adapter.kind) {
    case 'message': {
      if (value === null || typeof value !== 'object') return value;
      const copy: JsonObject = { ...(value as JsonObject) };
      for (const field of adapter.fields) {
        const item = copy[field.key];
        if (field.adapter === null || item === undefined) continue;
        // A null is a value only to Value and to a oneof with a null branch; elsewhere it is
        // an optional field left unset (protobufjs skips nulls).
        if (item !== null || field.adapter.kind === 'json' || field.adapter.kind === 'oneof') copy[field.key] = toWire(item, field.adapter);
      }
      return copy;
    }
    case 'list':
      return Array.isArray(value) ? value.map((item) => toWire(item, adapter.element)) : value;
    case 'map': {
      if (value === null || typeof value !== 'object') return value;
      const copy = keyedByAnyName();
      for (const key of Object.keys(value)) setKey(copy, key, toWire((value as JsonObject)[key], adapter.value));
      return copy;
    }
    case 'wrap':
      return { value: adapter.inner === null ? value : toWire(value, adapter.inner) };
    case 'oneof': {
      const kind = jsonKind(value);
      const branch = adapter.branches.find((candidate) => candidate.kind === kind);
      if (branch === undefined) return value; // fails verification, which names the path
      if (kind === 'null') return { [branch.field]: 0 };
      return { [branch.field]: branch.adapter === null ? value : toWire(value, branch.adapter) };
    }
    case 'json':
      return toProtoValue(value);
  }
}

/** google.protobuf.Value as protobufjs takes it (its bundled struct.proto uses camelCase). */
export function toProtoValue(value: unknown): JsonObject {
  switch (jsonKind(value)) {
    case 'null':
      return { nullValue: 0 };
    case 'boolean':
      return { boolValue: value };
    case 'number':
      return { numberValue: value };
    case 'string':
      return { stringValue: value };
    case 'array':
      return { listValue: { values: (value as unknown[]).map(toProtoValue) } };
    case 'object': {
      const fields = keyedByAnyName();
      for (const key of Object.keys(value as JsonObject)) setKey(fields, key, toProtoValue((value as JsonObject)[key]));
      return { structValue: { fields } };
    }
  }
}

/**
 * The JSON value of a decoded message where the adapter says so: adapted messages become plain
 * objects, lists and maps (plain already) are converted in place.
 */
export function fromWire(decoded: unknown, adapter: ProtoAdapter): unknown {
  if (decoded === null || typeof decoded !== 'object') return decoded;
  const object = decoded as JsonObject;
  switch (adapter.kind) {
    case 'message': {
      // A plain copy: a message instance holding values its type does not describe would
      // break its own toJSON. Decoded fields are own properties (protobufjs sets them).
      const copy: JsonObject = {};
      for (const key of Object.keys(object)) setKey(copy, key, object[key]);
      for (const field of adapter.fields) {
        if (!Object.hasOwn(copy, field.key)) {
          if (field.nullIfAbsent) copy[field.key] = null;
        } else if (field.adapter !== null) {
          copy[field.key] = fromWire(copy[field.key], field.adapter);
        }
      }
      return copy;
    }
    case 'list': {
      const list = decoded as unknown[];
      for (let index = 0; index < list.length; index++) list[index] = fromWire(list[index], adapter.element);
      return list;
    }
    case 'map':
      for (const key of Object.keys(object)) object[key] = fromWire(object[key], adapter.value);
      return object;
    case 'wrap':
      return adapter.inner === null ? object['value'] : fromWire(object['value'], adapter.inner);
    case 'oneof':
      for (const branch of adapter.branches) {
        if (!Object.hasOwn(object, branch.field)) continue;
        if (branch.kind === 'null') return null;
        return branch.adapter === null ? object[branch.field] : fromWire(object[branch.field], branch.adapter);
      }
      return undefined;
    case 'json':
      return fromProtoValue(object);
  }
}

function fromProtoValue(value: JsonObject): unknown {
  if (Object.hasOwn(value, 'stringValue')) return value['stringValue'];
  if (Object.hasOwn(value, 'numberValue')) return value['numberValue'];
  if (Object.hasOwn(value, 'boolValue')) return value['boolValue'];
  if (Object.hasOwn(value, 'structValue')) {
    const fields = (value['structValue'] as { fields: JsonObject }).fields;
    const object: JsonObject = {};
    for (const key of Object.keys(fields)) setKey(object, key, fromProtoValue(fields[key] as JsonObject));
    return object;
  }
  if (Object.hasOwn(value, 'listValue')) return (value['listValue'] as { values: JsonObject[] }).values.map(fromProtoValue);
  return null;
}

/**
 * An object for a map's or a Struct's keys, which are the sample's and differ from object to
 * object: without a prototype V8 keeps it as a hash table from the start, instead of making a
 * hidden class for every new set of keys (about 0.2 s of a 3.9 MB varied sample's prepare).
 * Only protobufjs reads it (by Object.keys); decoded values stay plain objects.
 */
function keyedByAnyName(): JsonObject {
  return Object.create(null) as JsonObject;
}

/** `__proto__` is data in JSON: it must become a key, not the object's prototype. */
function setKey(object: JsonObject, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  else object[key] = value;
}
