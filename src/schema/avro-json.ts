/**
 * Free-form JSON in Avro: a named record holding a recursive union of every JSON kind, what an
 * Avro user writes for the parts of a document that have no fixed shape. A logical type turns
 * any JSON value into that record and back inside avsc's own encode and decode, so the decoded
 * value is the JSON value itself and the conversion is part of the timed calls.
 */
import * as avro from 'avsc';

export const JSON_LOGICAL_TYPE = 'payload-lab-json';

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

class JsonValueType extends avro.types.LogicalType {
  protected override _fromValue(record: { value: unknown }): unknown {
    return record.value;
  }
  protected override _toValue(value: unknown): { value: unknown } {
    return { value };
  }
}

/** avsc's type for an inferred schema (which may use the free-form JSON record). */
export function createInferredAvroType(schema: unknown): avro.Type {
  return avro.Type.forSchema(schema as avro.Schema, { logicalTypes: { [JSON_LOGICAL_TYPE]: JsonValueType } });
}
