/**
 * Workers load their bundle with V8's code cache (worker/code-cache.ts, engine/worker-code-cache.ts):
 * the loader runs a CommonJS file as Node would, writes the cache once and then uses it; a cache
 * V8 refuses is written anew, one that cannot be written costs nothing but the saving; real codec
 * workers started through it answer as before, and reuse the cache they wrote.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as v8 from 'node:v8';
import { Worker } from 'node:worker_threads';
import { loadWithCodeCache } from '../../src/worker/code-cache';
import { CACHED_WORKER_FILE, useWorkerCodeCache, workerEntry } from '../../src/engine/worker-code-cache';
import { compareSample } from '../../src/engine/compare';
import { FAST, sampleFrom, workerScript } from '../support/paths';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-code-cache-'));
after(() => {
  useWorkerCodeCache(undefined);
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A CommonJS file that reports what Node's loader gives a module, on globalThis. */
function moduleFile(): string {
  const file = path.join(dir, 'lib', 'reporting-module.js');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(
    file,
    [
      "'use strict';",
      "const { sep } = require('node:path');",
      'module.exports = { loaded: true };',
      'globalThis.reportedModule = { dirname: __dirname, filename: __filename, sep, exportsSeen: module.exports === exports || module.exports.loaded, lines: new Error().stack.split("\\n")[1] };',
    ].join('\n'),
  );
  return file;
}

test('the loader runs a CommonJS file as Node would: its require, __dirname and __filename, errors pointing at the file', () => {
  const file = moduleFile();
  loadWithCodeCache(file, path.join(dir, 'first.bin'));
  const reported = (globalThis as unknown as { reportedModule: { dirname: string; filename: string; sep: string; exportsSeen: boolean; lines: string } })
    .reportedModule;
  assert.equal(reported.dirname, path.dirname(file));
  assert.equal(reported.filename, file);
  assert.equal(reported.sep, path.sep);
  assert.equal(reported.exportsSeen, true);
  assert.match(reported.lines, new RegExp(`${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:4:`), 'a stack frame names the file and its line');
});

/**
 * One load through the shipped loader (dist/cached-worker.js) in a fresh worker: within one isolate
 * V8 reuses what it compiled and never reads the cache. The module posts what it was given.
 */
async function loadInFreshWorker(file: string, cacheFile: string): Promise<unknown> {
  const worker = new Worker(path.join(path.dirname(workerScript), CACHED_WORKER_FILE), { workerData: { script: file, cacheFile } });
  // It exits by itself once the loader is done (after the module ran, the cache is written).
  let posted: unknown;
  worker.on('message', (message) => (posted = message));
  await new Promise((resolve, reject) => {
    worker.once('exit', resolve);
    worker.once('error', reject);
  });
  return posted;
}

const contentOf = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file) : undefined);

test('through the shipped loader: the cache is written once, then used as it is; a cache V8 refuses is written anew; one that cannot be written is not, and the file still runs', async () => {
  const file = postingModuleFile();
  const cacheFile = path.join(dir, 'cache', 'posting.bin');
  const expected = { dirname: path.dirname(file), filename: file };
  assert.deepEqual(await loadInFreshWorker(file, cacheFile), expected);
  const written = contentOf(cacheFile);
  assert.ok(written && written.byteLength > 0, 'written');
  assert.deepEqual(await loadInFreshWorker(file, cacheFile), expected);
  assert.deepEqual(contentOf(cacheFile), written, 'used as it was: V8 took it, nothing written again');

  const refused = Buffer.from('not a code cache');
  fs.writeFileSync(cacheFile, refused);
  assert.deepEqual(await loadInFreshWorker(file, cacheFile), expected);
  // Not always byte for byte the first one (V8 writes a counter or two that may differ).
  const rewritten = contentOf(cacheFile);
  assert.ok(rewritten && rewritten.byteLength > 0 && !rewritten.equals(refused), 'refused by V8, then written anew');
  assert.deepEqual(await loadInFreshWorker(file, cacheFile), expected);
  assert.deepEqual(contentOf(cacheFile), rewritten, 'and used as it is the next time');

  // Into a folder that is a file: nothing can be written, and the file still runs.
  const blocked = path.join(dir, 'blocked');
  fs.writeFileSync(blocked, '');
  assert.deepEqual(await loadInFreshWorker(file, path.join(blocked, 'posting.bin')), expected);
  assert.deepEqual(fs.readdirSync(path.join(dir, 'cache')), ['posting.bin'], 'no temporary file left');
});

/** A CommonJS file that posts its __dirname and __filename to the thread that started it. */
function postingModuleFile(): string {
  const file = path.join(dir, 'lib', 'posting-module.js');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, "require('node:worker_threads').parentPort.postMessage({ dirname: __dirname, filename: __filename });\n");
  return file;
}

test('a worker starts on the loader beside its bundle, with a cache file per bundle build and V8; without a cache folder, on the bundle itself', () => {
  useWorkerCodeCache(path.join(dir, 'v8'));
  const entry = workerEntry(workerScript);
  assert.equal(entry.file, path.join(path.dirname(workerScript), CACHED_WORKER_FILE));
  assert.equal(entry.workerData?.script, workerScript);
  const stat = fs.statSync(workerScript);
  assert.equal(entry.workerData?.cacheFile, path.join(dir, 'v8', `codec-worker-${stat.size}-${Math.trunc(stat.mtimeMs)}-${v8.cachedDataVersionTag()}.bin`));
  // A script with no loader beside it (not one of ours) starts as it is.
  assert.deepEqual(workerEntry(moduleFile()), { file: moduleFile() });
  useWorkerCodeCache(undefined);
  assert.deepEqual(workerEntry(workerScript), { file: workerScript });
});

test('codec workers started through the loader complete as before, and a second run uses the cache the first wrote', async () => {
  const cacheDir = path.join(dir, 'workers');
  const sample = sampleFrom({
    items: [
      { id: 1, name: 'a', tags: ['x'] },
      { id: 2, name: 'b', tags: [] },
    ],
  });
  const options = { ...FAST, codecs: ['json', 'avsc', 'msgpackr'] };
  useWorkerCodeCache(undefined);
  const direct = await compareSample(sample, options);
  useWorkerCodeCache(cacheDir);
  const first = await compareSample(sample, options);
  const cached = fs.readdirSync(cacheDir);
  assert.equal(cached.length, 1, `one cache file: ${cached.join(', ')}`);
  const cacheFile = path.join(cacheDir, cached[0]!);
  assert.match(path.basename(cacheFile), /^codec-worker-\d+-\d+-\d+\.bin$/);
  const written = fs.statSync(cacheFile);
  const second = await compareSample(sample, options);
  assert.equal(fs.statSync(cacheFile).mtimeMs, written.mtimeMs, 'the second run used the cache: V8 took it, nothing was written again');
  for (const report of [first, second]) {
    assert.deepEqual(
      report.results.map((row) => [row.codec, row.status, row.status === 'completed' ? row.sha256 : null]),
      direct.results.map((row) => [row.codec, row.status, row.status === 'completed' ? row.sha256 : null]),
    );
  }
});
