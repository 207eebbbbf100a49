/**
 * Avro with avro-js, the Apache Avro project's own JavaScript library, from the same schema
 * avsc uses (avro-schema-choice.ts): the same data gives the same bytes. avro-js knows no
 * logical types beyond what the schema's base types say, so it reads them as their base types.
 */
import { parse } from 'avro-js';
import type { CodecModule } from './codec';
import { asBuffer } from './bytes';
import { chooseAvroSchema } from './avro-schema-choice';

export const prepare: CodecModule['prepare'] = (sample, context) => {
  const chosen = chooseAvroSchema(sample, context);
  const notes = [...chosen.notes];
  let schema = chosen.schema;
  // As avsc does: a list of records against a record schema is an Avro array of that record.
  if (chosen.origin !== 'inferred' && Array.isArray(sample) && (schema as { type?: unknown }).type === 'record') {
    schema = { type: 'array', items: schema };
    notes.push('the sample is a list of records: encoded as an Avro array of the record');
  }
  const type = parse(schema);
  const invalid: string[] = [];
  if (!type.isValid(sample, { errorHook: (path) => invalid.push(`$${path.map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`)).join('')}`) })) {
    throw new Error(`sample does not fit the ${chosen.origin} Avro schema at ${invalid[0] ?? '$'}`);
  }
  return {
    input: sample,
    encode: (value) => type.toBuffer(value),
    decode: (bytes) => type.fromBuffer(asBuffer(bytes)),
    schema: chosen.origin,
    schemaText: chosen.text,
    notes,
    ...(chosen.inferred ? { inferred: chosen.inferred } : {}),
  };
};
