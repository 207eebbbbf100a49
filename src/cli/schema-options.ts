/**
 * The schema options `compare` and `schema` share: a provided schema (`--proto FILE --type T`,
 * `--avsc FILE`), records generated from it (`--samples N --seed S`), and the variants of
 * inferred schemas (`--integers`, `--doubles`, `--fields`).
 */
import * as fs from 'node:fs';
import type { ProvidedSchema } from '../codecs/codec';
import { SchemaInputError } from '../schema/schema-problem';
import { parseVariants, VARIANT_CHOICES, type SchemaVariants } from '../schema/variants';

/** A usage mistake: the CLI prints it with the usage text and exits 2. */
export class SchemaUsageError extends Error {
  override name = 'SchemaUsageError';
}

export const SCHEMA_OPTIONS = {
  proto: { type: 'string' },
  avsc: { type: 'string' },
  type: { type: 'string' },
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
  --avsc FILE          use this .avsc
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
  avsc?: string;
  type?: string;
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
  const schema = providedSchemaFrom(values);
  const variants = variantsFrom(values, schema);
  const generation = generationFrom(values, schema, file !== undefined);
  if (!schema || !generation) return { schema, variants };
  // Loaded only here: protobufjs and avsc stay out of the CLI process otherwise.
  const { generateFromSchema } = await import('../schema/generate-sample');
  const generated = generateFromSchema(schema, generation);
  const bytes = Buffer.from(JSON.stringify(generated.records), 'utf8');
  return { schema, generated: { path: generated.description, bytes, kind: 'json' } };
}

/** Reads `--proto`/`--avsc` (with `--type`); undefined when neither is given. */
export function providedSchemaFrom(values: SchemaOptionValues): ProvidedSchema | undefined {
  if (values.proto !== undefined && values.avsc !== undefined) throw new SchemaUsageError('give --proto or --avsc, not both');
  if (values.type !== undefined && values.proto === undefined) throw new SchemaUsageError('--type names a message of the --proto file');
  const file = values.proto ?? values.avsc;
  if (file === undefined) return undefined;
  const kind = values.proto !== undefined ? 'proto' : 'avsc';
  let source: string;
  try {
    source = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder, not a file' : `cannot read it (${code})`;
    throw new SchemaInputError(file, { message: reason, line: 1, column: 1 });
  }
  return { kind, source, path: file, ...(values.type === undefined ? {} : { typeName: values.type }) };
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
export function generationFrom(values: SchemaOptionValues, provided: ProvidedSchema | undefined, hasFile: boolean): { count: number; seed: number } | undefined {
  const count = wholeNumber('samples', values.samples, 1);
  const seed = wholeNumber('seed', values.seed, 0);
  if (!provided) {
    if (count !== undefined || seed !== undefined) throw new SchemaUsageError('--samples and --seed generate records from --proto or --avsc');
    return undefined;
  }
  if (hasFile) {
    if (count !== undefined || seed !== undefined) throw new SchemaUsageError('--samples and --seed generate a sample: give either FILE or --samples, not both');
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
