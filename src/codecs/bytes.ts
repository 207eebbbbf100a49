/**
 * Node Buffer view over bytes without copying (decoders of Node libraries expect Buffers).
 * Imported from 'buffer': Node's own in Node; in the browser bundle, the `buffer` package, the
 * polyfill avsc's browser build requires (a browser has no Buffer), so avsc reads the same type.
 */
import { Buffer } from 'buffer';

export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
}
