/**
 * The release check (`npm run check:release`, after a build): packages the extension as
 * `npm run package` does, into a temporary folder, and holds what vsce packed to
 * scripts/release-limits.json: exactly the files listed there (no node_modules, no sources, no
 * maps), the package and each large bundle under its size limit, and each codec's web bundle
 * (dist/browser/bundle-sizes.json, measured by the build) under its limit. It reads data, never
 * prose: the README names no figure a test has to parse. Nothing in the tree changes.
 *
 * Usage: node --import tsx scripts/check-release.ts   (exit 1 with every problem listed)
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const repoRoot = path.resolve(__dirname, '..');
const VSCE = path.join(repoRoot, 'node_modules', '.bin', 'vsce');
/** `npm run package`'s options, without its build. */
const PACKAGE_OPTIONS = ['--no-dependencies', '--allow-missing-repository', '--no-rewrite-relative-links'];

export interface ReleaseLimits {
  files: string[];
  maxPackedBytes: number;
  maxUnpackedBytes: number;
  maxFileBytes: Record<string, number>;
  maxWebBundleGzipBytes: Record<string, number>;
}

export interface PackageFacts {
  files: string[];
  packedBytes: number;
  fileBytes: Record<string, number>;
  webBundleGzipBytes: Record<string, number>;
}

const bytesText = (bytes: number) => `${bytes.toLocaleString('en-US')} B`;

/** Every way `facts` breaks `limits`, one line each; empty when the release may go. */
export function releaseProblems(facts: PackageFacts, limits: ReleaseLimits): string[] {
  const problems: string[] = [];
  const expected = new Set(limits.files);
  const packed = new Set(facts.files);
  for (const file of facts.files)
    if (!expected.has(file)) problems.push(`${file} is packaged but not listed in release-limits.json (add it there, or leave it out in .vscodeignore)`);
  for (const file of limits.files)
    if (!packed.has(file)) problems.push(`${file} is listed in release-limits.json but not packaged (build first, or check .vscodeignore)`);
  for (const file of facts.files)
    if (file.startsWith('node_modules/') || file.endsWith('.map') || file.endsWith('.ts')) problems.push(`${file} must not be packaged`);
  const unpacked = Object.values(facts.fileBytes).reduce((sum, bytes) => sum + bytes, 0);
  if (facts.packedBytes > limits.maxPackedBytes)
    problems.push(`the .vsix is ${bytesText(facts.packedBytes)}, over its limit of ${bytesText(limits.maxPackedBytes)}`);
  if (unpacked > limits.maxUnpackedBytes)
    problems.push(`the packaged files are ${bytesText(unpacked)} unpacked, over the limit of ${bytesText(limits.maxUnpackedBytes)}`);
  for (const [file, limit] of Object.entries(limits.maxFileBytes)) {
    const bytes = facts.fileBytes[file];
    if (bytes === undefined) problems.push(`${file} has a size limit but is not packaged`);
    else if (bytes > limit) problems.push(`${file} is ${bytesText(bytes)}, over its limit of ${bytesText(limit)}`);
  }
  for (const [codec, bytes] of Object.entries(facts.webBundleGzipBytes)) {
    const limit = limits.maxWebBundleGzipBytes[codec];
    if (limit === undefined) problems.push(`codec ${codec} has a web bundle (${bytesText(bytes)} gzipped) but no limit in release-limits.json`);
    else if (bytes > limit) problems.push(`codec ${codec}'s web bundle is ${bytesText(bytes)} gzipped, over its limit of ${bytesText(limit)}`);
  }
  return problems;
}

/** What vsce packs from the tree now (the build must have run). */
export function packageFacts(root = repoRoot): PackageFacts {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-release-'));
  try {
    const vsix = path.join(folder, 'payload-lab.vsix');
    execFileSync(VSCE, ['package', ...PACKAGE_OPTIONS, '--out', vsix], { cwd: root, encoding: 'utf8', timeout: 180_000, stdio: ['ignore', 'pipe', 'inherit'] });
    const files = execFileSync(VSCE, ['ls', '--no-dependencies'], { cwd: root, encoding: 'utf8', timeout: 120_000 })
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.length > 0)
      .sort();
    const fileBytes = Object.fromEntries(files.map((file) => [file, fs.statSync(path.join(root, file)).size]));
    const sizes = JSON.parse(fs.readFileSync(path.join(root, 'dist', 'browser', 'bundle-sizes.json'), 'utf8')) as { codecs: Record<string, { gzip: number }> };
    const webBundleGzipBytes = Object.fromEntries(Object.entries(sizes.codecs).map(([codec, { gzip }]) => [codec, gzip]));
    return { files, packedBytes: fs.statSync(vsix).size, fileBytes, webBundleGzipBytes };
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

export function readLimits(root = repoRoot): ReleaseLimits {
  return JSON.parse(fs.readFileSync(path.join(root, 'scripts', 'release-limits.json'), 'utf8')) as ReleaseLimits;
}

if (require.main === module) {
  const facts = packageFacts();
  const problems = releaseProblems(facts, readLimits());
  const unpacked = Object.values(facts.fileBytes).reduce((sum, bytes) => sum + bytes, 0);
  console.log(`check:release: ${facts.files.length} files, ${bytesText(facts.packedBytes)} packed, ${bytesText(unpacked)} unpacked`);
  for (const problem of problems) console.error(`  ✗ ${problem}`);
  if (problems.length === 0) console.log('check:release: every file and size within release-limits.json');
  process.exitCode = problems.length === 0 ? 0 : 1;
}
