/**
 * Per-message rates from a message-mode row, whose timings are per message already (each timed
 * call encodes or decodes one message, open-stream.ts). Pure.
 */
import type { CompletedResult } from '../../shared/results';
import type { PerMessageFigures } from '../../shared/messages';

const perSecond = (ns: number) => (ns > 0 ? Math.round(1e9 / ns) : 0);

export function perMessageFigures(row: Pick<CompletedResult, 'encode' | 'decode'>): PerMessageFigures {
  const { encode, decode } = row;
  return {
    encodeNs: encode.meanNs,
    decodeNs: decode.meanNs,
    encodeInterval: encode.meanInterval,
    decodeInterval: decode.meanInterval,
    encodePerSecond: perSecond(encode.meanNs),
    decodePerSecond: perSecond(decode.meanNs),
    encodeGcShare: encode.gcShare,
    decodeGcShare: decode.gcShare,
    encodeAllocatedBytes: encode.bytesAllocatedPerCall,
    decodeAllocatedBytes: decode.bytesAllocatedPerCall,
  };
}
