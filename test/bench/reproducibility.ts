/**
 * `npm run bench`: how long a default and a quick comparison take, and do the speed-ups hold
 * on a re-run and agree with a bare loop? In one run:
 * 1. Time to the answer and reproducibility: N consecutive default runs (the seven default
 *    codecs) through the CLI (`compare FILE --json`, as a user runs it) on the bundled tuple
 *    dataset and the string-heavy events dataset, then N quick runs of the tuples. Each run's
 *    wall time, how many rounds each codec took and why it stopped, and how busy the machine
 *    was (the report's settings.machineLoad). For every speed-up: each run's median, the
 *    max/min over runs, and whether each run's interval contained the other runs' medians.
 *    Targets: default ≤ 30 s and quick ≤ 8 s on an idle 2-core machine; max/min ≤ 1.3 for every
 *    figure; containment for ≥ 90% of the figures.
 *    With `--before DIST` (another build's dist folder, e.g. built from an earlier commit),
 *    each run of this build alternates with a run of that one, so both see the same load on a
 *    shared machine: the medians of both and their ratio are printed, and the reproducibility
 *    of both. `--before-fixed-rounds`: the other build is this one with `--fixed-rounds` (every
 *    codec all its rounds, as before rounds stopped per codec), so the ratio is that of the
 *    stopping rule alone.
 * 2. Agreement: each codec and JSON in a bare loop of the same library calls (plain Node
 *    processes, 5 pairs in A B B A order), amortised; bare speed-up against the runs' median. Target ×1.3.
 * 3. Harness overhead (harness-overhead.ts), in one process: directly, the clock read a sample
 *    adds over the sample's calls; and the engine's sampling windows against a bare loop of the
 *    same calls, 40 short windows each, alternated, summed. Target within 3%.
 * Prints ratios; absolute times vary between machines and runs. Run on a quiet machine.
 * 0. Time to the first figures (firstFigures): the sizes-only answer, and a default run's first speed figure.
 * Options: --runs N (default 3), --datasets tuples,events, --before DIST, --before-fixed-rounds, --skip-bare, --skip-quick, --skip-first-figures.
 */
import { execFile, execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { medianOf } from '../../src/measurement/stats';
import { compareSample } from '../../src/engine/compare';
import { inferProtoSchema } from '../../src/schema/infer-proto';
import { describeMachineLoad } from '../../src/shared/machine-load-text';
import type { ComparisonReport, CompletedResult } from '../../src/shared/results';
import { repoRoot } from '../support/paths';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    datasets: { type: 'string', default: 'tuples,events' },
    before: { type: 'string' },
    'before-fixed-rounds': { type: 'boolean', default: false },
    'skip-bare': { type: 'boolean', default: false },
    'skip-quick': { type: 'boolean', default: false },
    'skip-first-figures': { type: 'boolean', default: false },
  },
});
const RUNS = Number(values.runs);
const BARE_PAIRS = 5;
const BARE_BUDGET_MS = 600;
const OVERHEAD_WINDOW_MS = 25;
const OVERHEAD_PAIRS = 40;
const OPS = ['encode', 'decode'] as const;
const x = (value: number) => `${value.toFixed(2)}×`;
const pct = (fraction: number) => `${fraction >= 0 ? '+' : ''}${(fraction * 100).toFixed(1)}%`;
const run = promisify(execFile);

interface Build {
  name: string;
  cli: string;
  args: readonly string[];
}
interface Figure {
  dataset: string;
  codec: string;
  op: (typeof OPS)[number];
  medians: number[];
  intervals: Array<[number, number]>;
}
interface TimedRun {
  seconds: number;
  report: ComparisonReport;
}

const thisCli = path.join(repoRoot, 'dist', 'cli.js');
const before: Build | undefined = values.before
  ? { name: 'before', cli: path.resolve(values.before, 'cli.js'), args: [] }
  : values['before-fixed-rounds']
    ? { name: 'fixed rounds', cli: thisCli, args: ['--fixed-rounds'] }
    : undefined;
