/**
 * Avro with avsc. Without a provided schema one is inferred from the sample with doubles for
 * non-integers: avsc's own `Type.forValue` would pick `float` and silently round the data.
 */
import * as avro from 'avsc';
import type { CodecModule } from './codec';
import { inferAvroSchema } from '../schema/infer-avro';
import { asBuffer } from './bytes';
import { formatPath } from '../analysis/json-path';

export const prepare: CodecModule['prepare'] = (sample, context) => {
  const provided = context.schema?.kind === 'avsc' ? context.schema : undefined;
  const inferred = provided ? undefined : inferAvroSchema(sample);
  const schema = provided ? (JSON.parse(provided.source) as avro.Schema) : (inferred!.schema as avro.Schema);
  const type = avro.Type.forSchema(schema);
  assertFits(type, sample);
  return {
    input: sample,
    encode: (value) => type.toBuffer(value),
    decode: (bytes) => type.fromBuffer(asBuffer(bytes)),
    schema: provided ? 'provided' : 'inferred',
    notes: inferred?.notes ?? [],
  };
};

/** Names the first value the schema rejects: an encoder's own error rarely says where. */
function assertFits(type: avro.Type, sample: unknown): void {
  let firstProblem: string | undefined;
  const valid = type.isValid(sample, {
    errorHook(path: string[], value: unknown, expected: avro.Type) {
      firstProblem ??= `${formatPath(path.map(asIndexWhereNumeric))} is ${JSON.stringify(value)}, expected ${describeAvroType(expected)}`;
    },
  });
  if (!valid) throw new Error(`sample does not fit the Avro schema: ${firstProblem ?? 'invalid value'}`);
}

/** avsc reports array indexes as strings; a digit-only map key reads as an index too (rare). */
function asIndexWhereNumeric(segment: string): string | number {
  return /^\d+$/.test(segment) ? Number(segment) : segment;
}

function describeAvroType(type: avro.Type): string {
  return type.name ?? (type as { typeName?: string }).typeName ?? 'another type';
}
