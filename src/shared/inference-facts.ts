/**
 * Facts about a schema inferred from the sample: the choices made once (`InferencePlainFact`)
 * and those made at paths, grouped by kind with their first few paths and how many there were
 * (`InferenceChoice` with `AtPaths`). Worded in inference-text.ts.
 */

/** Why an object is typed as a map rather than a record. */
export type MapKeys = { kind: 'many'; max: number } | { kind: 'objects'; min: number } | { kind: 'not-names' } | { kind: 'data' };

/** Where a choice was made: the first few paths (each may say more in parentheses), and how many in all. */
export interface AtPaths {
  count: number;
  paths: string[];
}

export type InferenceChoice =
  | { code: 'proto-long-objects' }
  | { code: 'proto-beyond-64-bit-double' }
  | { code: 'proto-message-reused' }
  | { code: 'proto-null-fields-optional' }
  | { code: 'proto-missing-lists-wrapped' }
  | { code: 'proto-always-null-value' }
  | { code: 'proto-empty-arrays-string' }
  | { code: 'proto-nested-lists-wrapped' }
  | { code: 'proto-nested-maps-wrapped' }
  | { code: 'proto-map-keys'; keys: MapKeys }
  /** A oneof for mixed kinds (`mixed`), or for null or the value. */
  | { code: 'proto-oneof'; mixed: boolean }
  | { code: 'proto-free-form-value' }
  | { code: 'avro-empty-arrays-null' }
  | { code: 'avro-union' }
  | { code: 'avro-long' }
  | { code: 'avro-beyond-2-53-double' }
  | { code: 'avro-map-keys'; keys: MapKeys }
  | { code: 'avro-absent-null' }
  | { code: 'avro-record-reused' }
  | { code: 'avro-free-form' };

export type InferencePlainFact =
  | { code: 'proto-doubles-float' }
  | { code: 'proto-fields-optional' }
  /** The protobufjs row's adapter converts wrappers, oneofs and Value inside the timed calls. */
  | { code: 'proto-json-conversion' }
  /** A root that is no message: `root` is `object` (keys not field names) or the JSON kind described. */
  | { code: 'proto-sample-wrapped'; root: string; field: string; message: string }
  | { code: 'avro-integers-protobuf-only'; integers: string }
  | { code: 'avro-fields-optional' }
  | { code: 'avro-json-record'; record: string }
  | { code: 'avro-doubles-float' };

export type InferenceFact = InferencePlainFact | (InferenceChoice & AtPaths);
