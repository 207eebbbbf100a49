/** MessagePack with @msgpack/msgpack, the format's reference implementation for JavaScript. */
import { decode, encode } from '@msgpack/msgpack';
import { msgpackInterop } from './interop';
import { selfDescribingCodec } from './self-describing';

export const prepare = selfDescribingCodec({
  // encode returns a view of exactly the written bytes.
  encode: (value) => encode(value),
  decode: (bytes) => decode(bytes),
  notes: () => ['module-level encode/decode defaults'],
  layout: { kind: 'msgpack' },
  interop: msgpackInterop,
});

/** Each record of a stream encoded as its own message (PrepareContext.messages). */
export const messageMode = true;
