/**
 * What each library adds to a web app's bundle (`bundleBytes`): the build's figures
 * (dist/browser/bundle-sizes.json, written by esbuild.mjs) against bundles built here, the same
 * way (the browser runtime's aliases, polyfills and plugins: esbuild-browser.mjs), minified
 * and gzipped; the bundles hold working libraries; every codec that runs in a browser has a
 * figure, and the report's rows carry it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { browserOptions } from '../../esbuild-browser.mjs';
import { builtinCodecs } from '../../src/codecs/registry';
import { compareSample } from '../../src/engine/compare';
import type { CodecResult } from '../../src/shared/results';
import { FAST, fixture, repoRoot } from '../support/paths';

interface SizesFile {
  gzipLevel: number;
  bundler: string;
  codecs: Record<string, { minified: number; gzip: number; note: string }>;
}
interface EntriesFile {
  codecs: Record<string, { entry: string | null; note: string }>;
}

const sizes = JSON.parse(fs.readFileSync(path.join(repoRoot, 'dist', 'browser', 'bundle-sizes.json'), 'utf8')) as SizesFile;
const entries = JSON.parse(fs.readFileSync(path.join(repoRoot, 'src', 'codecs', 'web-bundle-entries.json'), 'utf8')) as EntriesFile;
const versions = Object.fromEntries(
  ['pbf'].map((name) => [
    name,
    (JSON.parse(fs.readFileSync(path.join(repoRoot, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version,
  ]),
);

/** The production bundle of one codec's entry, built here. */
async function bundle(codec: string): Promise<Uint8Array> {
  const result = await esbuild.build({
    ...browserOptions(versions, repoRoot),
    stdin: { contents: entries.codecs[codec]!.entry!, resolveDir: repoRoot, loader: 'js' },
    format: 'esm',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles![0]!.contents;
}

/** Every codec with something to bundle, each entry once (a few codecs share their library's). */
const bundled = Object.entries(entries.codecs)
  .filter(([, { entry }]) => entry !== null)
  .map(([codec]) => codec);

test("the build's figure for every codec with a library is the minified, gzipped size of the same bundle built here", async () => {
  assert.equal(sizes.gzipLevel, 9);
  assert.ok(bundled.length >= 10, bundled.join(' '));
  for (const codec of bundled) {
    const bytes = await bundle(codec);
    const built = sizes.codecs[codec]!;
    assert.equal(built.minified, bytes.byteLength, codec);
    // esbuild may give two short names the other way round from one build to the next (it
    // parses files in parallel): the same length minified, a few bytes apart gzipped (9 of
    // 34,939 for avsc). Anything else would show as more.
    const gzip = gzipSync(bytes, { level: 9 }).byteLength;
    assert.ok(Math.abs(built.gzip - gzip) <= gzip * 0.002, `${codec}: the build's ${built.gzip} B, here ${gzip} B`);
    assert.ok(built.gzip > 1000 && built.gzip < built.minified, `${codec}: ${JSON.stringify(built)}`);
  }
});

test('each bundle exports what its entry names, loaded as a module (nothing left out as unused)', async () => {
  for (const codec of bundled) {
    const names = [...entries.codecs[codec]!.entry!.matchAll(/export \{([^}]*)\}|export \* as (\w+)/g)].flatMap((match) =>
      match[2]
        ? [match[2]]
        : match[1]!.split(',').map((part) =>
            part
              .trim()
              .split(/\s+as\s+/)
              .at(-1)!,
          ),
    );
    const module = (await import(`data:text/javascript;base64,${Buffer.from(await bundle(codec)).toString('base64')}`)) as Record<string, unknown>;
    for (const name of names)
      assert.ok(
        typeof module[name] === 'function' || (typeof module[name] === 'object' && module[name] !== null),
        `${codec}: ${name} is ${typeof module[name]}`,
      );
  }
});

test('the bundles hold the working libraries: a value goes through the bundled msgpackr and avsc', async () => {
  const load = async (codec: string) =>
    import(`data:text/javascript;base64,${Buffer.from(await bundle(codec)).toString('base64')}`) as Promise<Record<string, unknown>>;
  const msgpackr = (await load('msgpackr')) as { pack(value: unknown): Uint8Array; unpack(bytes: Uint8Array): unknown };
  assert.deepEqual(msgpackr.unpack(msgpackr.pack({ a: [1, 'two'] })), { a: [1, 'two'] });
  const avsc = (await load('avsc')) as { Type: { forValue(value: unknown): { toBuffer(value: unknown): Uint8Array; fromBuffer(bytes: Uint8Array): unknown } } };
  const type = avsc.Type.forValue({ x: 1, y: 'z' });
  assert.deepEqual({ ...(type.fromBuffer(type.toBuffer({ x: 2, y: 'w' })) as object) }, { x: 2, y: 'w' });
});

test("every codec that runs in a browser has a figure (JSON's is 0: built in); the others have none", () => {
  const runs = builtinCodecs
    .filter((codec) => codec.browser === 'runs')
    .map((codec) => codec.id)
    .sort();
  assert.deepEqual(Object.keys(sizes.codecs).sort(), runs);
  assert.deepEqual(Object.keys(entries.codecs).sort(), runs);
  assert.equal(sizes.codecs['json']!.gzip, 0);
});

test("the report's rows carry the build's figure as bundleBytes, with how it was measured; a codec without a browser build has none", async () => {
  const report = await compareSample({ path: fixture('mixed-sample.json') }, { ...FAST, codecs: ['json', 'msgpackr', 'v8'] });
  const row = (codec: string) => report.results.find((result) => result.codec === codec) as CodecResult;
  assert.equal(row('msgpackr').bundleBytes, sizes.codecs['msgpackr']!.gzip);
  assert.deepEqual(row('msgpackr').bundle, {
    minifiedBytes: sizes.codecs['msgpackr']!.minified,
    gzipLevel: 9,
    bundler: sizes.bundler,
    includes: sizes.codecs['msgpackr']!.note,
  });
  assert.equal(row('json').bundleBytes, 0);
  assert.equal(row('v8').bundleBytes, undefined);
});
