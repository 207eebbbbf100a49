/** MessagePack with @msgpack/msgpack, the format's reference implementation for JavaScript. */
import { decode, encode } from '@msgpack/msgpack';
import type { CodecModule } from './codec';
import { msgpackInterop } from './interop';

export const prepare: CodecModule['prepare'] = (sample) => {
  return {
    input: sample,
    // encode returns a view of exactly the written bytes.
    encode: (value) => encode(value),
    decode: (bytes) => decode(bytes),
    schema: 'none',
    notes: ['module-level encode/decode defaults'],
    layout: { kind: 'msgpack' },
    interop: msgpackInterop(),
  };
};
