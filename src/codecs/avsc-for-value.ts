/**
 * avsc with its own inference, `Type.forValue(sample)`, instead of this project's: avsc picks
 * `float` for non-integers, which silently rounds doubles to 32 bits, and names records itself.
 * A provided schema is not used: this row shows what forValue gives.
 */
import * as avro from 'avsc';
import { recordsAsInputs, type CodecModule } from './codec';
import { asBuffer } from './bytes';

export const prepare: CodecModule['prepare'] = (sample, context) => {
  // Message mode: forValue over every record (an array of them), and its items type for each message.
  const forStream = context.messages && Array.isArray(sample);
  const type = forStream ? (avro.Type.forValue(sample) as avro.types.ArrayType).itemsType : avro.Type.forValue(sample as object);
  return {
    input: sample,
    encode: (value) => type.toBuffer(value),
    decode: (bytes): unknown => type.fromBuffer(asBuffer(bytes)),
    schema: 'inferred',
    schemaText: JSON.stringify(type.schema(), null, 2),
    notes: [{ code: 'avsc-for-value' }],
    ...recordsAsInputs(sample, context),
  };
};

/** Each record of a stream encoded as its own message (PrepareContext.messages). */
export const messageMode = true;
