/** Compression time in words: the same in the CLI, the row details and the exports. */
import { formatDuration } from './format';
import type { CompressionTiming } from './results';

const ALGORITHMS = ['gzip', 'brotli', 'zstd'] as const;

/** `gzip 6: 1.20 ms / 310 µs`, one per algorithm: compress / decompress per call. */
export function compressionTimeParts(timing: CompressionTiming): string[] {
  return ALGORITHMS.map((algorithm) => `${algorithm} ${timing.levels[algorithm]}: ${formatDuration(timing[algorithm].compressNs)} / ${formatDuration(timing[algorithm].decompressNs)}`);
}
