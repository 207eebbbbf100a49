/**
 * CBOR with cbor-x's record extension: an `Encoder` with `useRecords: true` writes each object
 * structure once (as a cbor-x record tag) and then only the values of every object of that
 * shape. Only cbor-x with records on reads it: both sides need the same option.
 */
import { Encoder, isNativeAccelerationEnabled } from 'cbor-x';
import { recordsAsInputs, type CodecModule } from './codec';
import { nativeAccelerationNote } from './native-acceleration';
import { cborInterop } from './interop';

export const prepare: CodecModule['prepare'] = (sample, context) => {
  const encoder = new Encoder({ useRecords: true });
  return {
    input: sample,
    encode: (value) => encoder.encode(value),
    decode: (bytes): unknown => encoder.decode(bytes),
    schema: 'none',
    notes: [
      { code: 'records-on', library: 'cbor-x' },
      { code: 'records-both-sides', library: 'cbor-x' },
      nativeAccelerationNote('cbor-x', isNativeAccelerationEnabled),
    ],
    interop: cborInterop(),
    ...recordsAsInputs(sample, context),
  };
};

/** Each record of a stream encoded as its own message (PrepareContext.messages). */
export const messageMode = true;
