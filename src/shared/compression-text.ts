/** Compression time in words: the same in the CLI, the row details and the exports. */
import { formatDuration, formatDurationRange } from './format';
import type { CompressionTime, CompressionTiming } from './results';

const ALGORITHMS = ['gzip', 'brotli', 'zstd'] as const;

/** A median over rounds with its range, or the one figure of an older report (timed once). */
const withRange = (ns: number, interval: [number, number] | undefined) => (interval ? formatDurationRange(ns, interval) : formatDuration(ns));

/**
 * `gzip 6: 1.20 ms (1.15–1.31 ms) / 310 µs (302–330 µs)`, one per algorithm: compress /
 * decompress per call, the median over rounds and their range; zstd says why where not measured.
 */
export function compressionTimeParts(timing: CompressionTiming): string[] {
  return ALGORITHMS.map((algorithm) => {
    const time: CompressionTime | null = timing[algorithm];
    const head = `${algorithm} ${timing.levels[algorithm]}`;
    if (!time) return `${head}: not measured (${timing.zstdNotMeasured ?? 'no zstd build in this runtime'})`;
    return `${head}: ${withRange(time.compressNs, time.compressInterval)} / ${withRange(time.decompressNs, time.decompressInterval)}`;
  });
}

/** "median of 5 rounds (range)", or how an older report timed them. */
export function compressionTimingMethod(timing: CompressionTiming): string {
  if (timing.rounds === undefined) return 'measured once after the codec’s timing';
  return `per call, amortised over a window after the codec’s own timing, ${timing.rounds === 1 ? 'in its one round' : `median of ${timing.rounds} rounds (lowest–highest round)`}`;
}
