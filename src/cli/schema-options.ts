/**
 * The schema options `compare` and `schema` share: a provided schema (`--proto FILE --type T`,
 * `--avsc FILE`), records generated from it (`--samples N --seed S`), and the variants of
 * inferred schemas (`--integers`, `--doubles`, `--fields`).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { collectAvroReferences } from '../schema/avro-references';
import { resolveProtoImports } from '../schema/proto-imports';
import { SchemaInputError } from '../schema/schema-problem';
import { parseVariants, VARIANT_CHOICES, type SchemaVariants } from '../shared/variants';
import type { ProvidedSchema } from '../shared/codec-job';

/** A usage mistake: the CLI prints it with the usage text and exits 2. */
export class SchemaUsageError extends Error {
  override name = 'SchemaUsageError';
}

export const SCHEMA_OPTIONS = {
  proto: { type: 'string' },
  avsc: { type: 'string', multiple: true },
  'proto-path': { type: 'string', short: 'I', multiple: true },
  type: { type: 'string' },
  'drop-unknown-keys': { type: 'boolean' },
  samples: { type: 'string' },
  seed: { type: 'string' },
  integers: { type: 'string' },
  doubles: { type: 'string' },
  fields: { type: 'string' },
} as const;

export const DEFAULT_GENERATED_RECORDS = 1000;
export const DEFAULT_SEED = 1;

export const SCHEMA_OPTIONS_USAGE = `Schemas (avsc uses an .avsc as given, protobufjs a .proto; the other one gets a schema
derived from it field by field, so every format encodes the same data):
  --proto FILE         use this .proto; --type NAME picks the message (default: the one no
                       other message refers to)
  -I, --proto-path DIR where the .proto's imports are looked for, after its own folder
                       (repeatable, in order; Google's well-known types need none)
  --avsc FILE          use this .avsc (or .avpr / .avdl: --type picks one of its types);
                       repeat it to give files defining named types the first one uses
                       (other .avsc files of its folder are looked in too)
  --drop-unknown-keys  leave out (and list) the sample's keys the schema has no field for; without
                       it such a key refuses the row, naming the key and the fields the schema has
  --samples N          with --proto/--avsc and no FILE: generate N records from the schema
                       (default ${DEFAULT_GENERATED_RECORDS} when no FILE is given)
  --seed S             seed of the generated records (default ${DEFAULT_SEED}): same seed, same records
Variants of schemas inferred from FILE (not with --proto/--avsc):
  --integers CHOICE    ${VARIANT_CHOICES.integers.join('|')}: protobuf integer encoding (default auto:
                       varint, zigzag where a field has negative values)
  --doubles CHOICE     ${VARIANT_CHOICES.doubles.join('|')}: float halves the bytes and rounds (reported)
  --fields CHOICE      ${VARIANT_CHOICES.fields.join('|')}: optional makes every field nullable`;

export interface SchemaOptionValues {
  proto?: string;
  avsc?: string[];
  'proto-path'?: string[];
  type?: string;
  'drop-unknown-keys'?: boolean;
  samples?: string;
  seed?: string;
  integers?: string;
  doubles?: string;
  fields?: string;
}

export interface CompareSchemaSetup {
  schema?: ProvidedSchema;
  variants?: Partial<SchemaVariants>;
  /** Records generated from the schema, when no sample file was given. */
  generated?: { path: string; bytes: Uint8Array; kind: 'json' };
}

/** What `compare`'s schema options ask for; throws SchemaUsageError or SchemaInputError. */
export async function compareSchemaSetup(values: SchemaOptionValues, file: string | undefined): Promise<CompareSchemaSetup> {
  const schema = await providedSchemaFrom(values);
  const variants = variantsFrom(values, schema);
  const generation = generationFrom(values, schema, file !== undefined);
  if (!schema || !generation) return { schema, variants };
  // Loaded only here: protobufjs and avsc stay out of the CLI process otherwise.
  const { generateFromSchema } = await import('../schema/generate-sample');
  const generated = generateFromSchema(schema, generation);
  const bytes = Buffer.from(JSON.stringify(generated.records), 'utf8');
  return { schema, generated: { path: generated.description, bytes, kind: 'json' } };
}

