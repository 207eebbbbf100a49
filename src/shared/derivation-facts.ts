/**
 * Facts about a schema derived from the user's schema in the other format (a .proto for the
 * Avro rows and js-binary, an .avsc for the protobuf rows) and about reading the sample into it.
 * Worded in derivation-text.ts.
 */

/** An attribute of an .avsc the derived .proto cannot carry (it would not be a name or a number there). */
export type CarriedAttribute = 'protoValues' | 'protoNumber' | 'protoOneof' | 'protoType' | 'protoKeyType';

export type DerivationFact =
  /** A .proto's extension fields, under keys no JSON sample has. */
  | { code: 'proto-extensions-left-out'; message: string; fields: string[] }
  /** A protobuf integer kind Avro has no equal of: typed `avroType`. */
  | { code: 'proto-scalar-in-avro'; field: string; protoType: string; avroType: string }
  | { code: 'proto-oneof-in-avro'; field: string; oneof: string }
  /** A well-known type in its proto3 JSON form; `avro`: a wrapper's Avro type. */
  | { code: 'well-known-type-in-avro'; type: string; avro?: string }
  | { code: 'proto-enum-by-position'; enum: string }
  /** The Avro root is not a record: protobufjs encodes it in the field `field` of message `message`. */
  | { code: 'avro-root-wrapped'; field: string; message: string }
  /** An .avsc's protoValues that proto3 cannot number (not from 0, or a number twice). */
  | { code: 'proto-values-left-out'; enum: string }
  /** An Avro logical type sent as its JSON text in a proto3 string. */
  | { code: 'logical-type-as-proto-text'; logical: string }
  /** `value`: the attribute's JSON, made safe for a comment and cut at 60 characters. */
  | { code: 'avro-attribute-left-out'; attribute: CarriedAttribute; at: string; value: string; avroType?: string }
  | { code: 'js-binary-derived' }
  /** Fields with an Avro default, optional in js-binary; `paths`: the first few. */
  | { code: 'js-binary-defaults-optional'; count: number; paths: string[] }
  /** Types js-binary has no equal of, written as its json type: `items` are `path (what)`. */
  | { code: 'js-binary-as-json'; count: number; items: string[] }
  /** The sample read as proto3 JSON into the .proto's field names, before timing. */
  | { code: 'proto-json-read' }
  /** bytes and fixed as base64 text in the sample: avsc converts them in the timed calls. */
  | { code: 'avro-bytes-as-base64' }
  /** avsc's longs as numbers within 2^53 and BigInts beyond. */
  | { code: 'avro-big-longs' }
  | { code: 'avro-logical-types-json'; logicalTypes: string[] };
