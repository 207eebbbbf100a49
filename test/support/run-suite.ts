/**
 * Runs one suite's test files with node:test (`node --test`, spec reporter), after the setup
 * those files share, done once here instead of once per file:
 * - webview: one real engine run recorded for every panel test file (support/real-run.ts);
 * - e2e: code-server installed and the .vsix packaged once; each file still installs the .vsix
 *   into its own VS Code profile.
 * and with files run `--test-concurrency` at a time: on a 2-core machine node:test runs one
 * file at a time (availableParallelism − 1), which leaves a core idle while a file waits on a
 * worker thread, a child process, Chromium or VS Code. Files whose assertions depend on timing
 * run first, alone (`alone`); each batch prints its own ℹ totals, and its longest files
 * (file-times-reporter.mjs).
 *
 * Usage: node --import tsx test/support/run-suite.ts <unit|webview|e2e> [files…]
 * A single file still runs on its own, without any of this: node --import tsx --test FILE.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { repoRoot } from './paths';

interface Suite {
  /** Files run at once; see docs/testing.md for the measurements behind them. */
  concurrency: number;
  /**
   * Files whose assertions depend on measured times or on a timeout racing a limit: they run
   * first, one at a time, with no other file of the suite beside them.
   */
  alone?: string[];
  /** Shared setup in `dir` (removed afterwards); returns the environment the files read it from. */
  prepare?(dir: string): Promise<Record<string, string>>;
}

const SUITES: Record<string, Suite> = {
  unit: {
    concurrency: 2,
    // A 48 MB worker that must run out of memory before its 4 s timeout.
    alone: ['engine-failures.test.ts'],
  },
  webview: {
    concurrency: 2,
    async prepare(dir) {
      const { RECORDED_RUN_ENV, saveRealRun } = await import('../webview/support/real-run');
      const file = path.join(dir, 'recorded-run.bin');
      await saveRealRun(file);
      return { [RECORDED_RUN_ENV]: file };
    },
  },
  e2e: {
    concurrency: 2,
    // None alone: avsc's crafted lengths may end its probe process at the heap limit or at the
    // probe's timeout (either passes: the host lives on), and no check times anything.
    async prepare(dir) {
      const { PACKAGED_VSIX_ENV, packageVsix } = await import('../e2e/support/package-vsix');
      const { CODE_SERVER_ENV, codeServerEntry } = await import('../e2e/support/code-server');
      return { [PACKAGED_VSIX_ENV]: packageVsix(dir), [CODE_SERVER_ENV]: codeServerEntry() };
    },
  },
};

async function main(): Promise<number> {
  const [name, ...files] = process.argv.slice(2);
  const suite = name === undefined ? undefined : SUITES[name];
  if (!suite) {
    console.error(`usage: run-suite.ts <${Object.keys(SUITES).join('|')}> [files…]`);
    return 2;
  }
  const folder = path.join(repoRoot, 'test', name!);
  const testFiles =
    files.length > 0
      ? files
      : fs
          .readdirSync(folder)
          .filter((file) => file.endsWith('.test.ts'))
          .sort()
          .map((file) => path.join(folder, file));
  const isAlone = (file: string) => (suite.alone ?? []).includes(path.basename(file));
  const batches = [
    { files: testFiles.filter(isAlone), concurrency: 1 },
    { files: testFiles.filter((file) => !isAlone(file)), concurrency: suite.concurrency },
  ].filter((batch) => batch.files.length > 0);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `payload-lab-${name}-suite-`));
  try {
    const env = { ...process.env, ...(await suite.prepare?.(dir)) };
    let failed = 0;
    for (const batch of batches) {
      const reporters = ['spec', path.join(repoRoot, 'test', 'support', 'file-times-reporter.mjs')].flatMap((reporter) => [
        `--test-reporter=${reporter}`,
        '--test-reporter-destination=stdout',
      ]);
      const args = ['--import', 'tsx', '--test', `--test-concurrency=${batch.concurrency}`, ...reporters, ...batch.files];
      const run = spawnSync(process.execPath, args, { cwd: repoRoot, env, stdio: 'inherit' });
      if (run.status !== 0) failed = run.status ?? 1;
    }
    return failed;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
