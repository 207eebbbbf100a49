/**
 * CBOR with cborg: strict, deterministic encoding (map keys sorted, the smallest float that
 * holds each number exactly). Its decoder is this project's CBOR reference decoder.
 */
import { decode, encode } from 'cborg';
import { cborInterop } from './interop';
import { selfDescribingCodec } from './self-describing';

export const prepare = selfDescribingCodec({
  encode: (value) => encode(value),
  decode: (bytes): unknown => decode(bytes),
  notes: () => [{ code: 'module-defaults', calls: 'encode/decode', detail: 'deterministic' }],
  layout: { kind: 'cbor' },
  interop: cborInterop,
});

/** Each record of a stream encoded as its own message (PrepareContext.messages). */
export const messageMode = true;
