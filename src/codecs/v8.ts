/** Node's built-in structured-clone serializer: what worker messages and IPC use. */
import { deserialize, serialize } from 'node:v8';
import { recordsAsInputs, type CodecModule } from './codec';
import { asBuffer } from './bytes';

export const prepare: CodecModule['prepare'] = (sample, context) => {
  return {
    input: sample,
    encode: (value) => serialize(value),
    decode: (bytes): unknown => deserialize(asBuffer(bytes)),
    schema: 'none',
    notes: [{ code: 'v8-version-tied' }],
    ...recordsAsInputs(sample, context),
  };
};

/** Each record of a stream encoded as its own message (PrepareContext.messages). */
export const messageMode = true;
