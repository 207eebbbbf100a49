/**
 * A codec of a self-describing format (MessagePack, CBOR) with no schema and no options: the
 * sample is encoded as it is, with the library's two calls, and its bytes are annotated and
 * checked by the format's reference decoder like any other row of that format.
 */
import type { NoteFact } from '../shared/results';
import { recordsAsInputs, UnsupportedSampleError, type CodecModule, type EncodingLayout, type InteropCheck } from './codec';

export interface SelfDescribingCalls {
  encode(value: unknown): Uint8Array;
  decode(bytes: Uint8Array): unknown;
  /** Read at prepare: a note may depend on the library's state (native acceleration). */
  notes(): NoteFact[];
  layout: EncodingLayout;
  interop(): InteropCheck;
  /** Why the library's calls cannot take this sample (a limit it sets), checked before timing. */
  refuses?(sample: unknown): string | undefined;
}

export function selfDescribingCodec(calls: SelfDescribingCalls): CodecModule['prepare'] {
  return (sample, context) => {
    const refusal = calls.refuses?.(sample);
    if (refusal !== undefined) throw new UnsupportedSampleError(refusal);
    return {
      input: sample,
      encode: calls.encode,
      decode: calls.decode,
      schema: 'none',
      notes: calls.notes(),
      layout: calls.layout,
      interop: calls.interop(),
      ...recordsAsInputs(sample, context),
    };
  };
}
