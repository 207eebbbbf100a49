/**
 * Loads a CommonJS bundle with V8's code cache. A codec worker is a fresh isolate that loads the
 * 4 MB codec-worker bundle, and compiling it was most of the 0.13–0.15 s a worker took to start,
 * paid by every codec in every round (README, "Where a default run's time goes"). With the
 * bundle's compiled code kept from the first worker on, a worker starts in about a third of that.
 * Node 20 has no compile cache for modules (module.enableCompileCache is Node 22), so the bundle
 * is compiled here, as Node's loader would (the same wrapper, file name and require), with the
 * cache V8 wrote for it. A cache that V8 refuses (another V8, other flags, another build of the
 * bundle) is written anew; one that cannot be read or written costs nothing but the saving.
 * Runs in the worker, before the bundle; imports only Node's built-ins.
 */
import * as fs from 'node:fs';
import Module from 'node:module';
import * as path from 'node:path';
import * as vm from 'node:vm';

/** Runs `script` (a CommonJS file) as Node's loader would, compiled with the code cache in `cacheFile`. */
export function loadWithCodeCache(script: string, cacheFile: string): void {
  const source = fs.readFileSync(script, 'utf8');
  const cachedData = readIfPresent(cacheFile);
  const compiled = new vm.Script(Module.wrap(source), { filename: script, ...(cachedData ? { cachedData } : {}) });
  const wrapper = compiled.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: Module, filename: string, dirname: string) => void;
  // The module object the bundle sees; its require resolves from the bundle's folder, as Node's would.
  const loaded = new Module(script);
  loaded.filename = script;
  wrapper.call(loaded.exports, loaded.exports, Module.createRequire(script), loaded, script, path.dirname(script));
  loaded.loaded = true;
  if (cachedData && !compiled.cachedDataRejected) return;
  // After the bundle's top level ran: the functions it compiled on the way are in the cache too.
  writeAtomically(cacheFile, compiled.createCachedData());
}

function readIfPresent(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

/**
 * Written under a name of its own, then renamed: workers starting together never read half a
 * file. A file that cannot be written is left unwritten: the next worker compiles as this one did.
 */
function writeAtomically(file: string, data: Buffer): void {
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(temporary, data);
    fs.renameSync(temporary, file);
  } catch {
    try {
      fs.rmSync(temporary, { force: true });
    } catch {
      // Its folder could not be made or read: no temporary file was left either.
    }
  }
}
