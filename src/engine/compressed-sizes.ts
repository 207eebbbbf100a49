/**
 * Sizes after the compression a transport would apply, from Node's own zlib (no dependency).
 * Levels are what servers commonly use for dynamic responses, not the slowest maximum:
 * gzip 6 (zlib's default), brotli quality 5, zstd level 3 (zstd's default).
 */
import * as zlib from 'node:zlib';
import type { CompressedSizes } from '../shared/results';

type ZstdCompress = (data: Uint8Array, options?: { params?: Record<number, number> }) => Buffer;

export function compressedSizes(bytes: Uint8Array): CompressedSizes {
  const gzip = zlib.gzipSync(bytes, { level: 6 }).byteLength;
  const brotli = zlib.brotliCompressSync(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
    },
  }).byteLength;
  // zstd arrived in Node 22.15; on older runtimes the size is reported as unavailable.
  const zstdCompressSync = (zlib as unknown as { zstdCompressSync?: ZstdCompress }).zstdCompressSync;
  const zstd = zstdCompressSync ? zstdCompressSync(bytes).byteLength : null;
  return { gzip, brotli, zstd };
}