const builds: Build[] = [...(before ? [before] : []), { name: before ? 'after' : 'this build', cli: thisCli, args: [] }];

const completedRows = (report: ComparisonReport) => report.results.filter((row): row is CompletedResult => row.status === 'completed');

async function timedRun(build: Build, file: string, quick: boolean): Promise<TimedRun> {
  const started = process.hrtime.bigint();
  const { stdout } = await run(process.execPath, [build.cli, 'compare', file, '--json', ...build.args, ...(quick ? ['--quick'] : [])], {
    cwd: repoRoot,
    maxBuffer: 256 * 1024 * 1024,
  });
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, report: JSON.parse(stdout) as ComparisonReport };
}

/**
 * How soon a user has something to read on the bundled sample: the sizes-only answer through
 * the CLI (`compare --sizes-only --json`, process start included), and in a default run (the
 * engine called in this process, as the extension calls it) the first row, and the first row
 * with a speed-up against JSON's (JSON's own row comes first), and the last row of the first
 * round (every row's sizes are in). Targets on an idle 2-core machine:
 * sizes ≤ 3 s, the first speed figure ≤ 10 s.
 */
async function firstFigures(file: string): Promise<void> {
  console.log('0. Time to the first figures on the bundled tuples (seven default codecs)');
  const sizes: number[] = [];
  for (let index = 1; index <= RUNS; index++) {
    const started = performance.now();
    await run(process.execPath, [thisCli, 'compare', file, '--sizes-only', '--json'], { cwd: repoRoot, maxBuffer: 64 * 1024 * 1024 });
    sizes.push((performance.now() - started) / 1000);
  }
  let firstRow: number | undefined;
  let firstSpeed: number | undefined;
  /** When the last first-round row arrived: every row's sizes are in. */
  let firstRound: number | undefined;
  const started = performance.now();
  await compareSample(
    { path: file },
    {
      workerScript: path.join(repoRoot, 'dist', 'codec-worker.js'),
      onResult: (row, progress) => {
        const at = (performance.now() - started) / 1000;
        firstRow ??= at;
        if (progress.round === 1) firstRound = at;
        if (row.status === 'completed' && row.codec !== 'json' && row.speedupVsJson) firstSpeed ??= at;
      },
    },
  );
  const whole = (performance.now() - started) / 1000;
  const s = (value: number | undefined) => (value === undefined ? 'never' : `${value.toFixed(1)} s`);
  console.log(
    `  sizes only (CLI): median ${medianOf(sizes).toFixed(1)} s (${sizes.map((value) => value.toFixed(1)).join(', ')}); ` +
      `a default run: first row at ${s(firstRow)}, first speed figure at ${s(firstSpeed)}, every row's sizes at ${s(firstRound)}, all rows final at ${s(whole)}; load average ${os.loadavg()[0]!.toFixed(1)}\n`,
  );
}

/** "avsc 3 settled, bson 5 most": each codec's rounds and why they stopped (a fixed-rounds build: its rounds). */
function roundsTaken(report: ComparisonReport): string {
  const rows = completedRows(report).filter((row) => row.codec !== 'json');
  const rounds = report.settings.rounds ?? 1;
  if (rows.every((row) => !row.roundsStopped))
    return `${rounds} round${rounds === 1 ? '' : 's'} each${report.settings.roundsCutShort ? ' (cut short: the first round was slow)' : ''}`;
  return rows
    .map((row) => `${row.codec} ${row.roundsStopped?.rounds ?? row.rounds?.length ?? '?'}${row.roundsStopped?.why === 'settled' ? ' settled' : ''}`)
    .join(', ');
}

