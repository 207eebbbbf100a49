/**
 * The baseline. JSON pays for bytes like every other format: stringify + UTF-8 encode, and
 * UTF-8 decode + parse. Node's Buffer paths are what Node users call, and the fastest here.
 */
import { recordsAsInputs, type CodecModule } from './codec';
import { asBuffer } from './bytes';

export const prepare: CodecModule['prepare'] = (sample, context) => {
  return {
    input: sample,
    encode: (value) => Buffer.from(JSON.stringify(value), 'utf8'),
    decode: (bytes): unknown => JSON.parse(asBuffer(bytes).toString('utf8')),
    schema: 'none',
    notes: [],
    layout: { kind: 'json' },
    ...recordsAsInputs(sample, context),
  };
};

/** Each record of a stream encoded as its own message (PrepareContext.messages). */
export const messageMode = true;
