/**
 * The checks `npm test` runs before its suites: both type checks, ESLint, Prettier and the build,
 * as many at a time as the machine has cores. Each is one process that keeps about one core busy;
 * one after another they left the second core of a 2-core machine idle for most of a minute.
 * Each check's output is held and printed whole when it ends, so a failure reads as it would
 * alone; every check runs even when one fails, and the exit code is non-zero if any did.
 * (`npm run typecheck`, `npm run lint` and `npm run build` still run them one by one.)
 */
import { spawn } from 'node:child_process';
import * as os from 'node:os';
import * as path from 'node:path';

interface Check {
  name: string;
  /** A script run by this Node: the tools' own entry points, so no shell and no .cmd shims. */
  args: string[];
}

const root = path.resolve(import.meta.dirname, '..');
const bin = (file: string) => path.join(root, 'node_modules', file);

/** Longest first (ESLint's type-aware rules take about half of the whole), so the rest fill the other core. */
const CHECKS: Check[] = [
  { name: 'eslint .', args: [bin('eslint/bin/eslint.js'), '.'] },
  { name: 'prettier --check .', args: [bin('prettier/bin/prettier.cjs'), '--check', '--log-level', 'warn', '.'] },
  { name: 'tsc -p tsconfig.json', args: [bin('typescript/bin/tsc'), '-p', 'tsconfig.json', '--noEmit'] },
  { name: 'tsc -p tsconfig.webview.json', args: [bin('typescript/bin/tsc'), '-p', 'tsconfig.webview.json', '--noEmit'] },
  { name: 'build', args: [path.join(root, 'esbuild.mjs'), '--quiet'] },
];

interface Outcome {
  check: Check;
  code: number | null;
  output: string;
  seconds: number;
}

function run(check: Check): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, check.args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    const end = (code: number | null, error?: Error) =>
      resolve({
        check,
        code,
        output: Buffer.concat(chunks).toString('utf8') + (error ? `${error.message}\n` : ''),
        seconds: (performance.now() - started) / 1000,
      });
    child.on('error', (error) => end(null, error));
    child.on('close', (code) => end(code));
  });
}

async function main(): Promise<number> {
  const queue = [...CHECKS];
  const failed: string[] = [];
  const worker = async () => {
    for (let check = queue.shift(); check; check = queue.shift()) {
      const outcome = await run(check);
      const ok = outcome.code === 0;
      if (!ok) failed.push(check.name);
      process.stdout.write(`${ok ? '✔' : '✖'} ${check.name} (${outcome.seconds.toFixed(1)} s)\n`);
      if (outcome.output.trim()) process.stdout.write(outcome.output);
    }
  };
  await Promise.all(Array.from({ length: Math.max(2, Math.min(os.availableParallelism(), CHECKS.length)) }, worker));
  if (failed.length > 0) process.stderr.write(`checks failed: ${failed.join(', ')}\n`);
  return failed.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