/** N runs of each build on one file, alternating builds so both see the same load. */
async function timedRuns(label: string, file: string, quick: boolean): Promise<Map<string, TimedRun[]>> {
  const runs = new Map<string, TimedRun[]>(builds.map((build) => [build.name, []]));
  for (let index = 1; index <= RUNS; index++) {
    for (const build of builds) {
      const timed = await timedRun(build, file, quick);
      runs.get(build.name)!.push(timed);
      const load = timed.report.settings.machineLoad;
      console.log(
        `  ${label}, ${build.name}, run ${index}: ${timed.seconds.toFixed(1)} s; ${roundsTaken(timed.report)}; ${load ? describeMachineLoad(load) : `load average ${os.loadavg()[0]!.toFixed(1)}`}`,
      );
    }
  }
  const medians = builds.map((build) => ({ name: build.name, median: medianOf(runs.get(build.name)!.map((timed) => timed.seconds)) }));
  const ratio = medians.length === 2 ? `; after / ${medians[0]!.name} ${(medians[1]!.median / medians[0]!.median).toFixed(2)}` : '';
  console.log(`  ${label}: median ${medians.map((entry) => `${entry.name} ${entry.median.toFixed(1)} s`).join(', ')}${ratio}`);
  return runs;
}

function reproducibility(dataset: string, runs: readonly ComparisonReport[]): Figure[] {
  const figures: Figure[] = [];
  for (const row of completedRows(runs[0]!)) {
    if (row.codec === 'json') continue;
    for (const op of OPS) {
      const rows = runs.map((report) => completedRows(report).find((candidate) => candidate.codec === row.codec)!);
      figures.push({
        dataset,
        codec: row.codec,
        op,
        medians: rows.map((r) => r.speedupVsJson![op]),
        intervals: rows.map((r) => (op === 'encode' ? r.speedupVsJson!.encodeInterval : r.speedupVsJson!.decodeInterval)),
      });
    }
  }
  return figures;
}

function contained(figure: Figure): boolean {
  return figure.intervals.every(([low, high], run) => figure.medians.every((median, other) => other === run || (median >= low && median <= high)));
}

function printFigures(figures: Figure[]): void {
  console.log(
    `${'dataset'.padEnd(8)} ${'codec'.padEnd(11)} ${'op'.padEnd(7)} ${'each run: median (re-run interval)'.padEnd(62)} ${'max/min'.padStart(8)}  contains others`,
  );
  for (const figure of figures) {
    const runs = figure.medians.map((median, i) => `${x(median)} (${figure.intervals[i]![0].toFixed(2)}–${figure.intervals[i]![1].toFixed(2)})`).join('  ');
    const spread = Math.max(...figure.medians) / Math.min(...figure.medians);
    console.log(
      `${figure.dataset.padEnd(8)} ${figure.codec.padEnd(11)} ${figure.op.padEnd(7)} ${runs.padEnd(62)} ${spread.toFixed(3).padStart(8)}  ${contained(figure) ? 'yes' : 'no'}`,
    );
  }
  const spreads = figures.map((figure) => Math.max(...figure.medians) / Math.min(...figure.medians));
  const within = spreads.filter((spread) => spread <= 1.3).length;
  const containing = figures.filter(contained).length;
  console.log(
    `max/min ≤ 1.3 for ${within} of ${figures.length} figures (worst ${Math.max(...spreads).toFixed(3)}); ` +
      `each run's interval contains the other runs' medians for ${containing} of ${figures.length} (${((containing / figures.length) * 100).toFixed(0)}%)\n`,
  );
}

/** What the bare loop needs to make the same calls: the engine's own inferred schemas. */
function schemaSpec(codec: string, samplePath: string, row: CompletedResult, dir: string): string | undefined {
  if (codec !== 'avsc' && codec !== 'protobufjs') return undefined;
  const spec =
    codec === 'avsc'
      ? { schemaText: row.schemaText }
      : (() => {
          const inferred = inferProtoSchema(JSON.parse(fs.readFileSync(samplePath, 'utf8')));
          return { schemaText: inferred.source, rootType: inferred.rootType, wrappedAs: inferred.wrappedAs };
        })();
  const file = path.join(dir, `${codec}.spec.json`);
  fs.writeFileSync(file, JSON.stringify(spec));
  return file;
}

