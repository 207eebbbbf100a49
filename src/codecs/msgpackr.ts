/** MessagePack with msgpackr's module-level `pack`/`unpack` defaults (no records), as most users call them. */
import { isNativeAccelerationEnabled, pack, unpack } from 'msgpackr';
import { nativeAccelerationNote } from './native-acceleration';
import { msgpackInterop } from './interop';
import { selfDescribingCodec } from './self-describing';

export const prepare = selfDescribingCodec({
  // pack returns a view into a reused buffer: byteLength is exactly what is sent.
  encode: (value) => pack(value),
  decode: (bytes): unknown => unpack(bytes),
  notes: () => [{ code: 'module-defaults', calls: 'pack/unpack', detail: 'records-off' }, nativeAccelerationNote('msgpackr', isNativeAccelerationEnabled)],
  layout: { kind: 'msgpack' },
  interop: msgpackInterop,
});

/** Each record of a stream encoded as its own message (PrepareContext.messages). */
export const messageMode = true;
