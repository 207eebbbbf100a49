#!/usr/bin/env node
/**
 * `payload-lab`: the engine, headless. Prints a table as codecs finish, or one JSON document
 * (`--json`) for CI. Exit codes: 0 done (rows may still be errored), 2 bad input or usage.
 */
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { builtinCodecs } from './codecs/registry';
import { CancelledError, compareSample, unknownCodecs } from './engine/compare';
import { toolVersion } from './engine/tool-info';
import { DEFAULT_LIMITS, DEFAULT_MIN_SAMPLES, DEFAULT_ROUNDS, DEFAULT_TIME_BUDGET_MS, MAX_ROUNDS, QUICK_MIN_SAMPLES, QUICK_ROUNDS, QUICK_TIME_BUDGET_MS, THOROUGH_ROUNDS } from './engine/settings';
import { SampleInputError } from './input/read-sample';
import { sampleHeading, tableFooter, tableHeader, tableRow } from './cli/table';
import { probeCommand } from './cli/probe-command';
import { jsonDocument } from './report/json-document';
import { remnantsSection } from './cli/remnants-table';
import { SCHEMA_USAGE, schemaCommand } from './cli/schema-command';
import { compareSchemaSetup, SCHEMA_OPTIONS, SCHEMA_OPTIONS_USAGE, SchemaUsageError } from './cli/schema-options';
import { SchemaInputError } from './schema/schema-problem';
import { SWEEP_USAGE, sweepCommand, SweepUsageError } from './cli/sweep-command';

const USAGE = `Usage: payload-lab compare [FILE] [options]
       payload-lab sweep [FILE] [--codecs a,b] [--max-mb N] [--steps F] [--quick] [--limits] [--heap-mb N] [--json]   (see sweep --help)
       payload-lab probe [--codecs a,b] [--json]   (what each library does with awkward inputs)
       payload-lab schema SAMPLE.json --format proto|avsc   (prints the inferred schema; see schema --help)
       payload-lab codecs

Compares how each serialization library encodes FILE (.json, or .jsonl/.ndjson records).
Without FILE, uses the bundled sample (the published benchmark's tuple dataset, about 1 MB).

Options:
  --json               print one JSON document instead of the table
  --remnants           after the table: the remnant matrix (codecs × kinds) and each remnant's path
  --codecs a,b,c       codecs to run (default: all; see 'payload-lab codecs')
  --quick              ${QUICK_ROUNDS} rounds of ${QUICK_TIME_BUDGET_MS} ms per codec: a quick look, wider intervals
  --thorough           ${THOROUGH_ROUNDS} rounds: narrower intervals, for figures you will quote
  --rounds N           rounds of JSON and every codec, each in a fresh worker (default ${DEFAULT_ROUNDS}, quick ${QUICK_ROUNDS})
  --time-budget MS     measuring time per codec and round, split between encode and decode (default ${DEFAULT_TIME_BUDGET_MS})
  --min-samples N      minimum timing samples per operation (default ${DEFAULT_MIN_SAMPLES}, quick ${QUICK_MIN_SAMPLES})
  --timeout MS         stop a codec's worker after MS milliseconds (default ${DEFAULT_LIMITS.timeoutMs})
  --memory-limit MB    heap limit of each codec's worker (default ${DEFAULT_LIMITS.memoryLimitMb})
  --codec-module PATH  also run a codec module of your own (exports prepare); repeatable
  -h, --help           this text
  -v, --version        the version

${SCHEMA_OPTIONS_USAGE}`;

class UsageError extends Error {}

const bundledSample = () => path.join(__dirname, '..', 'schemas', 'tuples.json');

function positiveInteger(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0) throw new UsageError(`--${name} takes a positive whole number, got '${value}'`);
  return parsed;
}

