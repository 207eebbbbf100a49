/**
 * `npm run bench:messages`: message mode's targets, printed as figures (no test
 * asserts elapsed time):
 * 1. A quick run of a 20,000-event JSON Lines stream (schemas/make-event-stream.mjs) in the CLI:
 *    wall time (target ≤ 30 s) with the CPU it used (the CLI and its workers; zstd's training
 *    processes are children of workers and are not in it) and the machine's load average, since
 *    a shared machine stretches the wall time and not the CPU.
 * 2. N consecutive default runs of the same stream: each codec's per-message speed-ups and their
 *    max/min over the runs (target ≤ ×1.3).
 * 3. The bundled events (schemas/events.json) in message mode beside document mode: the
 *    dictionary's effect (DESIGN.md: 447 B, zstd alone 333 B, with the dictionary 99 B) and both
 *    verdicts.
 * Options: --runs N (default 3), --count N (stream length, default 20000), --skip-default, --skip-quick.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { compareMessages } from '../../src/engine/messages/compare-messages';
import { compareSample } from '../../src/engine/compare';
import { computeMessageVerdict } from '../../src/report/message-verdict';
import { computeVerdict } from '../../src/report/verdict';
import { verdictText } from '../../src/report/verdict-words';
import type { ComparisonReport, CompletedResult } from '../../src/shared/results';
import { cliScript, repoRoot, workerScript } from '../support/paths';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    count: { type: 'string', default: '20000' },
    'skip-default': { type: 'boolean', default: false },
    'skip-quick': { type: 'boolean', default: false },
  },
});
const RUNS = Number(values.runs);
const COUNT = Number(values.count);
const OPS = ['encode', 'decode'] as const;
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
const completedRows = (report: ComparisonReport) => report.results.filter((row): row is CompletedResult => row.status === 'completed');

function streamFile(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-bench-messages-')), `events-${COUNT}.jsonl`);
  spawnSync(process.execPath, [path.join(repoRoot, 'schemas', 'make-event-stream.mjs'), file, String(COUNT)], { stdio: 'inherit' });
  return file;
}

/** The CLI under bash's `time`: wall, user and system seconds of the process and its threads. */
function quickRun(file: string): void {
  console.log(`\n1. payload-lab messages ${path.basename(file)} --quick (load average before: ${load()}, ${os.cpus().length} cores)`);
  const run = spawnSync('bash', ['-c', `TIMEFORMAT='%R %U %S'; time "${process.execPath}" "${cliScript}" messages "${file}" --quick > /dev/null`], {
    encoding: 'utf8',
  });
  const [wall, user, system] = run.stderr.trim().split('\n').pop()!.split(' ').map(Number);
  console.log(
    `   exit ${run.status}; wall ${wall!.toFixed(1)} s (target ≤ 30 s), CPU ${(user! + system!).toFixed(1)} s (user ${user!.toFixed(1)} + system ${system!.toFixed(1)}); load average after: ${load()}`,
  );
}

async function defaultRuns(file: string): Promise<void> {
  console.log(`\n2. ${RUNS} consecutive default runs of ${path.basename(file)} (message mode): per-message speed-ups vs JSON`);
  const runs: ComparisonReport[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const started = Date.now();
    runs.push(await compareMessages({ path: file }, { workerScript }));
    console.log(`   run ${run}: ${((Date.now() - started) / 1000).toFixed(1)} s (load average ${load()})`);
  }
  let worst = 1;
  for (const row of completedRows(runs[0]!)) {
    if (row.codec === 'json') continue;
    const cells = OPS.map((op) => {
      const medians = runs.map((report) => completedRows(report).find((candidate) => candidate.codec === row.codec)?.speedupVsJson?.[op] ?? Number.NaN);
      const ratio = Math.max(...medians) / Math.min(...medians);
      worst = Math.max(worst, ratio);
      return `${op} ${medians.map((median) => `${median.toFixed(2)}×`).join(' ')} → max/min ×${ratio.toFixed(2)}${ratio > 1.3 ? ' (over ×1.3)' : ''}`;
    });
    console.log(`   ${row.codec.padEnd(11)} ${cells.join('   ')}`);
  }
  console.log(`   widest max/min: ×${worst.toFixed(2)} (target ≤ ×1.3)`);
}

async function bundledEvents(): Promise<void> {
  const sample = path.join(repoRoot, 'schemas', 'events.json');
  console.log('\n3. schemas/events.json: message mode (each event its own message) beside document mode (one array)');
  const messages = await compareMessages({ path: sample }, { workerScript });
  const document = await compareSample({ path: sample }, { workerScript });
  for (const row of completedRows(messages)) {
    const { dictionary, compression } = row.messages!;
    const withDictionary =
      dictionary.status === 'measured'
        ? `${dictionary.withDictionary.mean} B with a ${dictionary.bytes} B dictionary (trained on messages ${dictionary.trainedOn.from + 1}–${dictionary.trainedOn.from + dictionary.trainedOn.messages})`
        : `dictionary not measured: ${dictionary.reason}`;
    console.log(`   ${row.codec.padEnd(11)} per held-out message: ${compression.raw} B, zstd alone ${compression.alone.zstd} B, ${withDictionary}`);
  }
  const messageVerdict = verdictText(computeMessageVerdict(messages, 'size', { transport: 'zstd-dictionary' }));
  const documentVerdict = verdictText(computeVerdict(document.results, 'size', { transport: 'zstd', settings: document.settings }));
  console.log('   DESIGN.md (zstd 1.5.4 CLI frames, 4-byte checksum each): JSON 447 B, zstd alone 333 B, with the dictionary 99 B.');
  console.log(`\n   document verdict, with zstd: ${documentVerdict.pick}`);
  for (const entry of documentVerdict.lines.filter((line) => line.id.startsWith('smallest'))) console.log(`     - ${entry.text}`);
  console.log(`   message verdict, with zstd and the dictionary:  ${messageVerdict.pick}`);
  for (const entry of messageVerdict.lines.filter((line) => line.id.startsWith('smallest') || line.id.startsWith('link') || line.id === 'dictionary-effect'))
    console.log(`     - ${entry.text}`);
}

async function main(): Promise<void> {
  console.log(`Machine: ${os.cpus().length} cores, load average ${load()}: on a shared machine, times are noise; the ratios are the figures.`);
  const file = streamFile();
  if (!values['skip-quick']) quickRun(file);
  if (!values['skip-default']) await defaultRuns(file);
  await bundledEvents();
}

void main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
