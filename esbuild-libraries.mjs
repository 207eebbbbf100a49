// The versions of the libraries the bundles report (esbuild `define`: PAYLOAD_LAB_LIBRARY_VERSIONS).
// Each codec's library comes from the codec registry, so a codec added there cannot report its
// version as 'unknown'; the registry is TypeScript, read here through esbuild. Beside them, the
// libraries the measuring itself names (zstd's WebAssembly build, sucrase for generated code).
import * as esbuild from 'esbuild';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

const MEASURING_LIBRARIES = ['@bokuweb/zstd-wasm', 'sucrase'];

async function registryLibraries(root) {
  const built = await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['src/codecs/registry.ts'],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    logLevel: 'silent',
  });
  const { builtinCodecs } = await import(`data:text/javascript;base64,${Buffer.from(built.outputFiles[0].text).toString('base64')}`);
  // node:v8 is Node's own: its version is the runtime's, read where it runs.
  return builtinCodecs.map((codec) => codec.library).filter((library) => !library.startsWith('node:'));
}

// A library that is not installed, or names no version, stops the build here, naming it.
function installedVersion(root, name) {
  const manifest = path.join(root, 'node_modules', ...name.split('/'), 'package.json');
  const { version } = JSON.parse(readFileSync(manifest, 'utf8'));
  if (typeof version !== 'string' || version === '') throw new Error(`${manifest} names no version`);
  return version;
}

export async function libraryVersions(root = process.cwd()) {
  const libraries = [...new Set([...(await registryLibraries(root)), ...MEASURING_LIBRARIES])];
  return Object.fromEntries(libraries.map((name) => [name, installedVersion(root, name)]));
}
