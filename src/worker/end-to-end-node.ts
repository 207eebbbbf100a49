/**
 * End-to-end decode in Node: zlib's synchronous decompressors, as a Node server or client
 * would call them. zstd only where zlib has it (Node 22.15+); the WebAssembly build used for
 * sizes is not what a Node application decompresses with, so it is not timed here.
 */
import * as zlib from 'node:zlib';
import type { EndToEndDecode } from '../shared/results';
import { nodeZstd } from '../compression/compressed-sizes';
import { timeEndToEnd, type Decompressor } from './end-to-end';
import type { MeasureOptions } from './measure';

type ZstdDecompressSync = (data: Uint8Array) => Buffer;

export function nodeEndToEndDecode(encoded: Uint8Array, decode: (bytes: Uint8Array) => unknown, options: MeasureOptions): Promise<EndToEndDecode> {
  const zstdCompress = nodeZstd();
  // zlib's zstd is newer than this project's Node types: read it where the runtime has it.
  const zstdDecompress: ZstdDecompressSync | undefined = Reflect.get(zlib, 'zstdDecompressSync');
  const zstd: Decompressor =
    zstdCompress && zstdDecompress
      ? { kind: 'sync', compressed: zstdCompress(encoded), decompress: zstdDecompress }
      : { kind: 'unavailable', reason: `Node ${process.versions.node} has no zstd in zlib (22.15 and later have it)` };
  return timeEndToEnd(
    {
      gzip: { kind: 'sync', compressed: zlib.gzipSync(encoded, { level: 6 }), decompress: (bytes) => zlib.gunzipSync(bytes) },
      brotli: {
        kind: 'sync',
        compressed: zlib.brotliCompressSync(encoded, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
        decompress: (bytes) => zlib.brotliDecompressSync(bytes),
      },
      zstd,
    },
    decode,
    options,
  );
}
