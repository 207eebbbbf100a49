/**
 * Compression and decompression time of a codec's encoded bytes (gzip, brotli and zstd at the
 * levels of the sizes), timed the way the codec's own encode and decode are: per call, amortised
 * over a timed window after a warm-up (engine/measure.ts), in the codec's worker, once in every
 * round, so the rounds give an interval (compression-rounds.ts). A transport pays this on every
 * message, beside the codec's own time.
 *
 * The windows are short (compression-windows.ts). Before them, the sizes' own call compresses
 * and the check that the frame decompresses back decompresses: those first calls load and
 * compile what each direction runs (zstd's WebAssembly tiers up on its first calls), so a
 * short warm-up then does. Where that first call alone took the whole window (a multi-megabyte
 * encoding), one more call is the round's figure, a window of one call.
 */
import * as zlib from 'node:zlib';
import type { CompressionTime } from '../shared/results';
import { measureOperation } from './measure';
import { BROTLI_QUALITY, brotliCompress, GZIP_LEVEL, gzipCompress } from '../compression/compressed-sizes';
import { loadZstd, ZSTD_LEVEL } from '../compression/zstd';
import type { TimedCompression } from '../compression/compression-windows';
import type { CompressionWindows } from '../shared/worker-protocol';
export type { CompressionWindows } from '../shared/worker-protocol';

export { compressionWindows, type TimedCompression } from '../compression/compression-windows';

const same = (a: Uint8Array, b: Uint8Array) =>
  Buffer.compare(Buffer.from(a.buffer, a.byteOffset, a.byteLength), Buffer.from(b.buffer, b.byteOffset, b.byteLength)) === 0;

/** One algorithm both ways. Its size is the timed calls' own; a frame that does not decompress back is an error. */
async function bothWays(
  name: string,
  bytes: Uint8Array,
  compress: (bytes: Uint8Array) => Uint8Array,
  decompress: (frame: Uint8Array) => Uint8Array,
  windows: CompressionWindows,
): Promise<{ size: number; time: CompressionTime }> {
  const timedOnce = <T>(operation: () => T) => {
    const start = performance.now();
    const value = operation();
    return { value, ns: (performance.now() - start) * 1e6 };
  };
  const first = timedOnce(() => compress(bytes));
  const frame = first.value;
  const back = timedOnce(() => decompress(frame));
  if (!same(back.value, bytes)) throw new Error(`${name} did not decompress back to the encoded bytes`);
  const options = { budgetMs: windows.budgetMs, minSamples: windows.minSamples, jsonBytes: bytes.byteLength, warmupMs: windows.budgetMs / 2 };
  const windowOf = async (firstNs: number, operation: () => unknown) =>
    firstNs >= windows.budgetMs * 1e6 ? timedOnce(operation).ns : (await measureOperation(operation, options)).meanNs;
  const compressNs = await windowOf(first.ns, () => compress(bytes));
  const decompressNs = await windowOf(back.ns, () => decompress(frame));
  return {
    size: frame.byteLength,
    time: { compressNs, decompressNs, compressInterval: [compressNs, compressNs], decompressInterval: [decompressNs, decompressNs] },
  };
}

/** One round's sizes and times of gzip, brotli and zstd (zstd: not measured, with why, where no build loads). */
export async function timeCompression(bytes: Uint8Array, windows: CompressionWindows): Promise<TimedCompression> {
  const zstd = await loadZstd();
  const gzip = await bothWays('gzip', bytes, gzipCompress, (frame) => zlib.gunzipSync(frame), windows);
  const brotli = await bothWays('brotli', bytes, brotliCompress, (frame) => zlib.brotliDecompressSync(frame), windows);
  // A zstd build that fails here leaves zstd not measured, with why; the codec's row goes on.
  let zstdTimes: { size: number; time: CompressionTime } | undefined;
  let zstdFailure = zstd.available ? undefined : zstd.reason;
  if (zstd.available) {
    try {
      zstdTimes = await bothWays('zstd', bytes, (data) => zstd.build.compress(data), zstd.build.decompress, windows);
    } catch (error) {
      zstdFailure = `${zstd.build.library} failed: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  return {
    sizes: { gzip: gzip.size, brotli: brotli.size, zstd: zstdTimes?.size ?? null },
    timing: {
      levels: { gzip: GZIP_LEVEL, brotli: BROTLI_QUALITY, zstd: ZSTD_LEVEL },
      zstdImplementation: zstd.available ? zstd.build.implementation : 'wasm',
      ...(zstd.available ? { zstdLibrary: zstd.build.library } : {}),
      ...(zstdFailure === undefined ? {} : { zstdNotMeasured: zstdFailure }),
      rounds: 1,
      gzip: gzip.time,
      brotli: brotli.time,
      zstd: zstdTimes?.time ?? null,
    },
  };
}
