/**
 * The release check's rules (scripts/check-release.ts) on package facts given here: the check
 * itself packages with vsce and runs as `npm run check:release`, outside `npm test`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readLimits, releaseProblems, type PackageFacts, type ReleaseLimits } from '../../scripts/check-release';

const limits: ReleaseLimits = {
  files: ['README.md', 'dist/extension.js'],
  maxPackedBytes: 1000,
  maxUnpackedBytes: 2000,
  maxFileBytes: { 'dist/extension.js': 500 },
  maxWebBundleGzipBytes: { msgpackr: 100 },
};
const within: PackageFacts = {
  files: ['README.md', 'dist/extension.js'],
  packedBytes: 900,
  fileBytes: { 'README.md': 100, 'dist/extension.js': 400 },
  webBundleGzipBytes: { msgpackr: 90 },
};

test('a package of exactly the listed files, each size within its limit, passes', () => {
  assert.deepEqual(releaseProblems(within, limits), []);
});

test('a file packaged but not listed, or listed but not packaged, is named', () => {
  const problems = releaseProblems(
    { ...within, files: ['README.md', 'dist/extension.js.map'], fileBytes: { 'README.md': 100, 'dist/extension.js.map': 10 } },
    limits,
  );
  assert.ok(
    problems.some((line) => line.startsWith('dist/extension.js.map is packaged but not listed')),
    problems.join('\n'),
  );
  assert.ok(
    problems.some((line) => line.startsWith('dist/extension.js.map must not be packaged')),
    problems.join('\n'),
  );
  assert.ok(
    problems.some((line) => line.startsWith('dist/extension.js is listed in release-limits.json but not packaged')),
    problems.join('\n'),
  );
});

test('sizes over their limits are named with both figures; a web bundle without a limit too', () => {
  const problems = releaseProblems(
    { ...within, packedBytes: 1500, fileBytes: { 'README.md': 1000, 'dist/extension.js': 1200 }, webBundleGzipBytes: { msgpackr: 150, cborg: 10 } },
    limits,
  );
  assert.deepEqual(problems, [
    'the .vsix is 1,500 B, over its limit of 1,000 B',
    'the packaged files are 2,200 B unpacked, over the limit of 2,000 B',
    'dist/extension.js is 1,200 B, over its limit of 500 B',
    "codec msgpackr's web bundle is 150 B gzipped, over its limit of 100 B",
    'codec cborg has a web bundle (10 B gzipped) but no limit in release-limits.json',
  ]);
});

test('the committed limits list no node_modules and give every listed size limit a listed file', () => {
  const committed = readLimits();
  assert.ok(committed.files.length > 10 && !committed.files.some((file) => file.startsWith('node_modules/')));
  for (const file of Object.keys(committed.maxFileBytes)) assert.ok(committed.files.includes(file), file);
});
