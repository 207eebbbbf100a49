/**
 * The zstd builds `npm run bench:zstd` measures side by side, each loaded the way its README
 * says. Only the chosen build (@bokuweb/zstd-wasm) and Node's own zlib are the project's; the
 * others are loaded when installed (`npm install --no-save …`, see OPTIONAL_INSTALL) and are
 * otherwise rows that say how to install them. Packages whose install script downloads a
 * binary are never installed here: they are listed with that reason instead.
 */
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { loadZstdWasm, nodeZstdBuild } from '../../../src/compression/zstd';
import { readInstalledVersion } from '../../../src/codecs/library-version';

export interface LoadedCandidate {
  /** Absent for a decoder only (fzstd): it decompresses the chosen build's frames. */
  compress?: (bytes: Uint8Array, level: number) => Uint8Array;
  decompress: (frame: Uint8Array) => Uint8Array;
}

export interface Candidate {
  id: string;
  kind: 'node:zlib' | 'WebAssembly' | 'native addon' | 'pure JS';
  /** Why it is or is not the choice, in a few words (printed under the table). */
  note: string;
  /** The loaded build, or why it cannot run here. */
  load(): Promise<LoadedCandidate | string>;
}

const requireHere = createRequire(path.join(__dirname, 'candidates.ts'));
// Typed loosely on purpose: these packages are not dependencies, so no types are installed.
type Loose = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A package installed only for this bench: the module, or the line that says how to get it. */
function optional(name: string, entry = name): Loose {
  try {
    return requireHere(entry);
  } catch {
    return `not installed: npm install --no-save ${name} (then run again)`;
  }
}

/** The load of an optional package: `build` gets its module, or the row says how to install it. */
function whenInstalled(
  name: string,
  build: (module: Loose) => LoadedCandidate | Promise<LoadedCandidate>,
  entry = name,
): () => Promise<LoadedCandidate | string> {
  return async () => {
    const module = optional(name, entry);
    return typeof module === 'string' ? module : build(module);
  };
}

/** A build whose `compress(bytes, level)` and `decompress(frame)` are what they say. */
const simpleApi = (api: Loose): LoadedCandidate => ({ compress: (bytes, level) => api.compress(bytes, level), decompress: (frame) => api.decompress(frame) });

export const OPTIONAL_INSTALL = [
  '@hpcc-js/wasm-zstd@1.12.5',
  'zstd-codec',
  '@dweb-browser/zstd-wasm',
  '@oneidentity/zstd-js',
  'fzstd',
  '@toondepauw/node-zstd',
];

export function versionOf(id: string): string {
  if (id === 'node:zlib') return `Node ${process.versions.node}`;
  return readInstalledVersion(id) ?? '';
}

export const CANDIDATES: readonly Candidate[] = [
  {
    id: 'node:zlib',
    kind: 'node:zlib',
    note: 'preferred wherever the runtime has it (Node 22.15+, 23.8+)',
    async load() {
      return nodeZstdBuild() ?? `Node ${process.versions.node} has no zstd in zlib (22.15+, 23.8+)`;
    },
  },
  {
    id: '@bokuweb/zstd-wasm',
    kind: 'WebAssembly',
    note: 'chosen for Node 20 (and browsers): one ZSTD_(de)compress call per call, dictionaries',
    load: async () => simpleApi(await loadZstdWasm()),
  },
  {
    id: '@hpcc-js/wasm-zstd',
    kind: 'WebAssembly',
    note: 'the build used before: its decompression glue is slow (streams into small chunks)',
    load: whenInstalled('@hpcc-js/wasm-zstd', async (module) => simpleApi(await module.Zstd.load())),
  },
  {
    id: 'zstd-codec',
    kind: 'WebAssembly',
    note: 'Emscripten build with a dictionary API; aborted out of memory (abort(OOM)) compressing 1 MB at level 19',
    load: whenInstalled('zstd-codec', async (module) =>
      simpleApi(await new Promise((resolve) => module.ZstdCodec.run((zstd: Loose) => resolve(new zstd.Simple())))),
    ),
  },
  {
    id: '@dweb-browser/zstd-wasm',
    kind: 'WebAssembly',
    note: 'Rust (wasm-bindgen) build; no dictionary API',
    load: whenInstalled('@dweb-browser/zstd-wasm', simpleApi),
  },
  {
    id: '@oneidentity/zstd-js',
    kind: 'WebAssembly',
    note: 'refuses inputs of 100 bytes or less; no dictionary API',
    load: whenInstalled('@oneidentity/zstd-js', async (module) => simpleApi((await module.ZstdInit()).ZstdSimple), '@oneidentity/zstd-js/wasm/index.cjs.js'),
  },
  {
    id: 'fzstd',
    kind: 'pure JS',
    note: 'a decoder only (no compression, no dictionaries)',
    load: whenInstalled('fzstd', (module) => ({ decompress: (frame) => module.decompress(frame) })),
  },
  {
    id: '@toondepauw/node-zstd',
    kind: 'native addon',
    note: 'prebuilt binaries in per-platform packages; Node only, a .node file per platform outside the bundle',
    load: whenInstalled('@toondepauw/node-zstd', (module) => {
      const encoders = new Map<number, Loose>();
      const decoder = new module.Decoder();
      const encoderAt = (level: number) => encoders.get(level) ?? encoders.set(level, new module.Encoder(level)).get(level);
      return { compress: (bytes, level) => encoderAt(level).encodeSync(bytes), decompress: (frame) => decoder.decodeSync(frame) };
    }),
  },
];

/** Candidates that cannot be installed here at all, with why (printed, never measured). */
export const NOT_INSTALLABLE: ReadonlyArray<{ id: string; why: string }> = [
  { id: 'zstd-napi', why: 'its install script runs prebuild-install, which downloads the binary' },
  { id: '@mongodb-js/zstd 7', why: 'its install script runs prebuild-install, which downloads the binary (1.x had prebuilt packages, and an async-only API)' },
  { id: 'cppzst, fast-zstd, @kafkajs/zstd', why: 'compiled with node-gyp at install' },
  { id: 'simple-zstd, zstd.ts', why: 'run the zstd CLI in a child process per call: not a per-call figure' },
];
