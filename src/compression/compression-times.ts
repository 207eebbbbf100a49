/**
 * Compression and decompression time of a codec's encoded bytes, for gzip, brotli and zstd at
 * the levels of the sizes (compressed-sizes.ts), reported as the mean time per call: a
 * transport pays this on every message, beside the codec's own time. It adds to the first
 * round's time, so the budget is short (see timePerCall).
 */
import * as zlib from 'node:zlib';
import type { CompressedSizes, CompressionTime, CompressionTiming } from '../shared/results';
import { BROTLI_QUALITY, brotliCompress, GZIP_LEVEL, gzipCompress, ZSTD_LEVEL, zstdBothWays } from './compressed-sizes';

/** Per direction and algorithm: long enough for small payloads; a big one is called once. */
const BUDGET_NS = 10_000_000n;
const MIN_CALLS = 3;
const MAX_CALLS = 10_000;

/**
 * Time per call of `operation`. Its first call is timed too: when that alone takes the budget
 * (a payload of megabytes), it is the figure, and nothing is repeated.
 */
function timePerCall<T>(operation: () => T): { ns: number; first: T } {
  let start = process.hrtime.bigint();
  const first = operation();
  const once = process.hrtime.bigint() - start;
  if (once >= BUDGET_NS) return { ns: Number(once), first };
  start = process.hrtime.bigint();
  let calls = 0;
  let elapsed = 0n;
  while (calls < MIN_CALLS || (elapsed < BUDGET_NS && calls < MAX_CALLS)) {
    operation();
    calls++;
    elapsed = process.hrtime.bigint() - start;
  }
  return { ns: Number(elapsed) / calls, first };
}

/** The compressed size too: the timed calls are the ones the sizes come from. */
function bothWays(bytes: Uint8Array, compress: (bytes: Uint8Array) => Uint8Array, decompress: (bytes: Uint8Array) => Uint8Array): CompressionTime & { size: number } {
  const compressing = timePerCall(() => compress(bytes));
  return { compressNs: compressing.ns, decompressNs: timePerCall(() => decompress(compressing.first)).ns, size: compressing.first.byteLength };
}

const timeOnly = ({ compressNs, decompressNs }: CompressionTime): CompressionTime => ({ compressNs, decompressNs });

/** Sizes and times of gzip, brotli and zstd from the same calls (what compressedSizes gives, timed). */
export async function compressionTimes(bytes: Uint8Array): Promise<{ sizes: CompressedSizes; timing: CompressionTiming }> {
  const zstd = await zstdBothWays();
  const gzip = bothWays(bytes, gzipCompress, (data) => zlib.gunzipSync(data));
  const brotli = bothWays(bytes, brotliCompress, (data) => zlib.brotliDecompressSync(data));
  const zstdTimes = bothWays(bytes, zstd.compress, zstd.decompress);
  return {
    sizes: { gzip: gzip.size, brotli: brotli.size, zstd: zstdTimes.size },
    timing: {
      levels: { gzip: GZIP_LEVEL, brotli: BROTLI_QUALITY, zstd: ZSTD_LEVEL },
      zstdImplementation: zstd.implementation,
      gzip: timeOnly(gzip),
      brotli: timeOnly(brotli),
      zstd: timeOnly(zstdTimes),
    },
  };
}
