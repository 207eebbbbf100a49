/**
 * The names of Payload Lab's Avro logical types and the free-form JSON record, apart from the
 * avsc classes that implement them: avsc generates code from strings as it loads, so what only
 * reads a schema (the FlatBuffers, Cap'n Proto and Bebop translations, schema inference) must
 * not load it, or those rows could not run where code generation is forbidden.
 */

/** The free-form JSON record (avro-json.ts). */
export const JSON_LOGICAL_TYPE = 'payload-lab-json';
/** bytes and fixed as base64 text in JSON samples (load-avsc.ts). */
export const BASE64_LOGICAL_TYPE = 'payload-lab-base64';
/** google.protobuf.Struct and kin as JSON text (proto-wkt-avro.ts). */
export const JSON_TEXT_LOGICAL_TYPE = 'payload-lab-json-text';

/** The first use declares the record; later uses refer to it by `name`. */
export function avroJsonRecord(name: string, doc: string): Record<string, unknown> {
  return {
    type: 'record',
    name,
    doc,
    logicalType: JSON_LOGICAL_TYPE,
    fields: [
      {
        name: 'value',
        // Numbers are all double: an unwrapped union may hold one numeric type only.
        type: ['null', 'boolean', 'double', 'string', { type: 'array', items: name }, { type: 'map', values: name }],
      },
    ],
  };
}