/**
 * Reads `--proto`/`--avsc` (with `--type`) and the files they need (imports, named types from
 * other files); undefined when neither is given.
 */
export async function providedSchemaFrom(values: SchemaOptionValues): Promise<ProvidedSchema | undefined> {
  const avscFiles = values.avsc ?? [];
  if (values.proto !== undefined && avscFiles.length > 0) throw new SchemaUsageError('give --proto or --avsc, not both');
  const isProtocol = avscFiles.length > 0 && /\.(avpr|avdl)$/i.test(avscFiles[0]!);
  if (values.type !== undefined && values.proto === undefined && !isProtocol)
    throw new SchemaUsageError('--type names a message of the --proto file (or a type of an .avpr / .avdl)');
  if (values['proto-path'] !== undefined && values.proto === undefined)
    throw new SchemaUsageError('-I / --proto-path says where the imports of the --proto file are');
  const file = values.proto ?? avscFiles[0];
  if (values['drop-unknown-keys'] && file === undefined)
    throw new SchemaUsageError('--drop-unknown-keys applies to a schema given with --proto or --avsc (an inferred schema has every key)');
  if (file === undefined) return undefined;
  const kind = values.proto !== undefined ? 'proto' : 'avsc';
  const source = readSchemaFile(file);
  const readIfThere = async (candidate: string) => {
    try {
      return fs.statSync(candidate).isFile() ? fs.readFileSync(candidate, 'utf8') : undefined;
    } catch {
      return undefined;
    }
  };
  let imports: Record<string, string>;
  if (kind === 'proto') {
    imports = await resolveProtoImports(file, source, values['proto-path'] ?? [], readIfThere);
  } else {
    for (const given of avscFiles.slice(1)) readSchemaFile(given); // a missing --avsc is an error, not a silent skip
    const folder = path.dirname(file);
    const siblings = fs.readdirSync(folder).map((name) => path.join(folder, name));
    imports = await collectAvroReferences(file, source, avscFiles.slice(1), siblings, readIfThere);
  }
  return {
    kind,
    source,
    path: file,
    ...(values.type === undefined ? {} : { typeName: values.type }),
    ...(Object.keys(imports).length > 0 ? { imports } : {}),
    ...(values['drop-unknown-keys'] ? { dropUnknownKeys: true } : {}),
  };
}

function readSchemaFile(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder, not a file' : `cannot read it (${code})`;
    throw new SchemaInputError(file, { message: reason, line: 1, column: 1 });
  }
}

/** Variants, refused alongside a provided schema (which is used as given). */
export function variantsFrom(values: SchemaOptionValues, provided: ProvidedSchema | undefined): Partial<SchemaVariants> | undefined {
  let variants: Partial<SchemaVariants>;
  try {
    variants = parseVariants(values);
  } catch (error) {
    throw new SchemaUsageError((error as Error).message);
  }
  if (Object.keys(variants).length === 0) return undefined;
  if (provided) throw new SchemaUsageError(`--integers, --doubles and --fields shape inferred schemas; the --${provided.kind} schema is used as given`);
  return variants;
}

/** How many records to generate, if any: only from a provided schema, and only without a sample file. */
export function generationFrom(
  values: SchemaOptionValues,
  provided: ProvidedSchema | undefined,
  hasFile: boolean,
): { count: number; seed: number } | undefined {
  const count = wholeNumber('samples', values.samples, 1);
  const seed = wholeNumber('seed', values.seed, 0);
  if (!provided) {
    if (count !== undefined || seed !== undefined) throw new SchemaUsageError('--samples and --seed generate records from --proto or --avsc');
    return undefined;
  }
  if (hasFile) {
    if (count !== undefined || seed !== undefined)
      throw new SchemaUsageError('--samples and --seed generate a sample: give either FILE or --samples, not both');
    return undefined;
  }
  return { count: count ?? DEFAULT_GENERATED_RECORDS, seed: seed ?? DEFAULT_SEED };
}

function wholeNumber(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed < min) throw new SchemaUsageError(`--${name} takes a whole number ≥ ${min}, got '${value}'`);
  return parsed;
}
