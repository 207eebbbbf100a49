/**
 * `payload-lab`: the engine, headless. Prints a table as codecs finish, or one JSON document
 * (`--json`) for CI. Exit codes: 0 done (rows may still be errored), 2 bad input or usage.
 */
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { builtinCodecs, expandCodecSelection } from '../codecs/registry';
import { codecsListing } from './codecs-listing';
import { sizeSample, unknownCodecs } from '../engine/compare';
import { sizesTable } from './sizes-table';
import type { SampleInfo } from '../shared/results';
import type { SampleScale } from '../shared/codec-job';
import { CancelledError } from '../shared/cancelled';
import { compareInRuntimes, parseRuntimes } from './runtimes';
import { bytesCheckSection, codeGenerationSection, endToEndSection } from './runtime-sections';
import { toolVersion } from '../engine/tool-info';
import {
  DEFAULT_LIMITS,
  DEFAULT_MIN_SAMPLES,
  DEFAULT_ROUNDS,
  DEFAULT_TIME_BUDGET_MS,
  MAX_ROUNDS,
  QUICK_MIN_SAMPLES,
  QUICK_ROUNDS,
  QUICK_TIME_BUDGET_MS,
  THOROUGH_ROUNDS,
  MIN_ADAPTIVE_ROUNDS,
  SETTLED_WITHIN,
} from '../engine/settings';
import { SampleInputError } from '../input/read-sample';
import { resultsTable, sampleHeading, tableFooter } from './table';
import { probeCommand } from './probe-command';
import { jsonDocument } from '../report/json-document';
import { remnantsSection } from './remnants-table';
import { bytesSection } from './bytes-section';
import { isPriority, PRIORITY_IDS, verdictSection } from './verdict-section';
import { DEFAULT_TRANSPORT, isTransport, TRANSPORT_IDS } from '../shared/transport';
import { adviceSection } from './advice-section';
import { compressionSection } from './compression-section';
import { SCHEMA_USAGE, schemaCommand } from './schema-command';
import { compareSchemaSetup, SCHEMA_OPTIONS, SCHEMA_OPTIONS_USAGE, SchemaUsageError } from './schema-options';
import { SchemaInputError } from '../schema/schema-problem';
import { SWEEP_USAGE, sweepCommand, SweepUsageError } from './sweep-command';
import { EVOLVE_USAGE, evolveCommand, EvolveUsageError } from './evolve-command';
import { lazyReadsSection } from './lazy-reads-section';
import { FORMAT_SCHEMA_OPTIONS, FORMAT_SCHEMA_USAGE, formatSchemasFrom } from './format-schema-options';
import { defaultCacheDir } from '../codegen/cache';
import { useWorkerCodeCache } from '../engine/worker-code-cache';
import type { MeasuredRuntime } from '../shared/results';
import {
  MESSAGE_OPTIONS,
  MESSAGE_OPTIONS_USAGE,
  messageMode,
  messageSettingsFrom,
  MESSAGES_USAGE,
  MessagesUsageError,
  runMessageMode,
} from './messages-command';

const PRIORITIES_TEXT = PRIORITY_IDS.join(', ');

