/**
 * Where worker threads keep V8's code cache of their bundle (worker/code-cache.ts), and how a
 * worker is started to use it: through the small `cached-worker.js` beside its bundle, which
 * loads the bundle with the cache. One file per bundle build and V8 (its size, time and V8's
 * cache version tag, which covers V8's version and flags), so builds and runtimes never share
 * one. Default: the CLI's cache folder (codegen/cache.ts); the extension points it at its global
 * storage; `undefined` starts workers on their bundle directly.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as v8 from 'node:v8';
import { defaultCacheDir } from '../codegen/cache';
import { bundleFile } from '../shared/bundles';

/** The loader bundle (src/entries/cached-worker.ts), next to the worker bundles in dist/. */
export const CACHED_WORKER_FILE = bundleFile('cached-worker');
/** A build's cache files older than this, beside a newer build's, are removed. */
const STALE_AFTER_MS = 7 * 24 * 3600_000;

let cacheDir: string | undefined = path.join(defaultCacheDir(), 'v8-code-cache');
const cleaned = new Set<string>();

export function useWorkerCodeCache(dir: string | undefined): void {
  cacheDir = dir;
}

export interface WorkerEntry {
  file: string;
  workerData?: { script: string; cacheFile: string };
}

/** What to start for `workerScript`: the cached loader with the bundle and its cache file, or the bundle itself. */
export function workerEntry(workerScript: string): WorkerEntry {
  if (!cacheDir) return { file: workerScript };
  const loader = path.join(path.dirname(workerScript), CACHED_WORKER_FILE);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(workerScript);
    if (!fs.statSync(loader).isFile()) return { file: workerScript };
  } catch {
    return { file: workerScript };
  }
  const prefix = `${path.basename(workerScript, '.js')}-`;
  const cacheFile = path.join(cacheDir, `${prefix}${stat.size}-${Math.trunc(stat.mtimeMs)}-${v8.cachedDataVersionTag()}.bin`);
  removeStale(cacheDir, prefix, cacheFile);
  return { file: loader, workerData: { script: workerScript, cacheFile } };
}

/** Once per folder and bundle in a process: other builds' caches left for a week. */
function removeStale(dir: string, prefix: string, current: string): void {
  const key = path.join(dir, prefix);
  if (cleaned.has(key)) return;
  cleaned.add(key);
  try {
    for (const name of fs.readdirSync(dir)) {
      const file = path.join(dir, name);
      if (!name.startsWith(prefix) || file === current) continue;
      if (Date.now() - fs.statSync(file).mtimeMs > STALE_AFTER_MS) fs.rmSync(file, { force: true });
    }
  } catch {
    // No folder yet, or one being written by another process: nothing to clean now.
  }
}
