/**
 * Avro for protobuf's well-known types, so the Avro schema derived from a `.proto` reads the
 * same JSON sample (proto3's JSON mapping) as protobufjs: Timestamp and Duration are records
 * `{seconds: long, nanos: int}` read from and written as their text; Struct, Value, ListValue
 * and Any are JSON text in an Avro string (Avro cannot name a recursive union); wrappers are a
 * union of null and the value; FieldMask a string; Empty an empty record.
 */
import * as avro from 'avsc';
import { formatDateTime, parseDateTime } from './avro-logical-types';
import { formatDuration, parseDuration } from './proto-wkt';

export { JSON_TEXT_LOGICAL_TYPE } from './avro-names';
import { JSON_TEXT_LOGICAL_TYPE } from './avro-names';
export const TIMESTAMP_LOGICAL_TYPE = 'payload-lab-proto-timestamp';
export const DURATION_LOGICAL_TYPE = 'payload-lab-proto-duration';

type Seconds = { seconds: number; nanos: number };

class JsonTextType extends avro.types.LogicalType {
  protected override _fromValue(text: string): unknown {
    return JSON.parse(text);
  }
  /** Not null: in a union with null (a message field), null is the absent message. */
  protected override _toValue(value: unknown): string | undefined {
    return value === undefined || value === null ? undefined : JSON.stringify(value);
  }
}

class TimestampRecordType extends avro.types.LogicalType {
  protected override _fromValue(value: Seconds): string {
    return formatDateTime(value.seconds, value.nanos, true);
  }
  protected override _toValue(value: unknown): Seconds | undefined {
    return parseDateTime(value, true);
  }
}

class DurationRecordType extends avro.types.LogicalType {
  protected override _fromValue(value: Seconds): string {
    return formatDuration(value.seconds, value.nanos);
  }
  protected override _toValue(value: unknown): Seconds | undefined {
    return parseDuration(value);
  }
}

export const WELL_KNOWN_LOGICAL_TYPES = {
  [JSON_TEXT_LOGICAL_TYPE]: JsonTextType,
  [TIMESTAMP_LOGICAL_TYPE]: TimestampRecordType,
  [DURATION_LOGICAL_TYPE]: DurationRecordType,
};

const SECONDS_FIELDS = [
  { name: 'seconds', type: 'long' },
  { name: 'nanos', type: 'int' },
];

const WRAPPED_AVRO: Record<string, string> = {
  DoubleValue: 'double',
  FloatValue: 'float',
  Int64Value: 'long',
  UInt64Value: 'long',
  Int32Value: 'int',
  UInt32Value: 'long',
  BoolValue: 'boolean',
  StringValue: 'string',
  BytesValue: 'bytes',
};

/**
 * The Avro type of a well-known type (named `google.protobuf.X`, defined once), whether it is
 * nullable by itself (wrappers), and, for the note, a wrapper's Avro type.
 */
export function wellKnownAvro(name: string, defined: Set<string>): { schema: unknown; avro?: string } {
  const fullName = `google.protobuf.${name}`;
  const once = (schema: Record<string, unknown>) => {
    if (defined.has(fullName)) return fullName;
    defined.add(fullName);
    return schema;
  };
  switch (name) {
    case 'Timestamp':
      return {
        schema: once({ type: 'record', name: fullName, logicalType: TIMESTAMP_LOGICAL_TYPE, fields: SECONDS_FIELDS }),
      };
    case 'Duration':
      return {
        schema: once({ type: 'record', name: fullName, logicalType: DURATION_LOGICAL_TYPE, fields: SECONDS_FIELDS }),
      };
    case 'Empty':
      return { schema: once({ type: 'record', name: fullName, fields: [] }) };
    case 'FieldMask':
      return { schema: 'string' };
    case 'Struct':
    case 'Value':
    case 'ListValue':
    case 'Any':
      return { schema: { type: 'string', logicalType: JSON_TEXT_LOGICAL_TYPE } };
    default:
      return { schema: WRAPPED_AVRO[name] ?? 'string', avro: WRAPPED_AVRO[name] ?? 'string' };
  }
}
