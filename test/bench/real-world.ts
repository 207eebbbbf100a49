/**
 * `npm run bench:real-world [FOLDER…]`: quick comparisons of every codec over real-world-shaped
 * JSON, through the CLI as a user runs it. Per file: wall time of the whole run, and per codec
 * its status, ratio to JSON, round-trip verdict and median encode / decode time.
 * Default: test/fixtures/real-world, plus a 3–4 MB file of 450 structurally varied documents
 * written to a temp dir (the target: every codec completes, the run under 30 s).
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { formatBytes, formatDuration } from '../../src/shared/format';
import { roundTripShortLabel } from '../../src/shared/round-trip-text';
import type { ComparisonReport } from '../../src/shared/results';
import { variedDocuments } from '../fixtures/real-world/varied-documents';
import { repoRoot } from '../support/paths';

const run = promisify(execFile);
const cli = path.join(repoRoot, 'dist', 'cli.js');

function jsonFiles(folders: readonly string[]): string[] {
  return folders.flatMap((folder) =>
    fs.statSync(folder).isDirectory()
      ? fs
          .readdirSync(folder)
          .filter((name) => name.endsWith('.json'))
          .sort()
          .map((name) => path.join(folder, name))
      : [folder],
  );
}

function defaultFiles(dir: string): string[] {
  const varied = path.join(dir, 'varied-documents-450.json');
  fs.writeFileSync(varied, JSON.stringify(variedDocuments(450)));
  return [...jsonFiles([path.join(repoRoot, 'test', 'fixtures', 'real-world')]), varied];
}

async function compareFile(file: string): Promise<{ report: ComparisonReport | null; seconds: number; error?: string }> {
  const started = process.hrtime.bigint();
  try {
    const { stdout } = await run(process.execPath, [cli, 'compare', file, '--quick', '--json'], { cwd: repoRoot, maxBuffer: 256 * 1024 * 1024 });
    return { report: JSON.parse(stdout) as ComparisonReport, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
  } catch (error) {
    return { report: null, seconds: Number(process.hrtime.bigint() - started) / 1e9, error: error instanceof Error ? error.message : String(error) };
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const dir = args.length > 0 ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-real-world-'));
  try {
    await compareAll(dir === null ? jsonFiles(args) : defaultFiles(dir));
  } finally {
    if (dir !== null) fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function compareAll(files: readonly string[]): Promise<void> {
  let schemaRows = 0;
  let schemaCompleted = 0;
  for (const file of files) {
    const { report, seconds, error } = await compareFile(file);
    if (report === null) {
      console.log(`${path.basename(file)}: the CLI failed after ${seconds.toFixed(1)} s: ${error}`);
      continue;
    }
    console.log(`\n${path.basename(file)}: ${formatBytes(report.input.jsonBytes)} of JSON, all codecs in ${seconds.toFixed(1)} s (quick)`);
    console.log(
      `  ${'codec'.padEnd(11)}${'status'.padEnd(11)}${'ratio'.padStart(7)}  ${'round trip'.padEnd(14)}${'encode'.padStart(10)}${'decode'.padStart(10)}  schema`,
    );
    for (const row of report.results) {
      if (row.codec === 'avsc' || row.codec === 'protobufjs') {
        schemaRows += 1;
        if (row.status === 'completed') schemaCompleted += 1;
      }
      const ratio = row.status !== 'skipped' && row.ratio != null ? row.ratio.toFixed(3) : '—';
      const schema = row.schemaText === undefined ? '' : `${formatBytes(row.schemaText.length)} of ${row.schema} schema`;
      if (row.status !== 'completed') {
        console.log(`  ${row.codec.padEnd(11)}${row.status.padEnd(11)}${ratio.padStart(7)}  ${row.error.stage}: ${row.error.message.slice(0, 100)}`);
        continue;
      }
      const roundTrip = roundTripShortLabel(row.roundTrip);
      console.log(
        `  ${row.codec.padEnd(11)}${row.status.padEnd(11)}${ratio.padStart(7)}  ${roundTrip.padEnd(14)}` +
          `${formatDuration(row.encode.medianNs).padStart(10)}${formatDuration(row.decode.medianNs).padStart(10)}  ${schema}`,
      );
    }
  }
  console.log(`\navsc and protobufjs rows completed: ${schemaCompleted} of ${schemaRows}`);
}

void main();
