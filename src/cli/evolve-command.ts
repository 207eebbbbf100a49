/**
 * `payload-lab evolve OLD NEW [MORE…]`: a schema change tried on data. Reads the versions (with
 * their imports) and the sample, runs the engine, prints the table or the report as JSON, and
 * exits for CI: 0 when no --fail-on condition holds, 1 when one does, 2 for bad input.
 */
import { parseArgs } from 'node:util';
import { parseSample, sampleBytesOf, sampleKindOf } from '../input/read-sample';
import { checkSchemaChange, DEFAULT_GENERATED, type SchemaVersionInput } from '../evolution/check-schema-change';
import { defaultLabels, formatOfPath } from '../evolution/versions';
import { SchemaInputError } from '../schema/schema-problem';
import type { EvolutionReport, RegistryMode } from '../shared/evolution';
import { evolveText } from './evolve-table';
import { providedSchemaFrom } from './schema-options';

export const EVOLVE_USAGE = `Usage: payload-lab evolve OLD NEW [MORE…] [options]

Tries a schema change on data: the records each version writes are read by every version
(protobufjs for .proto; avsc for .avsc, with and without a resolver), and each reading says
what was refused, dropped, filled with defaults or read as another value, with examples. Then
the labels the tools give the change: the Schema Registry's BACKWARD / FORWARD / FULL (and the
transitive forms for more than two versions) and, for .proto, the buf breaking categories it
breaks. Where a rule passes and the data does not, the data wins.

Options:
  --sample FILE        records to write (.json: one record or an array; .jsonl): used for each
                       version whose schema it fits, records generated from the schema otherwise
  --samples N          without --sample: N records generated from each writer's schema (default ${DEFAULT_GENERATED.count})
  --seed S             seed of the generated records (default ${DEFAULT_GENERATED.seed})
  --type NAME          the message to compare (default: the newest version's root message)
  -I, --proto-path DIR where imports are looked for (repeatable)
  --json               print the report as one JSON document
  --fail-on LIST       exit 1 when any holds (comma-separated or repeated):
                         breaking       a pair's verdict (rules and data) is weaker than --mode
                         reinterpreted  some reader reads a value as another value
                         dropped        some reader drops values it does not know
  --mode MODE          what --fail-on breaking requires: BACKWARD (default, the Schema Registry's
                       default), FORWARD, FULL, or their _TRANSITIVE forms
  -h, --help           this text`;

export class EvolveUsageError extends Error {}

const FAIL_ON = ['breaking', 'reinterpreted', 'dropped'] as const;
type FailOn = (typeof FAIL_ON)[number];
const MODES = ['BACKWARD', 'FORWARD', 'FULL', 'BACKWARD_TRANSITIVE', 'FORWARD_TRANSITIVE', 'FULL_TRANSITIVE'] as const;
type RequiredMode = (typeof MODES)[number];

export async function evolveCommand(args: string[], signal: AbortSignal): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      sample: { type: 'string' },
      samples: { type: 'string' },
      seed: { type: 'string' },
      type: { type: 'string' },
      'proto-path': { type: 'string', short: 'I', multiple: true },
      json: { type: 'boolean', default: false },
      'fail-on': { type: 'string', multiple: true },
      mode: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(`${EVOLVE_USAGE}\n`);
    return 0;
  }
  if (positionals.length < 2) throw new EvolveUsageError(`evolve takes two versions of a schema (or more), got ${positionals.length}`);
  if (values.sample !== undefined && (values.samples !== undefined || values.seed !== undefined))
    throw new EvolveUsageError('give --sample FILE or --samples N, not both');
  const failOn = parseFailOn(values['fail-on'] ?? []);
  const mode = (values.mode ?? 'BACKWARD').toUpperCase();
  if (!MODES.includes(mode as RequiredMode)) throw new EvolveUsageError(`--mode takes one of ${MODES.join(', ')}, got '${values.mode}'`);
  const generate = {
    count: wholeNumber('samples', values.samples, 1) ?? DEFAULT_GENERATED.count,
    seed: wholeNumber('seed', values.seed, 0) ?? DEFAULT_GENERATED.seed,
  };

  if (values.type !== undefined && positionals.some((file) => /\.avsc$/i.test(file)))
    throw new EvolveUsageError('--type names a message of .proto versions (or a type of .avpr / .avdl versions); an .avsc has one root type');
  const versions = await readVersions(positionals, values['proto-path'] ?? []);
  const sample =
    values.sample === undefined
      ? undefined
      : { path: values.sample, value: parseSample(sampleBytesOf({ path: values.sample }), sampleKindOf(values.sample), values.sample) };
  const result = await checkSchemaChange({ versions, ...(values.type ? { typeName: values.type } : {}), ...(sample ? { sample } : {}), generate }, { signal });
  if (result.status === 'invalid') {
    for (const problem of result.problems) {
      process.stderr.write(
        `payload-lab: ${problem.path}:${problem.line}:${problem.column}: ${problem.message}${problem.version ? ` (the ${problem.version} version)` : ''}\n`,
      );
    }
    return 2;
  }
  const report = result.report;
  process.stdout.write(values.json ? `${JSON.stringify(report, null, 2)}\n` : evolveText(report));
  const failures = failOnReasons(report, failOn, mode as RequiredMode);
  for (const failure of failures) process.stderr.write(`payload-lab: --fail-on ${failure}\n`);
  return failures.length > 0 ? 1 : 0;
}

