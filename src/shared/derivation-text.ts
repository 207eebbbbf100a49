/** The words of the facts of a derived schema (derivation-facts.ts), part of note-text.ts's table. */
import type { CarriedAttribute, DerivationFact } from './derivation-facts';
import type { NoteWords } from './note-facts';
import { listText } from './list-text';

/** Why a protobuf integer kind is typed as it is in Avro (also the `doc` written at the field). */
export const PROTO_SCALAR_IN_AVRO_WHY: Readonly<Record<string, string>> = {
  sint32: 'Avro ints are zigzag varints, like sint32',
  sfixed32: 'Avro has no fixed-width integers: a zigzag varint instead',
  uint32: 'unsigned 32-bit values can exceed Avro int',
  fixed32: 'unsigned 32-bit values can exceed Avro int; Avro has no fixed-width integers',
  sint64: 'Avro longs are zigzag varints, like sint64',
  sfixed64: 'Avro has no fixed-width integers: a zigzag varint instead',
  uint64: 'Avro long is signed: values above 2^63 do not fit',
  fixed64: 'Avro long is signed and a varint: values above 2^63 do not fit',
};

/**
 * How each Avro logical type is written in a JSON sample (docs/schemas.md lists the same forms).
 */
export const LOGICAL_JSON_FORMS: Readonly<Record<string, string>> = {
  decimal: 'a decimal string ("-12.50", at most `scale` digits after the point)',
  uuid: 'a lower-case UUID string',
  date: 'a date string "YYYY-MM-DD"',
  'time-millis': 'a time string "HH:MM:SS.mmm"',
  'time-micros': 'a time string "HH:MM:SS.uuuuuu"',
  'timestamp-millis': 'an RFC 3339 string with a zone, millisecond precision',
  'timestamp-micros': 'an RFC 3339 string with a zone, microsecond precision',
  'local-timestamp-millis': 'a date-time string without a zone, millisecond precision',
  'local-timestamp-micros': 'a date-time string without a zone, microsecond precision',
  duration: 'an object { months, days, milliseconds } of unsigned 32-bit counts',
};

function wellKnownAs(type: string, avro = 'string'): string {
  switch (type) {
    case 'Timestamp':
      return 'a record {seconds, nanos} read from and written as RFC 3339 text';
    case 'Duration':
      return 'a record {seconds, nanos} read from and written as "1.5s" text';
    case 'Empty':
      return 'an empty record';
    case 'FieldMask':
      return 'a string (its JSON form, "a.b,c")';
    case 'Struct':
    case 'Value':
    case 'ListValue':
    case 'Any':
      return 'JSON text in a string (Avro cannot name a recursive JSON value)';
    default:
      return `its ${avro} value (the wrapper's JSON form)`;
  }
}

/** What an attribute carried into a .proto must be. */
function wanted(attribute: CarriedAttribute, avroType: string | undefined): string {
  switch (attribute) {
    case 'protoValues':
      return 'enum values are int32';
    case 'protoNumber':
      return 'field numbers are 1 to 536870911, not 19000 to 19999';
    case 'protoOneof':
      return 'a oneof name is an identifier';
    case 'protoType':
      return `does not fit Avro ${avroType}`;
    case 'protoKeyType':
      return 'not a protobuf map key type';
  }
}

export const DERIVATION_WORDS: NoteWords<DerivationFact> = {
  'proto-extensions-left-out': ({ message, fields }) => `${message}: extension fields left out of the Avro schema (${fields.join(', ')})`,
  'proto-scalar-in-avro': ({ field, protoType, avroType }) => `${field}: ${protoType} is typed ${avroType} (${PROTO_SCALAR_IN_AVRO_WHY[protoType]})`,
  'proto-oneof-in-avro': ({ field, oneof }) => `${field} is in oneof ${oneof}: typed as a union with null; Avro does not enforce that only one is set`,
  'well-known-type-in-avro': ({ type, avro }) => `google.protobuf.${type} (proto3 JSON mapping in the sample) is typed as ${wellKnownAs(type, avro)}`,
  'proto-enum-by-position': (fact) => `enum ${fact.enum}: Avro writes the position of a symbol, not its protobuf number`,
  'avro-root-wrapped': ({ field, message }) => `the Avro root is not a record: protobufjs encodes { ${field}: sample } in message ${message}`,
  'proto-values-left-out': (fact) => `protoValues of ${fact.enum} left out: proto3 enums start at 0 and number each symbol once; numbered by position`,
  'logical-type-as-proto-text': ({ logical }) => `logical type ${logical} is ${LOGICAL_JSON_FORMS[logical]} in the sample: proto3 sends that text as a string`,
  'avro-attribute-left-out': ({ attribute, at, value, avroType }) => `${attribute} ${value} at ${at} left out: ${wanted(attribute, avroType)}`,
  'js-binary-derived': () => 'js-binary schema derived from the Avro schema: int/long → int, float/double → float (64-bit), null unions → optional fields',
  'js-binary-defaults-optional': ({ count, paths }) =>
    `fields with a default in the Avro schema are optional (a key left out stays out; js-binary spends a byte on whether each is there): ${listText(paths, count)}`,
  'js-binary-as-json': ({ count, items }) => `written as js-binary's json type (no js-binary equivalent): ${listText(items, count)}`,
  'proto-json-read': () =>
    "the sample is read as proto3 JSON (keys by JSON name or field name, 64-bit integers as text or numbers, enums by name or number), once, before timing: what is encoded has the schema's field names and plain values",
  'avro-bytes-as-base64': () =>
    'bytes and fixed values are base64 strings in the JSON sample: avsc converts them on encode and decode (included in the timings)',
  'avro-big-longs': () =>
    "longs through avsc's custom long type (LongType.__with): a JavaScript number within 2^53, a BigInt beyond, so 64-bit values stay exact (avsc's own long refuses what a number cannot hold exactly)",
  'avro-logical-types-json': ({ logicalTypes }) =>
    `logical types (${logicalTypes.join(', ')}) are in their JSON form in the sample (see docs/schemas.md): converted on encode and decode (included in the timings)`,
};
