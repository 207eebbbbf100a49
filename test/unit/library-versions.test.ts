/**
 * Every codec's library reports a version: the list the build bakes in (esbuild-libraries.mjs)
 * holds each library of the registry with the version installed, and the built CLI prints it
 * for every codec (a library missing from the build's list would print 'unknown').
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { libraryVersions } from '../../esbuild-libraries.mjs';
import { builtinCodecs } from '../../src/codecs/registry';
import { readInstalledVersion } from '../../src/codecs/library-version';
import { cliScript, repoRoot } from '../support/paths';

const withLibraries = builtinCodecs.filter((codec) => !codec.library.startsWith('node:'));

test("the build's versions hold every registry codec's library, as installed", async () => {
  const versions = await libraryVersions(repoRoot);
  for (const codec of withLibraries) {
    assert.match(versions[codec.library] ?? 'unknown', /^\d+\.\d+\.\d+/, `${codec.id}: ${codec.library}`);
    assert.equal(versions[codec.library], readInstalledVersion(codec.library), codec.library);
  }
});

test('the built CLI names a version for every codec, none unknown', () => {
  const run = spawnSync(process.execPath, [cliScript, 'codecs'], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(run.status, 0, run.stderr);
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  for (const codec of builtinCodecs) {
    const library = codec.library === 'node:v8' ? 'node' : escape(codec.library);
    assert.match(run.stdout, new RegExp(`^${escape(codec.id)} .* ${library} \\d+\\.\\d+`, 'm'), codec.id);
  }
  assert.doesNotMatch(run.stdout, /\bunknown\b/);
});
