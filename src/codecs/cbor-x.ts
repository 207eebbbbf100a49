/** CBOR with cbor-x's module-level `encode`/`decode` defaults (no records), as most users call them. */
import { decode, encode, isNativeAccelerationEnabled } from 'cbor-x';
import type { CodecModule } from './codec';
import { nativeAccelerationNote } from './native-acceleration';
import { cborInterop } from './interop';

export const prepare: CodecModule['prepare'] = (sample) => {
  return {
    input: sample,
    encode: (value) => encode(value),
    decode: (bytes) => decode(bytes),
    schema: 'none',
    notes: ['module-level encode/decode defaults (records off)', nativeAccelerationNote('cbor-x', isNativeAccelerationEnabled)],
    layout: { kind: 'cbor' },
    interop: cborInterop(),
  };
};
