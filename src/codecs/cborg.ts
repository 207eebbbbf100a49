/**
 * CBOR with cborg: strict, deterministic encoding (map keys sorted, the smallest float that
 * holds each number exactly). Its decoder is this project's CBOR reference decoder.
 */
import { decode, encode } from 'cborg';
import type { CodecModule } from './codec';
import { cborInterop } from './interop';

export const prepare: CodecModule['prepare'] = (sample) => {
  return {
    input: sample,
    encode: (value) => encode(value),
    decode: (bytes) => decode(bytes),
    schema: 'none',
    notes: ['module-level encode/decode defaults (deterministic: map keys sorted by their encoded bytes)'],
    layout: { kind: 'cbor' },
    interop: cborInterop(),
  };
};
