/**
 * Sizes after the compression a transport would apply. Levels are what servers commonly use
 * for dynamic responses, not the slowest maximum: gzip 6 (zlib's default), brotli quality 5,
 * zstd level 3 (zstd's default).
 *
 * gzip and brotli come from Node's own zlib. zstd too where Node has it (22.15 and later);
 * elsewhere (Node 20, which VS Code and the CLI still run on) from @hpcc-js/wasm-zstd: the
 * zstd library compiled to WebAssembly, shipped inside its JavaScript (no native build, no
 * install script, nothing fetched at run time). It is imported here only, which only codec
 * workers load, and only when first needed.
 */
import { promisify } from 'node:util';
import * as zlib from 'node:zlib';
import type { CompressedSizes } from '../shared/results';

export const ZSTD_LEVEL = 3;

type ZstdCompressSync = (data: Uint8Array, options?: { params?: Record<number, number>; pledgedSrcSize?: number }) => Buffer;

/** Compresses with zstd at ZSTD_LEVEL. */
export type ZstdCompress = (bytes: Uint8Array) => Uint8Array;

/** zstd both ways, from the same implementation (Node's or the WebAssembly build). */
export interface Zstd {
  implementation: 'node' | 'wasm';
  compress: ZstdCompress;
  decompress: (bytes: Uint8Array) => Uint8Array;
}

export const GZIP_LEVEL = 6;
export const BROTLI_QUALITY = 5;

let zstdLoading: Promise<Zstd> | undefined;

/**
 * The three at once: zlib's asynchronous gzip and brotli run on libuv's thread pool, beside
 * zstd on this thread, so a multi-megabyte encoding compresses in about the time of the
 * slowest of the three instead of their sum (this runs after timing, never during it).
 */
export async function compressedSizes(bytes: Uint8Array): Promise<CompressedSizes> {
  const gzip = promisify(zlib.gzip)(bytes, { level: GZIP_LEVEL });
  const brotli = promisify(zlib.brotliCompress)(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
    },
  });
  const zstdCompress = await zstdCompressor();
  const zstd = zstdCompress(bytes).byteLength;
  return { gzip: (await gzip).byteLength, brotli: (await brotli).byteLength, zstd };
}

export const gzipCompress = (bytes: Uint8Array) => zlib.gzipSync(bytes, { level: GZIP_LEVEL });

export const brotliCompress = (bytes: Uint8Array) => zlib.brotliCompressSync(bytes, {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
  },
});

/** Node's own zstd where it has one, else the WebAssembly build (loaded once per worker). */
export async function zstdCompressor(): Promise<ZstdCompress> {
  return (await zstdBothWays()).compress;
}

export function zstdBothWays(): Promise<Zstd> {
  zstdLoading ??= loadZstd();
  return zstdLoading;
}

async function loadZstd(): Promise<Zstd> {
  const native = nodeZstd();
  const decompressSync = (zlib as unknown as { zstdDecompressSync?: (data: Uint8Array) => Buffer }).zstdDecompressSync;
  if (native && decompressSync) return { implementation: 'node', compress: native, decompress: (bytes) => decompressSync(bytes) };
  const { Zstd } = await import('@hpcc-js/wasm-zstd');
  const zstd = await Zstd.load();
  return { implementation: 'wasm', compress: (bytes) => zstd.compress(bytes, ZSTD_LEVEL), decompress: (bytes) => zstd.decompress(bytes) };
}

/** Node's zstd (22.15+), or undefined. Exported for tests on runtimes that have it. */
export function nodeZstd(): ZstdCompress | undefined {
  const compressSync = (zlib as unknown as { zstdCompressSync?: ZstdCompressSync }).zstdCompressSync;
  const levelParam = (zlib.constants as unknown as Record<string, number | undefined>)['ZSTD_c_compressionLevel'];
  if (!compressSync || levelParam === undefined) return undefined;
  // The size is pledged (zlib's pledgedSrcSize; an older Node ignores the option) so the frame
  // records it, as the one-shot compression of the WebAssembly build does.
  return (bytes) => compressSync(bytes, { params: { [levelParam]: ZSTD_LEVEL }, pledgedSrcSize: bytes.byteLength });
}