function bare(codec: string, samplePath: string, spec: string | undefined): { encodeMeanNs: number; decodeMeanNs: number } {
  const args = [path.join(__dirname, 'bare-loop.cjs'), codec, samplePath, String(BARE_BUDGET_MS), ...(spec ? [spec] : [])];
  return JSON.parse(execFileSync(process.execPath, args, { cwd: repoRoot, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 })) as {
    encodeMeanNs: number;
    decodeMeanNs: number;
  };
}

/** Harness against a bare loop of the same calls in one process, alternated (harness-overhead.ts). */
type Overhead = { alternated: number; direct: number };
function harnessOverhead(codec: string, samplePath: string): { encode: Overhead; decode: Overhead } {
  const args = ['--import', 'tsx', path.join(__dirname, 'harness-overhead.ts'), codec, samplePath, String(OVERHEAD_WINDOW_MS), String(OVERHEAD_PAIRS)];
  return JSON.parse(execFileSync(process.execPath, args, { cwd: repoRoot, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 })) as {
    encode: Overhead;
    decode: Overhead;
  };
}

async function agreementAndOverhead(dataset: string, samplePath: string, runs: ComparisonReport[]): Promise<{ agreements: number[]; overheads: Overhead[] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-bench-'));
  const agreements: number[] = [];
  const overheads: Overhead[] = [];
  console.log(
    `${'dataset'.padEnd(8)} ${'codec'.padEnd(11)} ${'op'.padEnd(7)} ${'engine'.padStart(8)} ${'bare'.padStart(8)} ${'engine/bare'.padStart(12)}   ${'overhead'.padStart(9)} ${'alternated'.padStart(10)}`,
  );
  try {
    for (const row of completedRows(runs[0]!)) {
      const spec = schemaSpec(row.codec, samplePath, row, dir);
      const bareSpeedups = { encode: [] as number[], decode: [] as number[] };
      for (let pair = 0; pair < BARE_PAIRS; pair++) {
        // JSON and the codec alternate (A B, B A, …) as the engine's slices do, so drift hits both.
        const jsonFirst = pair % 2 === 0;
        const first = bare(jsonFirst ? 'json' : row.codec, samplePath, jsonFirst ? undefined : spec);
        const second = bare(jsonFirst ? row.codec : 'json', samplePath, jsonFirst ? spec : undefined);
        const [json, codec] = jsonFirst ? [first, second] : [second, first];
        bareSpeedups.encode.push(json.encodeMeanNs / codec.encodeMeanNs);
        bareSpeedups.decode.push(json.decodeMeanNs / codec.decodeMeanNs);
      }
      const overhead = harnessOverhead(row.codec, samplePath);
      for (const op of OPS) {
        const engineSpeedup = medianOf(runs.map((report) => completedRows(report).find((r) => r.codec === row.codec)!.speedupVsJson![op]));
        const bareSpeedup = medianOf(bareSpeedups[op]);
        const agreement = engineSpeedup / bareSpeedup;
        if (row.codec !== 'json') agreements.push(agreement);
        overheads.push(overhead[op]);
        console.log(
          `${dataset.padEnd(8)} ${row.codec.padEnd(11)} ${op.padEnd(7)} ${x(engineSpeedup).padStart(8)} ${x(bareSpeedup).padStart(8)} ${agreement.toFixed(3).padStart(12)}   ${pct(overhead[op].direct).padStart(9)} ${pct(overhead[op].alternated).padStart(10)}`,
        );
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return { agreements, overheads };
}

async function main(): Promise<void> {
  const datasets = values.datasets.split(',').map((name) => [name, path.join(repoRoot, 'schemas', `${name}.json`)] as const);
  console.log(
    `Payload Lab benchmark — Node ${process.versions.node}, ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(
        ' ',
      )} at the start; ${RUNS} consecutive default runs per dataset${before ? `, each alternating with a run of ${before.cli}${before.args.length > 0 ? ` ${before.args.join(' ')}` : ''}` : ''}\n`,
  );
  const figures = new Map<string, Figure[]>(builds.map((build) => [build.name, []]));
  const reports = new Map<string, ComparisonReport[]>();
  const seconds = new Map<string, { default: number[]; quick: number[] }>(builds.map((build) => [build.name, { default: [], quick: [] }]));
  if (!values['skip-first-figures']) await firstFigures(path.join(repoRoot, 'schemas', 'tuples.json'));
  console.log('1. Time to the answer, and consecutive default runs');
  for (const [name, file] of datasets) {
    const runs = await timedRuns(`${name}, default`, file, false);
    for (const build of builds) {
      const timed = runs.get(build.name)!;
      seconds.get(build.name)!.default.push(...timed.map((entry) => entry.seconds));
      figures.get(build.name)!.push(
        ...reproducibility(
          name,
          timed.map((entry) => entry.report),
        ),
      );
    }
    reports.set(
      name,
      runs.get(builds.at(-1)!.name)!.map((entry) => entry.report),
    );
  }
  if (!values['skip-quick']) {
    const quick = await timedRuns('tuples, quick', path.join(repoRoot, 'schemas', 'tuples.json'), true);
    for (const build of builds) seconds.get(build.name)!.quick.push(...quick.get(build.name)!.map((entry) => entry.seconds));
  }
  for (const build of builds) {
    console.log(`\n${build.name}:`);
    printFigures(figures.get(build.name)!);
  }
  console.log(
    "Summary (targets on an idle 2-core machine: default ≤ 30 s, quick ≤ 8 s, every speed-up within ×1.3 over the runs, intervals holding the other runs' medians ≥ 90%):",
  );
  for (const build of builds) {
    const spent = seconds.get(build.name)!;
    const all = figures.get(build.name)!;
    const within = all.filter((figure) => Math.max(...figure.medians) / Math.min(...figure.medians) <= 1.3).length;
    const held = all.filter(contained).length;
    console.log(
      `  ${build.name}: default median ${medianOf(spent.default).toFixed(1)} s (${spent.default.map((value) => value.toFixed(1)).join(', ')}), quick median ${spent.quick.length > 0 ? `${medianOf(spent.quick).toFixed(1)} s` : 'not run'}; within ×1.3: ${within} of ${all.length}; intervals hold the others: ${held} of ${all.length} (${((held / all.length) * 100).toFixed(0)}%)`,
    );
  }
  console.log('');
  if (values['skip-bare']) return;
  console.log(
    `2–3. Bare loop of the same calls (plain Node, ${BARE_PAIRS} alternated pairs, amortised): agreement of speed-ups; harness overhead in one process: direct (a sample's clock read over its calls) and alternated (${OVERHEAD_PAIRS} short windows each side)`,
  );
  const agreements: number[] = [];
  const overheads: Overhead[] = [];
  for (const [name, file] of datasets) {
    const found = await agreementAndOverhead(name, file, reports.get(name)!);
    agreements.push(...found.agreements);
    overheads.push(...found.overheads);
  }
  const worstAgreement = Math.max(...agreements.map((a) => Math.max(a, 1 / a)));
  const direct = overheads.map((o) => Math.abs(o.direct));
  const alternated = overheads.map((o) => o.alternated);
  console.log(
    `speed-ups within ×1.3 of the bare loop: ${agreements.filter((a) => Math.max(a, 1 / a) <= 1.3).length} of ${agreements.length} (worst ×${worstAgreement.toFixed(3)})`,
  );
  console.log(
    `harness overhead on amortised time, direct: within 3% for ${direct.filter((o) => o <= 0.03).length} of ${direct.length} (worst ${pct(Math.max(...direct))}); ` +
      `alternated windows: median ${pct(medianOf(alternated))}, within ±3% for ${alternated.filter((o) => Math.abs(o) <= 0.03).length} of ${alternated.length} (worst ${pct(Math.max(...alternated.map(Math.abs)))}: collections landing in one side's windows)`,
  );
}

void main();