async function compareCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
      remnants: { type: 'boolean', default: false },
      codecs: { type: 'string' },
      quick: { type: 'boolean', default: false },
      thorough: { type: 'boolean', default: false },
      rounds: { type: 'string' },
      'time-budget': { type: 'string' },
      'min-samples': { type: 'string' },
      timeout: { type: 'string' },
      'memory-limit': { type: 'string' },
      'codec-module': { type: 'string', multiple: true },
      ...SCHEMA_OPTIONS,
    },
  });
  if (positionals.length > 1) throw new UsageError(`compare takes one file, got ${positionals.length}`);
  const setup = await compareSchemaSetup(values, positionals[0]);
  const file = positionals[0] ?? bundledSample();
  const codecs = values.codecs?.split(',').map((id) => id.trim()).filter(Boolean);
  if (codecs) {
    const unknown = unknownCodecs(codecs);
    if (unknown.length > 0) throw new UsageError(`unknown codec: ${unknown.join(', ')} (known: ${builtinCodecs.map((c) => c.id).join(', ')})`);
  }
  if (values.quick && values.thorough) throw new UsageError('--quick and --thorough exclude each other');
  const rounds = positiveInteger('rounds', values.rounds) ?? (values.thorough ? THOROUGH_ROUNDS : undefined);
  if (rounds !== undefined && rounds > MAX_ROUNDS) throw new UsageError(`--rounds takes at most ${MAX_ROUNDS}, got ${rounds}`);
  const asJson = values.json === true;
  const status = process.stderr.isTTY && !asJson ? (text: string) => process.stderr.write(`\x1b[2K\r  ${text}\r`) : undefined;
  const write = (text: string) => process.stdout.write(`${text}\n`);
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  const report = await compareSample(setup.generated ?? { path: file }, {
    schema: setup.schema,
    variants: setup.variants,
    codecs,
    codecModules: values['codec-module'],
    quick: values.quick,
    rounds,
    timeBudgetMs: positiveInteger('time-budget', values['time-budget']),
    minSamples: positiveInteger('min-samples', values['min-samples']),
    timeoutMs: positiveInteger('timeout', values.timeout),
    memoryLimitMb: positiveInteger('memory-limit', values['memory-limit']),
    signal: controller.signal,
    onSampleRead: asJson ? undefined : (info) => write(`${sampleHeading(info)}\n\n${tableHeader()}`),
    // A row is printed once, with its last round: the table shows only final figures.
    onResult: asJson ? undefined : (row, progress) => {
      if (progress.round < progress.rounds) return;
      status?.('');
      write(tableRow(row));
    },
    onStage: status && ((codec, stage, progress) => status(`round ${progress.round} of ${progress.rounds}: ${codec}: ${stage}…`)),
  });
  if (process.stderr.isTTY && !asJson) process.stderr.write('\x1b[2K\r');
  if (asJson) process.stdout.write(jsonDocument(report));
  else write(tableFooter(report));
  if (values.remnants && !asJson) write(remnantsSection(report));
  return 0;
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined || command === '-h' || command === '--help') {
      process.stdout.write(`${USAGE}\n`);
      return command === undefined ? 2 : 0;
    }
    if (command === '-v' || command === '--version') {
      process.stdout.write(`${toolVersion()}\n`);
      return 0;
    }
    if (command === 'codecs') {
      for (const codec of builtinCodecs) process.stdout.write(`${codec.id.padEnd(11)} ${codec.label}\n`);
      return 0;
    }
    if (command === 'compare') return await compareCommand(rest);
    if (command === 'sweep') {
      const controller = new AbortController();
      process.once('SIGINT', () => controller.abort());
      return await sweepCommand(rest, bundledSample(), controller.signal);
    }
    if (command === 'probe') return await probeCommand(rest);
    if (command === 'schema') return await schemaCommand(rest);
    throw new UsageError(`unknown command '${command}'`);
  } catch (error) {
    if (error instanceof SweepUsageError || (command === 'sweep' && (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS'))) {
      process.stderr.write(`payload-lab: ${(error as Error).message}\n\n${SWEEP_USAGE}\n`);
      return 2;
    }
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`payload-lab: ${(error as Error).message}\n\n${USAGE}\n`);
      return 2;
    }
    if (error instanceof SchemaUsageError) {
      process.stderr.write(`payload-lab: ${error.message}\n\n${command === 'schema' ? SCHEMA_USAGE : USAGE}\n`);
      return 2;
    }
    if (error instanceof SampleInputError || error instanceof SchemaInputError) {
      process.stderr.write(`payload-lab: ${error.message}\n`);
      return 2;
    }
    if (error instanceof CancelledError) {
      process.stderr.write('payload-lab: cancelled\n');
      return 130;
    }
    process.stderr.write(`payload-lab: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
    return 1;
  }
}

if (require.main === module) {
  void main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
