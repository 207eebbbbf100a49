/** Timing figures for tests of code that shows or exports rows, not of measurement itself. */
import type { TimingStats } from '../../src/shared/results';

export function timingStats(meanNs: number, overrides: Partial<TimingStats> = {}): TimingStats {
  return {
    meanNs,
    meanInterval: [meanNs * 0.95, meanNs * 1.05],
    gcShare: 0.1,
    bytesAllocatedPerCall: 1024,
    bimodal: false,
    medianNs: meanNs * 0.98,
    p75Ns: meanNs * 1.1,
    p99Ns: meanNs * 1.5,
    minNs: meanNs * 0.9,
    maxNs: meanNs * 2,
    rme: 0.012,
    samples: 40,
    batchSize: 8,
    mbPerSec: 110.5,
    ...overrides,
  };
}

export function speedups(encode: number, decode: number) {
  return {
    encode,
    decode,
    encodeInterval: [encode * 0.95, encode * 1.05] as [number, number],
    decodeInterval: [decode * 0.95, decode * 1.05] as [number, number],
  };
}
