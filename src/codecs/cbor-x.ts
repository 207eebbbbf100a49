/** CBOR with cbor-x's module-level `encode`/`decode` defaults (no records), as most users call them. */
import { decode, encode, isNativeAccelerationEnabled } from 'cbor-x';
import { nativeAccelerationNote } from './native-acceleration';
import { cborInterop } from './interop';
import { selfDescribingCodec } from './self-describing';

export const prepare = selfDescribingCodec({
  encode: (value) => encode(value),
  decode: (bytes): unknown => decode(bytes),
  notes: () => [{ code: 'module-defaults', calls: 'encode/decode', detail: 'records-off' }, nativeAccelerationNote('cbor-x', isNativeAccelerationEnabled)],
  layout: { kind: 'cbor' },
  interop: cborInterop,
});

/** Each record of a stream encoded as its own message (PrepareContext.messages). */
export const messageMode = true;
