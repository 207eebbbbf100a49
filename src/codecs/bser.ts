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
    notes: ['module-level dumpToBuffer/loadFromBuffer: each message carries its PDU header (magic and length)'],
    ...recordsAsInputs(sample, context),
  };
};

/** Each record of a stream encoded as its own message (PrepareContext.messages). */
export const messageMode = true;
