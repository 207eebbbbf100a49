/** MessagePack with msgpackr's module-level `pack`/`unpack` defaults (no records), as most users call them. */
import { isNativeAccelerationEnabled, pack, unpack } from 'msgpackr';
import type { CodecModule } from './codec';
import { nativeAccelerationNote } from './native-acceleration';
import { msgpackInterop } from './interop';

export const prepare: CodecModule['prepare'] = (sample) => {
  return {
    input: sample,
    // pack returns a view into a reused buffer: byteLength is exactly what is sent.
    encode: (value) => pack(value),
    decode: (bytes) => unpack(bytes),
    schema: 'none',
    notes: ['module-level pack/unpack defaults (records off)', nativeAccelerationNote('msgpackr', isNativeAccelerationEnabled)],
    layout: { kind: 'msgpack' },
    interop: msgpackInterop(),
  };
};
