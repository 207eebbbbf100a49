/**
 * js-binary: a schema-driven format without type tags. Its schema is derived from the Avro
 * schema avsc uses (avro-schema-choice.ts), so both describe the same data; an optional field
 * that is null in the sample comes back absent (js-binary has no null).
 */
import { Type } from 'js-binary';
import type { CodecModule } from './codec';
import { asBuffer } from './bytes';
import { chooseAvroSchema, fitAvroSample, refuseBigLongs } from './avro-schema-choice';
import { deriveJsBinarySchema } from '../schema/derive-js-binary';

export const prepare: CodecModule['prepare'] = (sample, context) => {
  const chosen = chooseAvroSchema(sample, context);
  // As the Avro rows: a list against a one-list record fills it, against another type is an array of it.
  const fitted = fitAvroSample(chosen, sample, context);
  refuseBigLongs(fitted, 'js-binary');
  const derived = deriveJsBinarySchema(fitted.schema);
  const type = new Type(derived.schema);
  const read = (bytes: Uint8Array) => type.decode(asBuffer(bytes)) as unknown;
  const { unwrap } = fitted;
  return {
    input: fitted.input,
    encode: (value) => type.encode(value),
    decode: unwrap ? (bytes) => unwrap(read(bytes)) : read,
    schema: chosen.origin === 'none' ? 'inferred' : chosen.origin === 'provided' ? 'derived' : chosen.origin,
    schemaText: JSON.stringify(derived.schema, null, 2),
    notes: [...chosen.notes, ...fitted.notes, ...derived.notes],
    ...(chosen.inferred ? { inferred: chosen.inferred } : {}),
    ...(chosen.semantics ? { semantics: chosen.semantics } : {}),
  };
};
