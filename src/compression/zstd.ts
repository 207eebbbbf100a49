/**
 * zstd beside gzip and brotli: Node's own zstd where the runtime has it (zlib, Node 22.15+ and
 * 23.8+), else @bokuweb/zstd-wasm, the zstd library compiled to WebAssembly (no native build,
 * no install script; its .wasm is copied beside the bundles by esbuild.mjs).
 *
 * Why that build: `npm run bench:zstd` (test/bench/zstd-candidates.ts) measured the candidates
 * side by side. @hpcc-js/wasm-zstd, used before, decompressed the 2.4 KB frame of the bundled
 * tuples 15 to 90 times slower than gunzip: its glue, not zstd. @bokuweb/zstd-wasm calls
 * ZSTD_compress / ZSTD_decompress once per call into a buffer sized from the frame header, and
 * decompressed in under half gunzip's time; it compresses and decompresses with a dictionary
 * (zstd-dictionary.ts) and runs in a browser. Of the other fast builds, zstd-codec aborted out
 * of memory at level 19 on 1 MB, and @oneidentity/zstd-js has no dictionary API and refuses
 * inputs of 100 bytes or less (messages). A native addon runs in neither a browser nor a bundle
 * shipped without node_modules (the .vsix); zstd-napi and @mongodb-js/zstd download theirs at
 * install. No build on npm trains dictionaries: zstd-cli.ts does that.
 *
 * No build is known to distort, then, but a build that fails to load is a row that says why
 * (`ZstdAvailability`), never a figure from something else.
 */
import * as zlib from 'node:zlib';
import { libraryVersion } from '../codecs/library-version';

/** zstd's default level, the one servers use for dynamic responses. */
export const ZSTD_LEVEL = 3;

export const ZSTD_WASM_LIBRARY = '@bokuweb/zstd-wasm';

export interface ZstdBuild {
  /** Node's zlib, or the WebAssembly build: a reader comparing runs must know which. */
  implementation: 'node' | 'wasm';
  /** `node:zlib (Node 24.1.0)` or `@bokuweb/zstd-wasm 0.0.27`. */
  library: string;
  /** One frame that records its content size (the WebAssembly decoder sizes its output from it). */
  compress(bytes: Uint8Array, level?: number): Uint8Array;
  decompress(frame: Uint8Array): Uint8Array;
}

export type ZstdAvailability = { available: true; build: ZstdBuild } | { available: false; reason: string };

type NodeZstdCompress = (data: Uint8Array, options: { params: Record<number, number>; pledgedSrcSize?: number }) => Buffer;
type NodeZstdDecompress = (data: Uint8Array) => Buffer;

/** Node's zstd (22.15+, 23.8+), or undefined on a Node without it (20, which VS Code runs on). */
export function nodeZstdBuild(): ZstdBuild | undefined {
  // zlib's zstd is newer than this project's Node types: read where the runtime has it, and
  // take it only where it is there with the types Node documents for it.
  const compressSync: unknown = Reflect.get(zlib, 'zstdCompressSync');
  const decompressSync: unknown = Reflect.get(zlib, 'zstdDecompressSync');
  const levelParam: unknown = Reflect.get(zlib.constants, 'ZSTD_c_compressionLevel');
  if (typeof compressSync !== 'function' || typeof decompressSync !== 'function' || typeof levelParam !== 'number') return undefined;
  const zstdCompressSync = compressSync as NodeZstdCompress;
  const zstdDecompressSync = decompressSync as NodeZstdDecompress;
  return {
    implementation: 'node',
    library: `node:zlib (Node ${process.versions.node})`,
    // The size is pledged so the frame records it, as the one-shot WebAssembly compression does.
    compress: (bytes, level = ZSTD_LEVEL) => zstdCompressSync(bytes, { params: { [levelParam]: level }, pledgedSrcSize: bytes.byteLength }),
    decompress: (frame) => zstdDecompressSync(frame),
  };
}

/** The WebAssembly build's module, loaded (and its .wasm instantiated) once per worker. */
export type ZstdWasm = typeof import('@bokuweb/zstd-wasm');

let wasmLoading: Promise<ZstdWasm> | undefined;

export function loadZstdWasm(): Promise<ZstdWasm> {
  wasmLoading ??= (async () => {
    const wasm = await import('@bokuweb/zstd-wasm');
    await wasm.init();
    return wasm;
  })();
  return wasmLoading;
}

async function wasmBuild(): Promise<ZstdBuild> {
  const wasm = await loadZstdWasm();
  return {
    implementation: 'wasm',
    library: `${ZSTD_WASM_LIBRARY} ${libraryVersion(ZSTD_WASM_LIBRARY)}`,
    compress: (bytes, level = ZSTD_LEVEL) => wasm.compress(bytes, level),
    decompress: (frame) => wasm.decompress(frame),
  };
}

let loading: Promise<ZstdAvailability> | undefined;

/** The zstd this runtime measures with: Node's where it has one, else the WebAssembly build. */
export function loadZstd(): Promise<ZstdAvailability> {
  loading ??= (async (): Promise<ZstdAvailability> => {
    const native = nodeZstdBuild();
    if (native) return { available: true, build: native };
    try {
      return { available: true, build: await wasmBuild() };
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      return {
        available: false,
        reason: `Node ${process.versions.node} has no zstd in zlib (22.15+), and the WebAssembly build (${ZSTD_WASM_LIBRARY}) did not load: ${why}`,
      };
    }
  })();
  return loading;
}
