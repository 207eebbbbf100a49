/** BSER, Watchman's binary JSON, with Facebook's bser package (dumpToBuffer / loadFromBuffer). */
import { dumpToBuffer, loadFromBuffer } from 'bser';
import { recordsAsInputs, type CodecModule } from './codec';
import { asBuffer } from './bytes';

export const prepare: CodecModule['prepare'] = (sample, context) => {
  return {
    input: sample,
    encode: (value) => dumpToBuffer(value),
    decode: (bytes) => loadFromBuffer(asBuffer(bytes)),
    schema: 'none',
    notes: [{ code: 'bser-pdu-header' }],
    ...recordsAsInputs(sample, context),
  };
};

/** Each record of a stream encoded as its own message (PrepareContext.messages). */
export const messageMode = true;
