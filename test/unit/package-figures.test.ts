/**
 * The README's figures for the `.vsix` (files, packed and unpacked size) are those of the
 * package `vsce` builds from this tree now, and every file it names is in it. The README once
 * said 16 files and 687 KB when the package had 25 files and 3.3 MB: a figure written by hand
 * and never checked again. `vsce package` packs the built dist (npm test builds first) into a
 * temporary folder, as `npm run package` does after its build; nothing in the tree changes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { repoRoot } from '../support/paths';

const VSCE = path.join(repoRoot, 'node_modules', '.bin', 'vsce');
/** `npm run package`'s options, without its build. */
const PACKAGE_OPTIONS = ['--no-dependencies', '--allow-missing-repository', '--no-rewrite-relative-links'];

/** The paragraph of the README about the package, from its first words to the blank line. */
function readmeParagraph(): string {
  const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const start = readme.indexOf('The `.vsix` holds only what runs');
  assert.notEqual(start, -1, 'the README has its sentence about the .vsix');
  const end = readme.indexOf('\n\n', start);
  return readme.slice(start, end === -1 ? undefined : end).replace(/\s+/g, ' ');
}

/** Whether `stated` ("3.3") is `bytes` in MB (10^6) rounded to as many decimals as it has. */
function statesMegabytes(stated: string, bytes: number): boolean {
  const decimals = stated.split('.')[1]?.length ?? 0;
  return (bytes / 1e6).toFixed(decimals) === stated;
}

test('the README states the files and sizes of the .vsix that vsce packages now, and names only packaged files', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-package-'));
  try {
    const vsix = path.join(folder, 'payload-lab.vsix');
    const printed = execFileSync(VSCE, ['package', ...PACKAGE_OPTIONS, '--out', vsix], { cwd: repoRoot, encoding: 'utf8', timeout: 120_000 });
    const packedFiles = Number(/\((\d+) files, /.exec(printed)?.[1]);
    const listed = execFileSync(VSCE, ['ls', '--no-dependencies'], { cwd: repoRoot, encoding: 'utf8', timeout: 120_000 })
      .split('\n').map((line) => line.trim()).filter((line) => line.length > 0);
    const unpacked = listed.reduce((sum, file) => sum + fs.statSync(path.join(repoRoot, file)).size, 0);
    const packed = fs.statSync(vsix).size;
    const actual = `${packedFiles} files, ${(packed / 1e6).toFixed(1)} MB; ${(unpacked / 1e6).toFixed(1)} MB unpacked`;

    const paragraph = readmeParagraph();
    const stated = /^The `\.vsix` holds only what runs \((\d+) files, ([\d.]+) MB; ([\d.]+) MB unpacked/.exec(paragraph);
    assert.ok(stated, `the sentence starts "The \`.vsix\` holds only what runs (${actual}"`);
    const [, files, packedMb, unpackedMb] = stated;
    const hint = `write "(${actual}" in the README`;
    assert.equal(Number(files), packedFiles, hint);
    assert.ok(statesMegabytes(packedMb!, packed), `${hint}: the package is ${packed} bytes`);
    assert.ok(statesMegabytes(unpackedMb!, unpacked), `${hint}: its files are ${unpacked} bytes`);

    assert.ok(!listed.some((file) => file.startsWith('node_modules/')), 'no node_modules in the package');
    const named = [...paragraph.matchAll(/`((?:dist|media|schemas)\/[^`]+)`/g)].map((match) => match[1]!);
    assert.ok(named.length >= 5, `the paragraph names the packaged files (${named.length} named)`);
    for (const file of named) assert.ok(listed.includes(file), `${file} is named in the README but not packaged`);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
