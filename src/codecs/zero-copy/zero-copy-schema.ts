/**
 * The Avro schema the FlatBuffers, Cap'n Proto and Bebop translations start from: the one the
 * Avro rows use (avro-schema-choice.ts). A schema inferred from the sample is built without
 * loading avsc or protobufjs, which generate code from strings as they load: these formats'
 * own code needs no such thing, and the strict-CSP check must be able to say so. A provided
 * schema is read with those libraries; where code generation is forbidden, the row says that
 * this is what it could not do.
 */
import { UnsupportedSampleError, type PrepareContext } from '../codec';
import type { ChosenSchema } from '../avro-schema-choice';
import { inferAvroSchema, type AvroInference } from '../../schema/infer-avro';
import { describeVariants } from '../../shared/variants';

export async function chooseTranslatedSchema(sample: unknown, context: PrepareContext): Promise<ChosenSchema> {
  const provided = context.schema;
  if (provided) {
    try {
      const { chooseAvroSchema } = await import('../avro-schema-choice');
      return chooseAvroSchema(sample, context);
    } catch (error) {
      if (!(error instanceof EvalError)) throw error;
      throw new UnsupportedSampleError(
        `not measured without code generation from strings: Payload Lab reads the provided .${provided.kind} with ${provided.kind === 'avsc' ? 'avsc' : 'protobufjs'}, which generates code from strings as it loads (${error.message}); the format's own code does not need it`,
      );
    }
  }
  // As chooseAvroSchema does for an inferred schema; a later round gets the first one's back.
  const inferred = (context.inferred as AvroInference | undefined) ?? inferAvroSchema(sample, context.variants);
  const variants = describeVariants(context.variants);
  return {
    schema: inferred.schema,
    origin: 'inferred',
    text: inferred.text,
    notes: variants ? [{ code: 'schema-variants', variants }, ...inferred.notes] : inferred.notes,
    inferred,
  };
}
