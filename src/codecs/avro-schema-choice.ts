/**
 * The Avro schema the Avro rows (avsc, avro-js) and js-binary start from, in order of
 * preference: a provided .avsc as given; one derived field by field from a provided .proto (so
 * both formats encode the same data); or one inferred from the sample with doubles for
 * non-integers (avsc's own `Type.forValue` would pick `float` and silently round the data),
 * shaped by the schema variants.
 */
import type { PrepareContext } from './codec';
import { deriveAvroFromProto } from '../schema/derive-avro-from-proto';
import { inferAvroMessageSchema, inferAvroSchema, type AvroInference } from '../schema/infer-avro';
import { describeProvided, resolveAvsc, resolveProtoType } from '../schema/provided-schema';
import { describeVariants } from '../shared/variants';
import type { SchemaOrigin } from '../shared/results';

export interface ChosenSchema {
  schema: unknown;
  origin: SchemaOrigin;
  text: string;
  notes: string[];
  /** Set when inferred: handed to later rounds. */
  inferred?: AvroInference;
}

export function chooseAvroSchema(sample: unknown, context: PrepareContext): ChosenSchema {
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
  // Message mode: one message's schema, from every record of the stream.
  const inferred = (context.inferred as AvroInference | undefined) ?? (context.messages && Array.isArray(sample) ? inferAvroMessageSchema(sample, context.variants) : inferAvroSchema(sample, context.variants));
  const variants = describeVariants(context.variants);
  const notes = variants ? [`schema variants: ${variants}`, ...inferred.notes] : inferred.notes;
  return { schema: inferred.schema, origin: 'inferred', text: inferred.text, notes, inferred };
}
