/**
 * Free-form JSON in Avro: a named record holding a recursive union of every JSON kind, what an
 * Avro user writes for the parts of a document that have no fixed shape. A logical type turns
 * any JSON value into that record and back inside avsc's own encode and decode, so the decoded
 * value is the JSON value itself and the conversion is part of the timed calls.
 */
import * as avro from 'avsc';

// Kept apart (avro-names.ts) so that what only builds schemas does not load avsc.
export { avroJsonRecord, JSON_LOGICAL_TYPE } from './avro-names';
import { JSON_LOGICAL_TYPE } from './avro-names';

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
