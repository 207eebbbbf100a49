/**
 * Avro with avro-js, the Apache Avro project's own JavaScript library, from the same schema
 * avsc uses (avro-schema-choice.ts): the same data gives the same bytes. avro-js knows no
 * logical types beyond what the schema's base types say, so it reads them as their base types.
 */
import { parse } from 'avro-js';
import { recordsAsInputs, UnsupportedSampleError, type CodecModule } from './codec';
import { asBuffer } from './bytes';
import { chooseAvroSchema } from './avro-schema-choice';

export const prepare: CodecModule['prepare'] = (sample, context) => {
  const chosen = chooseAvroSchema(sample, context);
  const notes = [...chosen.notes];
  let schema = chosen.schema;
  // As avsc does: a list of records against a record schema is an Avro array of that record.
  if (!context.messages && chosen.origin !== 'inferred' && Array.isArray(sample) && (schema as { type?: unknown }).type === 'record') {
    schema = { type: 'array', items: schema };
    notes.push('the sample is a list of records: encoded as an Avro array of the record');
  }
  const type = parse(schema);
  const invalid: string[] = [];
  const valid = (value: unknown, at: string) => type.isValid(value, { errorHook: (path) => invalid.push(`${at}${path.map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`)).join('')}`) });
  // Message mode: every record is a message of the schema, checked alone.
  const records = context.messages && Array.isArray(sample) ? sample : undefined;
  if (records ? !records.every((record, index) => valid(record, `$[${index}]`)) : !valid(sample, '$')) {
    // avsc's row converts logical types and base64 bytes (load-avsc.ts); avro-js takes each
    // type as it is, so a sample that needs a conversion does not fit it.
    throw new UnsupportedSampleError(
      `the sample does not fit the ${chosen.origin} Avro schema as avro-js reads it, at ${invalid[0] ?? '$'}: avro-js has no logical types and takes bytes as Buffers, where the JSON sample holds text`,
    );
  }
  return {
    input: sample,
    encode: (value) => type.toBuffer(value),
    decode: (bytes) => type.fromBuffer(asBuffer(bytes)),
    schema: chosen.origin,
    schemaText: chosen.text,
    notes,
    ...(chosen.inferred ? { inferred: chosen.inferred } : {}),
    ...recordsAsInputs(sample, context),
  };
};

/** Each record of a stream encoded as its own message (PrepareContext.messages). */
export const messageMode = true;
