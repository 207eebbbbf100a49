/**
 * Sizes after the compression a transport would apply. Levels are what servers commonly use
 * for dynamic responses, not the slowest maximum: gzip 6 (zlib's default), brotli quality 5,
 * zstd level 3 (zstd's default).
 *
 * gzip and brotli come from Node's own zlib; zstd from src/compression/zstd.ts (Node's zlib
 * where it has zstd, else a WebAssembly build), loaded only in codec workers, when first needed.
 */
import { promisify } from 'node:util';
import * as zlib from 'node:zlib';
import type { CompressedSizes } from '../shared/results';
import { loadZstd, ZSTD_LEVEL } from '../compression/zstd';

export { ZSTD_LEVEL };
export const GZIP_LEVEL = 6;
export const BROTLI_QUALITY = 5;

/**
 * The three at once: zlib's asynchronous gzip and brotli run on libuv's thread pool, beside
 * zstd on this thread, so a multi-megabyte encoding compresses in about the time of the
 * slowest of the three instead of their sum (this runs after timing, never during it).
 * zstd's size is null only where no zstd build loads (the reason is in the compression timing).
 */
export async function compressedSizes(bytes: Uint8Array): Promise<CompressedSizes> {
  const gzip = promisify(zlib.gzip)(bytes, { level: GZIP_LEVEL });
  const brotli = promisify(zlib.brotliCompress)(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
    },
  });
  const zstd = await loadZstd();
  const zstdBytes = zstd.available ? zstd.build.compress(bytes).byteLength : null;
  return { gzip: (await gzip).byteLength, brotli: (await brotli).byteLength, zstd: zstdBytes };
}

export const gzipCompress = (bytes: Uint8Array) => zlib.gzipSync(bytes, { level: GZIP_LEVEL });

export const brotliCompress = (bytes: Uint8Array) =>
  zlib.brotliCompressSync(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
    },
  });
