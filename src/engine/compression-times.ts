/**
 * Compression and decompression time of a codec's encoded bytes, for gzip, brotli and zstd at
 * the levels of the sizes (compressed-sizes.ts). Each direction is called repeatedly until a
 * short budget has passed (10 ms, at least MIN_CALLS calls: it adds to the first round's time), after one warm-up call, and reported as
 * the mean time per call: a transport pays this on every message, beside the codec's own time.
 */
import * as zlib from 'node:zlib';
import type { CompressionTime, CompressionTiming } from '../shared/results';
import { BROTLI_QUALITY, brotliCompress, GZIP_LEVEL, gzipCompress, ZSTD_LEVEL, zstdBothWays } from './compressed-sizes';

/** Per direction and algorithm: long enough for small payloads, one call or two for big ones. */
const BUDGET_NS = 10_000_000n;
const MIN_CALLS = 3;
const MAX_CALLS = 10_000;

function timePerCall(operation: () => unknown): number {
  operation();
  const start = process.hrtime.bigint();
  let calls = 0;
  let elapsed = 0n;
  while (calls < MIN_CALLS || (elapsed < BUDGET_NS && calls < MAX_CALLS)) {
    operation();
    calls++;
    elapsed = process.hrtime.bigint() - start;
  }
  return Number(elapsed) / calls;
}

function bothWays(bytes: Uint8Array, compress: (bytes: Uint8Array) => Uint8Array, decompress: (bytes: Uint8Array) => Uint8Array): CompressionTime {
  const compressed = compress(bytes);
  return { compressNs: timePerCall(() => compress(bytes)), decompressNs: timePerCall(() => decompress(compressed)) };
}

export async function compressionTimes(bytes: Uint8Array): Promise<CompressionTiming> {
  const zstd = await zstdBothWays();
  return {
    levels: { gzip: GZIP_LEVEL, brotli: BROTLI_QUALITY, zstd: ZSTD_LEVEL },
    zstdImplementation: zstd.implementation,
    gzip: bothWays(bytes, gzipCompress, (data) => zlib.gunzipSync(data)),
    brotli: bothWays(bytes, brotliCompress, (data) => zlib.brotliDecompressSync(data)),
    zstd: bothWays(bytes, zstd.compress, zstd.decompress),
  };
}
