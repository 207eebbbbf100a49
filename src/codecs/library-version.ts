/**
 * Versions of the libraries the codecs use. Bundles get them injected at build time
 * (esbuild `define`); when running from source (tests), they are read from node_modules.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

declare const PAYLOAD_LAB_LIBRARY_VERSIONS: Record<string, string> | undefined;

export function libraryVersion(library: string): string {
  if (library === 'node:v8') return `node ${process.versions.node} (V8 ${process.versions.v8})`;
  if (typeof PAYLOAD_LAB_LIBRARY_VERSIONS !== 'undefined') {
    return PAYLOAD_LAB_LIBRARY_VERSIONS[library] ?? 'unknown';
  }
  return readInstalledVersion(library) ?? 'unknown';
}

/** Walks up from the package's entry point: `pkg/package.json` is often not in its exports. */
export function readInstalledVersion(library: string): string | undefined {
  let dir: string;
  try {
    dir = path.dirname(require.resolve(library));
  } catch {
    // ESM-only packages (cborg) have no `require` entry: look for their folder instead.
    return findPackageFolderVersion(library);
  }
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const parsed = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
      if (parsed.name === library && parsed.version) return parsed.version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

function findPackageFolderVersion(library: string): string | undefined {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'node_modules', ...library.split('/'), 'package.json');
    if (fs.existsSync(manifest)) {
      const parsed = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
      return parsed.name === library ? parsed.version : undefined;
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}
