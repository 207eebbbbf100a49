/**
 * Runs one suite's test files with node:test (`node --test`, spec reporter), after the setup
 * those files share, done once here instead of once per file:
 * - webview: one real engine run recorded for every panel test file (support/real-run.ts);
 * - e2e: the .vsix packaged once; each file still installs it into its own VS Code profile.
 * and with files run `--test-concurrency` at a time: on a 2-core machine node:test runs one
 * file at a time (availableParallelism − 1), while most files spend their time waiting on
 * worker threads, child processes, Chromium or VS Code.
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
  /** Files run at once; see README "How long npm test takes" for the measurements behind them. */
  concurrency: number;
  /** Shared setup in `dir` (removed afterwards); returns the environment the files read it from. */
  prepare?(dir: string): Promise<Record<string, string>>;
}

const SUITES: Record<string, Suite> = {
  unit: { concurrency: 2 },
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
    async prepare(dir) {
      const { PACKAGED_VSIX_ENV, packageVsix } = await import('../e2e/support/package-vsix');
      return { [PACKAGED_VSIX_ENV]: packageVsix(dir) };
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
  const testFiles = files.length > 0 ? files : fs.readdirSync(folder).filter((file) => file.endsWith('.test.ts')).sort().map((file) => path.join(folder, file));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `payload-lab-${name}-suite-`));
  try {
    const env = { ...process.env, ...(await suite.prepare?.(dir)) };
    const args = ['--import', 'tsx', '--test', `--test-concurrency=${suite.concurrency}`, '--test-reporter=spec', ...testFiles];
    const run = spawnSync(process.execPath, args, { cwd: repoRoot, env, stdio: 'inherit' });
    return run.status ?? 1;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().then((code) => process.exit(code), (error: unknown) => {
  console.error(error);
  process.exit(1);
});
