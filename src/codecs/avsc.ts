/**
 * Avro with avsc. The schema is, in order of preference: a provided .avsc as given; one derived
 * field by field from a provided .proto (so both formats encode the same data); or one inferred
 * from the sample with doubles for non-integers (avsc's own `Type.forValue` would pick `float`
 * and silently round the data), shaped by the schema variants.
 */
import * as avro from 'avsc';
import type { CodecModule, PrepareContext } from './codec';
import { asBuffer } from './bytes';
import { deriveAvroFromProto } from '../schema/derive-avro-from-proto';
import { inferAvroSchema, type AvroInference } from '../schema/infer-avro';
import { createAvroType } from '../schema/load-avsc';
import { createInferredAvroType } from '../schema/avro-json';
import { describeProvided, resolveAvsc, resolveProtoType } from '../schema/provided-schema';
import { describeMismatch, findAvroMismatch } from '../schema/sample-fit';
import { describeVariants } from '../schema/variants';
import type { SchemaOrigin } from '../shared/results';

interface ChosenSchema {
  schema: unknown;
  origin: SchemaOrigin;
  text: string;
  notes: string[];
  /** Set when inferred: handed to later rounds. */
  inferred?: AvroInference;
}

export const prepare: CodecModule['prepare'] = (sample, context) => {
  const chosen = chooseSchema(sample, context);
  // Inferred schemas hold no bytes, but may hold the free-form JSON record (its logical type).
  const created = chosen.origin === 'inferred' ? { type: createInferredAvroType(chosen.schema), notes: [] } : createAvroType(chosen.schema);
  const notes = [...chosen.notes, ...created.notes];
  let type = created.type;
  // A list of records against a record schema (JSON Lines, generated samples): Avro's own
  // answer is an array of that record, which is what is encoded.
  if (chosen.origin !== 'inferred' && Array.isArray(sample) && type.typeName === 'record') {
    type = avro.Type.forSchema({ type: 'array', items: type } as unknown as avro.Schema);
    notes.push(`the sample is a list of records: encoded as an Avro array of ${created.type.name ?? 'the record'}`);
  }
  const mismatch = findAvroMismatch(type, sample);
  if (mismatch) throw new Error(`sample does not fit the ${chosen.origin} Avro schema: ${describeMismatch(mismatch)}`);
  return {
    input: sample,
    encode: (value) => type.toBuffer(value),
    decode: (bytes) => type.fromBuffer(asBuffer(bytes)),
    schema: chosen.origin,
    schemaText: chosen.text,
    notes,
    layout: { kind: 'avro', type },
    ...(chosen.inferred ? { inferred: chosen.inferred } : {}),
  };
};

function chooseSchema(sample: unknown, context: PrepareContext): ChosenSchema {
  const provided = context.schema;
  if (provided?.kind === 'avsc') {
    return { schema: resolveAvsc(provided).schema, origin: 'provided', text: provided.source, notes: [] };
  }
  if (provided?.kind === 'proto') {
    const { type, typeName } = resolveProtoType(provided);
    const derived = deriveAvroFromProto(type);
    const from = describeProvided(provided, typeName);
    return { schema: derived.schema, origin: 'derived', text: derived.text, notes: [`Avro schema derived field by field from ${from}`, ...derived.notes] };
  }
  // A later round gets back what the first round inferred (plain data): no second inference.
  const inferred = (context.inferred as AvroInference | undefined) ?? inferAvroSchema(sample, context.variants);
  const variants = describeVariants(context.variants);
  const notes = variants ? [`schema variants: ${variants}`, ...inferred.notes] : inferred.notes;
  return { schema: inferred.schema, origin: 'inferred', text: inferred.text, notes, inferred };
}
