/**
 * `npm run bench:quick [RUNS] [-- --before DIST]`: how long a quick comparison of the seven
 * default codecs takes through the CLI, as a user runs it (`compare FILE --quick`), on the
 * bundled 1 MB tuples (aim: under 10 s) and on a generated 3.9 MB file of 500
 * varied documents (aim: under 30 s). With `--before DIST` (another build's dist
 * folder, e.g. one built from an earlier commit) each run of this build alternates with a run
 * of that one, so both see the same load on a shared machine; the script prints each run's
 * wall time and, per file, the median and the ratio of the medians.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import type { ComparisonReport } from '../../src/shared/results';
import { variedDocuments } from '../fixtures/real-world/varied-documents';
import { repoRoot, tuplesSample } from '../support/paths';

const run = promisify(execFile);

interface Build {
  name: string;
  cli: string;
}

async function timeQuickRun(build: Build, file: string): Promise<{ seconds: number; report: ComparisonReport }> {
  const started = process.hrtime.bigint();
  const { stdout } = await run(process.execPath, [build.cli, 'compare', file, '--quick', '--json'], { cwd: repoRoot, maxBuffer: 256 * 1024 * 1024 });
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, report: JSON.parse(stdout) as ComparisonReport };
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const beforeAt = args.indexOf('--before');
  const before: Build | undefined = beforeAt >= 0 ? { name: 'before', cli: path.resolve(args[beforeAt + 1]!, 'cli.js') } : undefined;
  // A number that is not --before's folder (with no --before, beforeAt + 1 is 0: the first argument).
  const runs = Number(args.find((arg, index) => /^\d+$/.test(arg) && (beforeAt < 0 || index !== beforeAt + 1)) ?? 1);
  const builds: Build[] = [...(before ? [before] : []), { name: before ? 'after' : 'this build', cli: path.join(repoRoot, 'dist', 'cli.js') }];

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-quick-'));
  try {
    const varied = path.join(dir, 'varied-documents-500.json');
    fs.writeFileSync(varied, JSON.stringify(variedDocuments(500)));
    console.log(
      `${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')} at the start`,
    );
    for (const file of [tuplesSample, varied]) {
      const seconds = new Map<string, number[]>(builds.map((build) => [build.name, []]));
      for (let index = 1; index <= runs; index++) {
        for (const build of builds) {
          const timed = await timeQuickRun(build, file);
          seconds.get(build.name)!.push(timed.seconds);
          const statuses = timed.report.results.map((row) => `${row.codec} ${row.status}`).join(', ');
          const cut = timed.report.settings.roundsCutShort ? `; ${timed.report.settings.rounds} round (cut short)` : `; ${timed.report.settings.rounds} rounds`;
          console.log(
            `${path.basename(file)} (${(timed.report.input.jsonBytes / 1e6).toFixed(1)} MB), ${build.name}, run ${index}: ${timed.seconds.toFixed(1)} s${cut}; ${statuses}; load ${os.loadavg()[0]!.toFixed(1)}`,
          );
        }
      }
      const medians = builds.map((build) => ({ name: build.name, median: median(seconds.get(build.name)!) }));
      const ratio = medians.length === 2 ? `; after / before ${(medians[1]!.median / medians[0]!.median).toFixed(2)}` : '';
      console.log(`${path.basename(file)}: median ${medians.map((entry) => `${entry.name} ${entry.median.toFixed(1)} s`).join(', ')}${ratio}\n`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main();
