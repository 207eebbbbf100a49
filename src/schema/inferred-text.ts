/** Inferred schemas as users read them (the `schema` command, the panel's schema view). */
import { inferAvroSchema } from './infer-avro';
import { inferProtoSchema } from './infer-proto';
import type { SchemaVariants } from '../shared/variants';
import type { NoteFact } from '../shared/results';

export interface InferredSchemaText {
  format: 'proto' | 'avsc';
  /** The schema as a user reads it: `.proto` text, or laid-out Avro JSON. */
  text: string;
  /** For proto: the message to encode. */
  rootType?: string;
  notes: NoteFact[];
}

/** The schema inferred from a sample with the given variants, as text (the `schema` command). */
export function inferSchemaText(sample: unknown, format: 'proto' | 'avsc', variants?: Partial<SchemaVariants>): InferredSchemaText {
  if (format === 'proto') {
    const inferred = inferProtoSchema(sample, variants);
    return { format, text: inferred.source, rootType: inferred.rootType, notes: inferred.notes };
  }
  const inferred = inferAvroSchema(sample, variants);
  return { format, text: inferred.text, notes: inferred.notes };
}
