/**
 * Generated code lives in a cache outside the user's workspace, one folder per key: the hash of
 * the schema files, the generator, its tools' versions and its options. A folder is complete
 * once it is renamed into place (written under a temporary name first), so two runs generating
 * the same key at once (two windows, a CLI beside the extension) never see half a folder.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/**
 * The CLI's cache: `$XDG_CACHE_HOME/payload-lab`, else `~/.cache/payload-lab` (Windows:
 * `%LOCALAPPDATA%\payload-lab`). The extension passes its global storage instead.
 */
export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.XDG_CACHE_HOME) return path.join(env.XDG_CACHE_HOME, 'payload-lab');
  if (process.platform === 'win32' && env.LOCALAPPDATA) return path.join(env.LOCALAPPDATA, 'payload-lab');
  return path.join(os.homedir(), '.cache', 'payload-lab');
}

/** A stable hash of plain data (object keys sorted, so the order they were built in does not matter). */
export function cacheKey(parts: unknown): string {
  return createHash('sha256').update(stableJson(parts)).digest('hex');
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Where `key`'s output is, under `cacheDir/generated/<first two hex digits>/<key>`. */
export function cachedFolder(cacheDir: string, key: string): string {
  return path.join(cacheDir, 'generated', key.slice(0, 2), key);
}

/** The folder of a complete entry, or undefined. */
export function lookUpCached(cacheDir: string, key: string): string | undefined {
  const folder = cachedFolder(cacheDir, key);
  return fs.existsSync(folder) ? folder : undefined;
}

/**
 * Fills a fresh temporary folder with `fill` and moves it to `key`'s place. Where another run
 * put the same key there first, its folder is kept and this one dropped: same key, same output.
 */
export async function storeInCache(cacheDir: string, key: string, fill: (folder: string) => Promise<void>): Promise<string> {
  const folder = cachedFolder(cacheDir, key);
  fs.mkdirSync(path.dirname(folder), { recursive: true });
  const temporary = fs.mkdtempSync(path.join(path.dirname(folder), `.${key.slice(0, 12)}-`));
  try {
    await fill(temporary);
    try {
      fs.renameSync(temporary, folder);
    } catch (error) {
      if (!fs.existsSync(folder)) throw error;
    }
  } finally {
    fs.rmSync(temporary, { recursive: true, force: true });
  }
  return folder;
}

/**
 * A tool's answer to its version question, asked once per file: kept under
 * `cacheDir/tool-versions/`, keyed by the file's real path, size and modification time (an
 * upgrade in place changes them) and the question. Every worker of a run checks its tools,
 * and asking means starting the tool under its watchdog (src/processes/run-program.ts).
 */
export async function rememberedVersion(cacheDir: string, file: string, question: readonly string[], ask: () => Promise<string>): Promise<string> {
  let remembered: string | undefined;
  try {
    const stat = fs.statSync(file);
    remembered = path.join(cacheDir, 'tool-versions', `${cacheKey({ file: fs.realpathSync(file), size: stat.size, mtimeMs: stat.mtimeMs, question })}.txt`);
  } catch {
    // The file is gone: asking says how.
  }
  const known = remembered !== undefined && fs.existsSync(remembered) ? fs.readFileSync(remembered, 'utf8') : '';
  if (known) return known;
  const version = await ask();
  if (remembered) {
    fs.mkdirSync(path.dirname(remembered), { recursive: true });
    // Whole or not at all: written beside, then renamed.
    const temporary = `${remembered}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    fs.writeFileSync(temporary, version);
    fs.renameSync(temporary, remembered);
  }
  return version;
}
