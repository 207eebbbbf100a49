/**
 * End-to-end decode in Node: zlib's synchronous decompressors, as a Node server or client
 * would call them. zstd only where zlib has it (Node 22.15+); the WebAssembly build used for
 * sizes is not what a Node application decompresses with, so it is not timed here.
 */
import * as zlib from 'node:zlib';
import type { EndToEndDecode } from '../shared/results';
import { nodeZstdBuild } from '../compression/zstd';
import { timeEndToEnd, type Decompressor } from './end-to-end';
import type { MeasureOptions } from './measure';

export function nodeEndToEndDecode(encoded: Uint8Array, decode: (bytes: Uint8Array) => unknown, options: MeasureOptions): Promise<EndToEndDecode> {
  const nodeZstd = nodeZstdBuild();
  const zstd: Decompressor = nodeZstd
    ? { kind: 'sync', compressed: nodeZstd.compress(encoded), decompress: nodeZstd.decompress }
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