/** Each version's text and the files it needs, read from disk; a file that cannot be read names its version. */
async function readVersions(paths: readonly string[], protoPath: string[]): Promise<SchemaVersionInput[]> {
  const labels = defaultLabels(paths.length);
  const versions: SchemaVersionInput[] = [];
  for (const [index, path] of paths.entries()) {
    const format = formatOfPath(path);
    if (format === undefined) throw new EvolveUsageError(`${path} is not a .proto or .avsc (.avpr, .avdl) file`);
    try {
      const provided = await providedSchemaFrom(
        format === 'proto' ? { proto: path, ...(protoPath.length > 0 ? { 'proto-path': protoPath } : {}) } : { avsc: [path] },
      );
      versions.push({ path, text: provided!.source, label: labels[index]!, ...(provided!.imports ? { imports: provided!.imports } : {}) });
    } catch (error) {
      if (error instanceof SchemaInputError)
        throw new SchemaInputError(error.path, { ...error.problem, message: `${error.problem.message} (the ${labels[index]} version)` });
      throw error;
    }
  }
  return versions;
}

function parseFailOn(given: readonly string[]): Set<FailOn> {
  const conditions = new Set<FailOn>();
  for (const item of given
    .flatMap((entry) => entry.split(','))
    .map((entry) => entry.trim())
    .filter(Boolean)) {
    if (!FAIL_ON.includes(item as FailOn)) throw new EvolveUsageError(`--fail-on takes ${FAIL_ON.join(', ')}, got '${item}'`);
    conditions.add(item as FailOn);
  }
  return conditions;
}

function wholeNumber(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed < min) throw new EvolveUsageError(`--${name} takes a whole number ≥ ${min}, got '${value}'`);
  return parsed;
}

const satisfies = (mode: RegistryMode, required: 'BACKWARD' | 'FORWARD' | 'FULL') => mode === 'FULL' || mode === required;

/** Which --fail-on conditions hold, each said with the pair or cell that makes it hold. */
export function failOnReasons(report: EvolutionReport, failOn: ReadonlySet<FailOn>, required: RequiredMode): string[] {
  const reasons: string[] = [];
  const label = (index: number) => report.versions[index]!.label;
  const offDiagonal = report.cells.filter((cell) => cell.writer !== cell.reader);
  const needed = (cell: (typeof offDiagonal)[number]) => cell.readings.find((reading) => reading.mode === cell.needs.mode)!;
  if (failOn.has('breaking')) {
    const base = required.replace('_TRANSITIVE', '') as 'BACKWARD' | 'FORWARD' | 'FULL';
    if (required !== base && report.transitive) {
      const key = `${base.toLowerCase()}Transitive` as 'backwardTransitive' | 'forwardTransitive' | 'fullTransitive';
      if (!(report.transitive.registry[key] && report.transitive.data[key]))
        reasons.push(`breaking: the versions are not ${required} (each against every earlier one)`);
    } else {
      // Two versions: the transitive form is the pair's.
      for (const pair of report.pairs) {
        if (!satisfies(pair.mode, base)) reasons.push(`breaking: ${label(pair.older)} → ${label(pair.newer)} is ${pair.mode}, ${required} required`);
      }
    }
  }
  if (failOn.has('reinterpreted')) {
    for (const cell of offDiagonal)
      if (needed(cell).reinterpreted.length > 0) reasons.push(`reinterpreted: ${label(cell.writer)} data read by the ${label(cell.reader)} reader`);
  }
  if (failOn.has('dropped')) {
    for (const cell of offDiagonal)
      if (needed(cell).dropped.values > 0) reasons.push(`dropped: ${label(cell.writer)} data read by the ${label(cell.reader)} reader`);
  }
  return reasons;
}
