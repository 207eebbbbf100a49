/**
 * js-binary: a schema-driven format without type tags. Its schema is derived from the Avro
 * schema avsc uses (avro-schema-choice.ts), so both describe the same data; an optional field
 * that is null in the sample comes back absent (js-binary has no null).
 */
import { Type } from 'js-binary';
import type { CodecModule } from './codec';
import { asBuffer } from './bytes';
import { chooseAvroSchema } from './avro-schema-choice';
import { deriveJsBinarySchema } from '../schema/derive-js-binary';

export const prepare: CodecModule['prepare'] = (sample, context) => {
  const chosen = chooseAvroSchema(sample, context);
  const derived = deriveJsBinarySchema(chosen.schema);
  const type = new Type(derived.schema);
  return {
    input: sample,
    encode: (value) => type.encode(value),
    decode: (bytes) => type.decode(asBuffer(bytes)),
    schema: chosen.origin === 'none' ? 'inferred' : chosen.origin === 'provided' ? 'derived' : chosen.origin,
    schemaText: JSON.stringify(derived.schema, null, 2),
    notes: [...chosen.notes, ...derived.notes],
    ...(chosen.inferred ? { inferred: chosen.inferred } : {}),
  };
};
