/**
 * `compare --fbs FILE`, `--capnp FILE`, `--bop FILE`: the user's own schema for the FlatBuffers,
 * Cap'n Proto or Bebop row, instead of one translated from the run's schema. Each file is
 * checked by its tool before anything runs, so a mistake stops the run with file:line:column;
 * where the tool is not installed or the schema is refused for the code it would generate, the
 * row itself says so and the other rows run.
 */
import * as fs from 'node:fs';
import { MissingToolError, UnsafeSchemaError } from '../codegen/generate';
import { GeneratedCodeError } from '../codegen/transpile';
import { SchemaInputError } from '../schema/schema-problem';
import { SchemaUsageError } from './schema-options';
import type { CodegenSettings, FormatSchemaFile } from '../shared/codec-job';

export const FORMAT_SCHEMA_OPTIONS = {
  fbs: { type: 'string' },
  capnp: { type: 'string' },
  bop: { type: 'string' },
  root: { type: 'string' },
} as const;

export const FORMAT_SCHEMA_USAGE = `Schemas of your own for the rows that generate code (each replaces the schema translated
from the run's for its row only; JSON keys are its field names; the file stands alone, no includes):
  --fbs FILE           a FlatBuffers schema for the flatbuffers row (its root_type is encoded)
  --capnp FILE         a Cap'n Proto schema for the capnp row
  --bop FILE           a Bebop schema for the bebop row
  --root NAME          the struct or message --capnp and --bop encode (default: the last one no
                       other refers to)`;

export interface FormatSchemaOptionValues {
  fbs?: string;
  capnp?: string;
  bop?: string;
  root?: string;
}

/** The files given, read and checked by their tools; throws SchemaUsageError or SchemaInputError (file:line:column). */
export async function formatSchemasFrom(values: FormatSchemaOptionValues, settings: CodegenSettings): Promise<FormatSchemaFile[]> {
  const files: FormatSchemaFile[] = [];
  for (const language of ['fbs', 'capnp', 'bop'] as const) {
    const file = values[language];
    if (file === undefined) continue;
    let source: string;
    try {
      source = fs.readFileSync(file, 'utf8');
    } catch (error) {
      throw new SchemaUsageError(`--${language} ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
    }
    files.push({ language, source, path: file, ...(values.root !== undefined && language !== 'fbs' ? { rootType: values.root } : {}) });
  }
  if (values.root !== undefined && !values.capnp && !values.bop) throw new SchemaUsageError('--root names the root of a --capnp or --bop schema: give one');
  // Loaded only when a file is given: the readers load the formats' runtimes.
  const { checkFormatSchema } = await import('../codecs/zero-copy/user/user-schema');
  for (const file of files) {
    try {
      const problem = await checkFormatSchema(file, settings);
      if (problem) throw new SchemaInputError(file.path, problem);
    } catch (error) {
      // The row says these (a missing tool, text refused before generation, code that does not compile), and the other rows run.
      if (!(error instanceof MissingToolError || error instanceof UnsafeSchemaError || error instanceof GeneratedCodeError)) throw error;
    }
  }
  return files;
}
