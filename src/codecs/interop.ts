/**
 * Can anyone else read what a codec wrote? Each check reads the encoded bytes with another
 * library of the same format, loaded only when the check runs (after timing, in the codec's
 * worker). MessagePack and CBOR rows are read by their formats' reference decoders and compared
 * with the sample; Protocol Buffers rows are read by another implementation from the same
 * schema and written back, which must give the same bytes (every field understood).
 */
import type { InteropCheck } from './codec';
import type { protobuf } from './protobufjs-runtime';
import { verifyRoundTrip } from '../analysis/verify';

/** Why `decoded` is not the sample, or null when it is (exactly or as the same JSON). */
function differenceFromSample(sample: unknown, decoded: unknown): string | null {
  const roundTrip = verifyRoundTrip(sample, decoded, { maxDifferences: 1 });
  if (roundTrip.status === 'exact' || roundTrip.status === 'equivalent') return null;
  const first = roundTrip.differences[0];
  return `it decodes a different value${first ? ` (${first.path}: ${first.detail})` : ''}`;
}

/** Read by the format's reference decoder (loaded when the check runs), compared with the sample. */
function referenceDecoder(decoder: string, load: () => Promise<(bytes: Uint8Array) => unknown>): InteropCheck {
  return {
    decoder,
    async check(encoded, sample) {
      const decode = await load();
      return differenceFromSample(sample, decode(encoded));
    },
  };
}

export const msgpackInterop = () => referenceDecoder('@msgpack/msgpack', async () => (await import('@msgpack/msgpack')).decode);

export const cborInterop = () => referenceDecoder('cborg', async () => (await import('cborg')).decode);

/** Read with another Protocol Buffers library from the same schema, and written back. */
export function protobufInterop(decoder: '@bufbuild/protobuf' | 'protobufjs', type: protobuf.Type, schemaText: string): InteropCheck {
  return {
    decoder,
    async check(encoded) {
      let rewritten: Uint8Array;
      if (decoder === 'protobufjs') {
        rewritten = type.encode(type.decode(encoded)).finish();
      } else {
        const { bufbuildRegistryOf, protoSyntaxOf } = await import('./protobuf-descriptor');
        const { fromBinary, toBinary } = await import('@bufbuild/protobuf');
        const message = bufbuildRegistryOf(type, protoSyntaxOf(schemaText)).getMessage(type.fullName.slice(1));
        if (!message) return `${type.fullName} is not in the descriptors built for it`;
        rewritten = toBinary(message, fromBinary(message, encoded));
      }
      return sameBytes(encoded, rewritten)
        ? null
        : `it reads the bytes but writes them back differently (${encoded.byteLength} → ${rewritten.byteLength} bytes)`;
    },
  };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return (
    a.byteLength === b.byteLength && Buffer.compare(Buffer.from(a.buffer, a.byteOffset, a.byteLength), Buffer.from(b.buffer, b.byteOffset, b.byteLength)) === 0
  );
}
