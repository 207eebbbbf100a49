/**
 * MessagePack with msgpackr's record extension: a `Packr` with `useRecords: true` writes each
 * object structure once and then only the values of every object of that shape. Only a msgpackr
 * `Unpackr` with records on reads it: both sides need the same option.
 */
import { isNativeAccelerationEnabled, Packr } from 'msgpackr';
import { recordsAsInputs, type CodecModule } from './codec';
import { nativeAccelerationNote } from './native-acceleration';
import { msgpackInterop } from './interop';

export const prepare: CodecModule['prepare'] = (sample, context) => {
  const packr = new Packr({ useRecords: true });
  return {
    input: sample,
    encode: (value) => packr.pack(value),
    decode: (bytes): unknown => packr.unpack(bytes),
    schema: 'none',
    notes: [
      { code: 'records-on', library: 'msgpackr' },
      { code: 'records-both-sides', library: 'msgpackr' },
      nativeAccelerationNote('msgpackr', isNativeAccelerationEnabled),
    ],
    interop: msgpackInterop(),
    ...recordsAsInputs(sample, context),
  };
};

/** Each record of a stream encoded as its own message (PrepareContext.messages). */
export const messageMode = true;
