/**
 * Avro with avsc. The schema is, in order of preference: a provided .avsc as given; one derived
 * field by field from a provided .proto (so both formats encode the same data); or one inferred
 * from the sample with doubles for non-integers (avsc's own `Type.forValue` would pick `float`
 * and silently round the data), shaped by the schema variants.
 */
import { recordsAsInputs, type CodecModule } from './codec';
import { asBuffer } from './bytes';
import { createAvroType } from '../schema/load-avsc';
import { createInferredAvroType } from '../schema/avro-json';
import { describeMismatch, findAvroMismatch, findMessageMismatch } from '../schema/sample-fit';
import { chooseAvroSchema, fitAvroSample } from './avro-schema-choice';

export const prepare: CodecModule['prepare'] = (sample, context) => {
  const chosen = chooseAvroSchema(sample, context);
  // A list against a one-list record or another type, and keys no record has (avsc ignores them).
  const fitted = fitAvroSample(chosen, sample, context);
  // Inferred schemas hold no bytes, but may hold the free-form JSON record (its logical type).
  const created =
    chosen.origin === 'inferred'
      ? { type: createInferredAvroType(fitted.schema), notes: [] }
      : createAvroType(fitted.schema, { bigLongs: fitted.bigLongs !== undefined });
  const notes = [...chosen.notes, ...fitted.notes, ...created.notes];
  const type = created.type;
  const input = fitted.input;
  const fits = (value: unknown) => findAvroMismatch(type, value);
  const mismatch =
    chosen.origin === 'inferred' && context.fitsInferred && context.inferred !== undefined
      ? undefined
      : context.messages
        ? findMessageMismatch(input, fits)
        : fits(input);
  if (mismatch) throw new Error(`${context.messages ? 'a message' : 'sample'} does not fit the ${chosen.origin} Avro schema: ${describeMismatch(mismatch)}`);
  const read = (bytes: Uint8Array) => type.fromBuffer(asBuffer(bytes)) as unknown;
  const { unwrap } = fitted;
  return {
    input,
    encode: (value) => type.toBuffer(value),
    decode: unwrap ? (bytes) => unwrap(read(bytes)) : read,
    schema: chosen.origin,
    schemaText: chosen.text,
    notes,
    layout: { kind: 'avro', type },
    ...(chosen.inferred ? { inferred: chosen.inferred } : {}),
    ...(chosen.semantics ? { semantics: chosen.semantics } : {}),
    ...recordsAsInputs(input, context),
  };
};

/** Each record of a stream encoded as its own message (PrepareContext.messages). */
export const messageMode = true;