const USAGE = `Usage: payload-lab compare [FILE] [options]
       payload-lab sweep [FILE] [--codecs a,b] [--max-mb N] [--steps F] [--quick] [--limits] [--heap-mb N] [--json]   (see sweep --help)
       payload-lab probe [--codecs a,b] [--json]   (what each library does with awkward inputs)
       payload-lab schema SAMPLE.json --format proto|avsc   (prints the inferred schema; see schema --help)
       payload-lab evolve OLD NEW [--sample FILE | --samples N] [--type T] [--json] [--fail-on breaking|reinterpreted|dropped]
                            (a schema change tried on data; see evolve --help)
       payload-lab messages FILE|DIR [options]   (each record its own message; see messages --help)
       payload-lab codecs

Compares how each serialization library encodes FILE (.json, or .jsonl/.ndjson records).
Without FILE, uses the bundled sample (the published benchmark's tuple dataset, about 1 MB).

Options:
  --json               print one JSON document instead of the table
  --sizes-only         bytes, compressed sizes, round trip and remnants alone, in seconds: nothing is
                       timed (no speed figures, verdict or advice), so the codecs run side by side
  --part-mb N          measure a representative part of a large FILE: records spread evenly across
                       it, about N MiB of JSON in all (said above the table); the whole file when smaller
  --remnants           after the table: the remnant matrix (codecs × kinds) and each remnant's path
  --bytes              after the table: each codec's bytes as keys, strings, numbers, other values, structure
  --priority P         what the verdict's pick favours: ${PRIORITIES_TEXT} (default size)
  --transport T        how the bytes travel, for the verdict: ${TRANSPORT_IDS.join(', ')} (default
                       ${DEFAULT_TRANSPORT}, what HTTP would use; zstd-dictionary in message mode): sizes
                       after that compression, times with it
  --codecs a,b,c       codecs to run (default: the seven most-used; 'all': every one; see 'payload-lab codecs')
  --quick              ${QUICK_ROUNDS} rounds of ${QUICK_TIME_BUDGET_MS} ms per codec: a quick look, wider intervals
  --thorough           ${THOROUGH_ROUNDS} rounds for every codec: narrower intervals, for figures you will quote
  --rounds N           the most rounds of JSON and every codec, each in a fresh worker (default ${DEFAULT_ROUNDS},
                       quick ${QUICK_ROUNDS}); from ${MIN_ADAPTIVE_ROUNDS} on, a codec stops once both its speed-ups'
                       intervals are within ±${SETTLED_WITHIN * 100}% of their medians
  --fixed-rounds       every codec runs all the rounds (no early stop)
  --time-budget MS     measuring time per codec and round, split between encode and decode (default ${DEFAULT_TIME_BUDGET_MS})
  --min-samples N      minimum timing samples per operation (default ${DEFAULT_MIN_SAMPLES}, quick ${QUICK_MIN_SAMPLES})
  --warmup MS          warm-up of each operation before it is timed, 0 for two calls only (default: the
                       larger of 50 ms and a quarter of the operation's time)
  --timeout MS         stop a codec's worker after MS milliseconds (default ${DEFAULT_LIMITS.timeoutMs})
  --memory-limit MB    heap limit of each codec's worker (default ${DEFAULT_LIMITS.memoryLimitMb})
  --codec-module PATH  also run a codec module of your own (exports prepare); repeatable
  --runtimes LIST      node, browser or node,browser (default node): browser rows are measured in
                       Web Workers of a headless Chromium (/usr/bin/chromium or PAYLOAD_LAB_CHROMIUM)
  --strict-csp         also run each codec with code generation from strings disabled (a CSP
                       without 'unsafe-eval'; Node's --disallow-code-generation-from-strings)
  --cache-dir DIR      where code generated for google-protobuf, ts-proto, protobuf-ts, flatbuffers,
                       capnp and bebop is kept, and V8's compiled code of the codec workers'
                       bundle (default \$XDG_CACHE_HOME/payload-lab or
                       ~/.cache/payload-lab); their tools are found through PAYLOAD_LAB_PROTOC,
                       PAYLOAD_LAB_FLATC, PAYLOAD_LAB_BEBOPC… and PATH (see 'payload-lab codecs')
  -h, --help           this text
  -v, --version        the version

${SCHEMA_OPTIONS_USAGE}

${FORMAT_SCHEMA_USAGE}

${MESSAGE_OPTIONS_USAGE}`;

const CODECS_USAGE = `Usage: payload-lab codecs

Lists every codec (its id for --codecs, format, library and version) and the tools the rows
that generate code need, found or not.`;

/** The commands whose options are parsed here, and their help (the others parse their own --help). */
const HELP_OF = new Map([
  ['compare', USAGE],
  ['messages', MESSAGES_USAGE],
  ['codecs', CODECS_USAGE],
]);

class UsageError extends Error {}

/** Options that set how codecs are timed: a sizes-only run times nothing. */
const TIMING_OPTIONS = ['quick', 'thorough', 'fixed-rounds', 'rounds', 'time-budget', 'min-samples', 'warmup', 'strict-csp'] as const;
/** Sections printed from a comparison's report, not (yet) from a sizes-only one. */
const COMPARISON_SECTIONS = ['bytes', 'remnants'] as const;

const MiB = 1024 * 1024;
const bundledSample = () => path.join(__dirname, '..', 'schemas', 'tuples.json');

function positiveInteger(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0) throw new UsageError(`--${name} takes a positive whole number, got '${value}'`);
  return parsed;
}

function wholeNumber(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new UsageError(`--${name} takes a whole number of 0 or more, got '${value}'`);
  return parsed;
}

function positiveNumber(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new UsageError(`--${name} takes a positive number, got '${value}'`);
  return parsed;
}

