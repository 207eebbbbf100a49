/**
 * The interop column of a generated-code row, both ways against protobufjs (the schema's own
 * codec): protobufjs reads the row's bytes to the value it reads from its own, and the row's
 * library reads protobufjs's bytes to the value it reads from its own. Where the two libraries
 * write different bytes for the same value, the difference is located field by field and
 * explained (a default value written or left out, packed or not, another field order).
 */
import { isDeepStrictEqual } from 'node:util';
import type { InteropCheck } from './codec';
import type { protobuf } from './protobufjs-runtime';

/** One library's generated message type, bound to its runtime. */
export interface GeneratedMessageType {
  /** Bytes → the library's message (how the encode input is built, untimed). */
  read(bytes: Uint8Array): unknown;
  write(message: unknown): Uint8Array;
  /** Bytes → what the library's users read. */
  decode(bytes: Uint8Array): unknown;
}

/** protobufjs's view of a message as plain data: every field, longs as strings, bytes as base64. */
const PLAIN: protobuf.IConversionOptions = { longs: String, bytes: String, defaults: true, arrays: true, objects: true, oneofs: true };

export function generatedInterop(library: string, message: GeneratedMessageType, type: protobuf.Type, referenceBytes: Uint8Array): InteropCheck {
  return {
    decoder: 'protobufjs',
    async check(encoded) {
      const theirs = type.toObject(type.decode(encoded), PLAIN);
      const own = type.toObject(type.decode(referenceBytes), PLAIN);
      return isDeepStrictEqual(theirs, own) ? null : 'it reads a different value from these bytes than from its own for the same sample';
    },
    async both(encoded) {
      let readsReference: { readable: boolean; why?: string };
      try {
        const fromReference = message.decode(referenceBytes);
        const fromOwn = message.decode(encoded);
        readsReference = isDeepStrictEqual(fromReference, fromOwn)
          ? { readable: true }
          : { readable: false, why: "it reads protobufjs's bytes to another value than its own bytes" };
      } catch (error) {
        readsReference = { readable: false, why: `it fails on protobufjs's bytes: ${(error as Error).message}` };
      }
      const { describeWireDifference } = await import('./protobuf-wire-diff');
      const difference = describeWireDifference(type, referenceBytes, encoded, library);
      return { readsReference, ...(difference ? { byteDifferences: difference } : {}) };
    },
  };
}
