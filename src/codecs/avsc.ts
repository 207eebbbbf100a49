/**
 * Avro with avsc. The schema is, in order of preference: a provided .avsc as given; one derived
 * field by field from a provided .proto (so both formats encode the same data); or one inferred
 * from the sample with doubles for non-integers (avsc's own `Type.forValue` would pick `float`
 * and silently round the data), shaped by the schema variants.
 */
import * as avro from 'avsc';
import { recordsAsInputs, type CodecModule } from './codec';
import { asBuffer } from './bytes';
import { createAvroType } from '../schema/load-avsc';
import { createInferredAvroType } from '../schema/avro-json';
import { describeMismatch, findAvroMismatch, findMessageMismatch } from '../schema/sample-fit';
import { chooseAvroSchema } from './avro-schema-choice';

export const prepare: CodecModule['prepare'] = (sample, context) => {
  const chosen = chooseAvroSchema(sample, context);
  // Inferred schemas hold no bytes, but may hold the free-form JSON record (its logical type).
  const created = chosen.origin === 'inferred' ? { type: createInferredAvroType(chosen.schema), notes: [] } : createAvroType(chosen.schema);
  const notes = [...chosen.notes, ...created.notes];
  let type = created.type;
  // A list of records against a record schema (JSON Lines, generated samples): Avro's own
  // answer is an array of that record, which is what is encoded.
  if (!context.messages && chosen.origin !== 'inferred' && Array.isArray(sample) && type.typeName === 'record') {
    type = avro.Type.forSchema({ type: 'array', items: type } as unknown as avro.Schema);
    notes.push(`the sample is a list of records: encoded as an Avro array of ${created.type.name ?? 'the record'}`);
  }
  const fits = (value: unknown) => findAvroMismatch(type, value);
  const mismatch = chosen.origin === 'inferred' && context.fitsInferred && context.inferred !== undefined ? undefined : context.messages ? findMessageMismatch(sample, fits) : fits(sample);
  if (mismatch) throw new Error(`${context.messages ? 'a message' : 'sample'} does not fit the ${chosen.origin} Avro schema: ${describeMismatch(mismatch)}`);
  return {
    input: sample,
    encode: (value) => type.toBuffer(value),
    decode: (bytes) => type.fromBuffer(asBuffer(bytes)),
    schema: chosen.origin,
    schemaText: chosen.text,
    notes,
    layout: { kind: 'avro', type },
    ...(chosen.inferred ? { inferred: chosen.inferred } : {}),
    ...recordsAsInputs(sample, context),
  };
};

/** Each record of a stream encoded as its own message (PrepareContext.messages). */
export const messageMode = true;