async function compareCommand(args: string[], command: 'compare' | 'messages' = 'compare'): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
      'sizes-only': { type: 'boolean', default: false },
      'part-mb': { type: 'string' },
      remnants: { type: 'boolean', default: false },
      bytes: { type: 'boolean', default: false },
      priority: { type: 'string', default: 'size' },
      transport: { type: 'string', default: DEFAULT_TRANSPORT },
      codecs: { type: 'string' },
      quick: { type: 'boolean', default: false },
      thorough: { type: 'boolean', default: false },
      'fixed-rounds': { type: 'boolean', default: false },
      rounds: { type: 'string' },
      'time-budget': { type: 'string' },
      'min-samples': { type: 'string' },
      warmup: { type: 'string' },
      timeout: { type: 'string' },
      'memory-limit': { type: 'string' },
      'codec-module': { type: 'string', multiple: true },
      runtimes: { type: 'string' },
      'strict-csp': { type: 'boolean', default: false },
      'cache-dir': { type: 'string' },
      ...SCHEMA_OPTIONS,
      ...FORMAT_SCHEMA_OPTIONS,
      ...MESSAGE_OPTIONS,
    },
  });
  if (positionals.length > 1) throw new UsageError(`${command} takes one file, got ${positionals.length}`);
  if (command === 'messages') {
    if (positionals[0] === undefined && values.samples === undefined)
      throw new MessagesUsageError('messages takes FILE or DIR (or --proto/--avsc with --samples N)');
    values.messages = true;
  }
  const setup = await compareSchemaSetup(values, positionals[0]);
  const cacheDir = path.resolve(values['cache-dir'] ?? defaultCacheDir());
  useWorkerCodeCache(path.join(cacheDir, 'v8-code-cache'));
  const formatSchemas = await formatSchemasFrom(values, { cacheDir });
  const file = positionals[0] ?? bundledSample();
  const listed = values.codecs
    ?.split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const codecs = listed && expandCodecSelection(listed);
  if (codecs) {
    const unknown = unknownCodecs(codecs);
    if (unknown.length > 0) throw new UsageError(`unknown codec: ${unknown.join(', ')} (known: ${builtinCodecs.map((c) => c.id).join(', ')})`);
  }
  if (!isPriority(values.priority)) throw new UsageError(`--priority takes one of ${PRIORITIES_TEXT}, got '${values.priority}'`);
  const priority = values.priority;
  if (!isTransport(values.transport)) throw new UsageError(`--transport takes one of ${TRANSPORT_IDS.join(', ')}, got '${values.transport}'`);
  const choice = { priority, transport: values.transport };
  if (values.quick && values.thorough) throw new UsageError('--quick and --thorough exclude each other');
  const rounds = positiveInteger('rounds', values.rounds) ?? (values.thorough ? THOROUGH_ROUNDS : undefined);
  if (rounds !== undefined && rounds > MAX_ROUNDS) throw new UsageError(`--rounds takes at most ${MAX_ROUNDS}, got ${rounds}`);
  const runtimes = parseRuntimes(values.runtimes);
  if (typeof runtimes === 'string') throw new UsageError(runtimes);
  const asJson = values.json === true;
  const status = process.stderr.isTTY && !asJson ? (text: string) => process.stderr.write(`\x1b[2K\r  ${text}\r`) : undefined;
  const write = (text: string) => process.stdout.write(`${text}\n`);
  let sampleShown = false;
  const runtimeHeadings = new Map<MeasuredRuntime, string>();
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  const partMb = positiveNumber('part-mb', values['part-mb']);
  const part: SampleScale | undefined = partMb === undefined ? undefined : { targetJsonBytes: Math.round(partMb * MiB), pick: 'spread' };
  const common = {
    ...(part ? { scale: part } : {}),
    checkCodeGeneration: values['strict-csp'] === true,
    codegen: { cacheDir, ...(formatSchemas.length > 0 ? { formatSchemas } : {}) },
    schema: setup.schema,
    variants: setup.variants,
    codecs,
    codecModules: values['codec-module'],
    quick: values.quick,
    rounds,
    fixedRounds: values['fixed-rounds'] === true || values.thorough === true,
    timeBudgetMs: positiveInteger('time-budget', values['time-budget']),
    minSamples: positiveInteger('min-samples', values['min-samples']),
    warmupMs: wholeNumber('warmup', values.warmup),
    timeoutMs: positiveInteger('timeout', values.timeout),
    memoryLimitMb: positiveInteger('memory-limit', values['memory-limit']),
    signal: controller.signal,
  };
  const messages = messageMode(values, positionals[0], setup.generated !== undefined);
  const messageSettings = messageSettingsFrom(values);
  if (part) {
    if (messages.on) throw new MessagesUsageError('--part-mb takes part of one document: in message mode, give fewer lines, or give --document');
    if (setup.generated) throw new UsageError('--part-mb takes part of a file: generated records are as many as --samples says');
  }
  if (values['sizes-only']) {
    if (messages.on) throw new MessagesUsageError('--sizes-only measures one document for now: give --document, or leave out --sizes-only');
    const given = (flags: readonly (keyof typeof values)[]) => flags.filter((flag) => values[flag] !== undefined && values[flag] !== false);
    const timing = given(TIMING_OPTIONS);
    if (timing.length > 0) throw new UsageError(`--${timing[0]} sets how codecs are timed, and --sizes-only times nothing: leave one of them out`);
    const sections = given(COMPARISON_SECTIONS);
    if (sections.length > 0) throw new UsageError(`--${sections[0]} prints a section of a comparison, not of --sizes-only yet: leave one of them out`);
    if (runtimes.length !== 1 || runtimes[0] !== 'node') throw new UsageError('--sizes-only runs in Node only for now: leave out --runtimes');
    const report = await sizeSample(setup.generated ?? { path: file }, {
      ...common,
      ...(asJson ? {} : { onSampleRead: (info: SampleInfo) => write(sampleHeading(info)) }),
    });
    write(asJson ? JSON.stringify(report, null, 2) : sizesTable(report));
    return 0;
  }
  if (messages.on) {
    if (runtimes.includes('browser'))
      throw new MessagesUsageError('message mode runs in Node worker threads only for now: leave out --runtimes browser, or give --document');
    return runMessageMode(
      setup.generated ?? { path: file },
      { ...common, ...messageSettings },
      { asJson, choice, write, ...(status ? { status } : {}), ...(messages.announce ? { announce: messages.announce } : {}) },
    );
  }
  const messageFlags = (['skip-invalid-lines', 'dictionary-split', 'dictionary-bytes', 'batches', 'link', 'compressed-messages'] as const).filter(
    (flag) => values[flag] !== undefined && values[flag] !== false,
  );
  if (messageFlags.length > 0) throw new MessagesUsageError(`--${messageFlags[0]} applies to message mode: add --messages (or give a .jsonl file)`);
  const report = await compareInRuntimes(
    setup.generated ?? { path: file },
    {
      ...common,
      onSampleRead: asJson
        ? undefined
        : (info) => {
            if (!sampleShown) write(sampleHeading(info));
            sampleShown = true;
          },
      // The table is printed once the run is over: how busy the machine was goes above it, and
      // rows stop their rounds at different times (a row's figures are final only then).
      onStage: status && ((codec, stage, progress) => status(`round ${progress.round} of at most ${progress.rounds}: ${codec}: ${stage}…`)),
    },
    runtimes,
    asJson || (runtimes.length === 1 && runtimes[0] === 'node')
      ? undefined
      : (runtime, description) => runtimeHeadings.set(runtime, `${runtime === 'node' ? 'Node' : 'Browser'}: ${description}`),
  );
  if (process.stderr.isTTY && !asJson) process.stderr.write('\x1b[2K\r');
  if (asJson) process.stdout.write(jsonDocument(report, choice));
  else {
    write(resultsTable(report, runtimeHeadings));
    const compression = compressionSection(report);
    if (compression) write(compression);
    write(
      [
        tableFooter(report),
        ...lazyReadsSection(report.results),
        ...endToEndSection(report.results),
        ...codeGenerationSection(report.results),
        ...bytesCheckSection(report.crossRuntime),
      ].join('\n'),
    );
  }
  if (values.bytes && !asJson) write(bytesSection(report));
  if (values.remnants && !asJson) write(remnantsSection(report));
  if (!asJson) {
    const advice = adviceSection(report, choice.transport);
    if (advice) write(advice);
    write(verdictSection(report, choice));
  }
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
    // Help before any other option is read: `compare --help --bad` still prints help, exit 0.
    const help = HELP_OF.get(command);
    if (help !== undefined && rest.some((arg) => arg === '-h' || arg === '--help')) {
      process.stdout.write(`${help}\n`);
      return 0;
    }
    if (command === 'codecs') {
      process.stdout.write(await codecsListing());
      return 0;
    }
    if (command === 'compare') return await compareCommand(rest);
    if (command === 'messages') return await compareCommand(rest, 'messages');
    if (command === 'sweep') {
      const controller = new AbortController();
      process.once('SIGINT', () => controller.abort());
      return await sweepCommand(rest, bundledSample(), controller.signal);
    }
    if (command === 'probe') return await probeCommand(rest);
    if (command === 'schema') return await schemaCommand(rest);
    if (command === 'evolve') {
      const controller = new AbortController();
      process.once('SIGINT', () => controller.abort());
      return await evolveCommand(rest, controller.signal);
    }
    throw new UsageError(`unknown command '${command}'`);
  } catch (error) {
    if (error instanceof SweepUsageError || (command === 'sweep' && (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS'))) {
      process.stderr.write(`payload-lab: ${(error as Error).message}\n\n${SWEEP_USAGE}\n`);
      return 2;
    }
    if (error instanceof EvolveUsageError || (command === 'evolve' && (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS'))) {
      process.stderr.write(`payload-lab: ${(error as Error).message}\n\n${EVOLVE_USAGE}\n`);
      return 2;
    }
    if (error instanceof MessagesUsageError || (command === 'messages' && (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS'))) {
      process.stderr.write(`payload-lab: ${(error as Error).message}\n\n${command === 'messages' ? MESSAGES_USAGE : MESSAGE_OPTIONS_USAGE}\n`);
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
    process.stderr.write(`payload-lab: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 1;
  }
}
