/**
 * Per-message timings. A message-mode timing call is one pass over every message of the stream:
 * it is counted as that many calls, so every figure is per message (amortised over the stream),
 * speed-ups and throughput unchanged. Pure: the worker scales its windows, the host reads rows.
 */
import type { TimedWindow } from '../../shared/codec-job';
import type { CompletedResult, TimingStats } from '../../shared/results';
import type { PerMessageFigures } from '../../shared/messages';

/** A pass's statistics as per-message ones (`jsonBytes` of the pass's stats was per message: so is the result's throughput). */
export function perMessageTiming(pass: TimingStats, messages: number): TimingStats {
  const per = (ns: number) => ns / messages;
  return {
    ...pass,
    meanNs: per(pass.meanNs),
    meanInterval: [per(pass.meanInterval[0]), per(pass.meanInterval[1])],
    bytesAllocatedPerCall: pass.bytesAllocatedPerCall === null ? null : Math.round(pass.bytesAllocatedPerCall / messages),
    medianNs: per(pass.medianNs),
    p75Ns: per(pass.p75Ns),
    p99Ns: per(pass.p99Ns),
    minNs: per(pass.minNs),
    maxNs: per(pass.maxNs),
    batchSize: pass.batchSize * messages,
    mbPerSec: pass.mbPerSec * messages,
  };
}

/** A slice of passes as a slice of messages: what the host merges and summarises like any other. */
export function perMessageWindow(window: TimedWindow, messages: number): TimedWindow {
  return { ...window, samples: window.samples.map((ns) => ns / messages), batchSize: window.batchSize * messages };
}

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
