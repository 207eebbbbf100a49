/**
 * A user's own .fbs, .capnp or .bop (CLI `--fbs`, `--capnp`, `--bop`; Compare Encodings on such
 * a file): checked and read by the format's own tool, in a child process with the run's
 * timeout, cached like generated code. What the tool reports wrong comes back as file, line
 * and column (`checkFormatSchema`, for the CLI and editor diagnostics); what it accepts becomes
 * the schema model the row's glue drives (`readFormatSchema`). A FlatBuffers file's includes are
 * read from beside it (schema-files.ts); other imports are refused by name, and an include or
 * import that is absolute or climbs with `..` is refused at its statement before the tool runs
 * (it would read any file).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { generateCode, MissingToolError, UnsafeSchemaError, type GeneratedCode, type Generator } from '../../../codegen/generate';
import { GeneratedCodeError } from '../../../codegen/transpile';
import { ProgramRunError } from '../../../processes/run-program';
import { BEBOP_GENERATOR, CAPNP_GENERATOR, CAPNP_SCHEMA_READER, FLATBUFFERS_SCHEMA_READER } from '../../../codegen/zero-copy-tools';
import { findTool, type ToolLookup } from '../../../codegen/find-tool';
import type { FlatBuffersTranslation } from '../../../schema/translate/to-fbs';
import type { CapnpTranslation } from '../../../schema/translate/to-capnp';
import type { BebopTranslation } from '../../../schema/translate/to-bop';
import { modelFromBinarySchema } from './fbs-reflection';
import { schemaFiles } from './schema-files';
import { capnpRootChoices, modelFromCodeGeneratorRequest } from './capnp-reflection';
import { bebopRootChoices, modelFromBebopCode } from './bop-reflection';
import { UntranslatableSchemaError } from '../../../schema/translate/model-from-avro';
import { refusedInclude } from '../../../schema/import-names';
import { SchemaInputError } from '../../../schema/schema-problem';
import type { SchemaProblem } from '../../../shared/schema-problem';
import type { CodegenSettings, FormatSchemaFile } from '../../../shared/codec-job';
import type { FormatSchemaInfo } from '../../../shared/worker-protocol';
import type { NoteFact } from '../../../shared/results';

export type { FormatSchemaFile };
export type FormatLanguage = FormatSchemaFile['language'];

export type FormatTranslation = FlatBuffersTranslation | CapnpTranslation | BebopTranslation;

const READERS: Record<FormatLanguage, Generator> = { fbs: FLATBUFFERS_SCHEMA_READER, capnp: CAPNP_SCHEMA_READER, bop: BEBOP_GENERATOR };

/** The problem the format's tool reports in the file (with line and column where it says), or undefined when it accepts it. */
export async function checkFormatSchema(file: FormatSchemaFile, settings: CodegenSettings = {}, signal?: AbortSignal): Promise<SchemaProblem | undefined> {
  try {
    await readWithTool(file, settings, signal);
    return undefined;
  } catch (error) {
    if (error instanceof ProgramRunError && error.reason === 'exit') return locateToolError(file.language, error.stderrTail);
    if (error instanceof SchemaInputError) return error.problem;
    // An import the tool is not given, or an include not beside the file: at its line.
    if (error instanceof UntranslatableSchemaError) return { message: error.message, ...importLine(file.source) };
    throw error;
  }
}

/** Where the file's first import or include statement is (1-based), else its start. */
function importLine(source: string): { line: number; column: number } {
  const lines = source.split('\n');
  const index = lines.findIndex((line) => /^\s*(?:include|import)\s+"|\bimport\s+"/.test(line));
  return index < 0 ? { line: 1, column: 1 } : { line: index + 1, column: lines[index]!.search(/\S/) + 1 };
}

/**
 * What the editor asks before a run on the file (Compare Encodings on a .fbs, .capnp, .bop): the
 * tool's first problem (file:line:column); else the roots it may encode (FlatBuffers: its
 * root_type, the only one) and the default; or why it cannot be used (no tool, no root).
 */
export async function formatSchemaInfo(file: FormatSchemaFile, settings: CodegenSettings = {}, signal?: AbortSignal): Promise<FormatSchemaInfo> {
  try {
    const { code, entry } = await readWithTool(file, settings, signal);
    const output = (name: string) => fs.readFileSync(path.join(code.outDir, name));
    if (file.language === 'fbs') {
      const root = modelFromBinarySchema(output(entry.replace(/\.fbs$/i, '.bfbs'))).model.root;
      return root.kind === 'record' ? { roots: [root.name], defaultRoot: root.name } : { unusable: 'the root_type is not a table' };
    }
    const choices =
      file.language === 'capnp' ? capnpRootChoices(output(`${entry}.request`)) : bebopRootChoices(output(entry.replace(/\.bop$/i, '.ts')).toString('utf8'));
    if (choices.names.length === 0) return { unusable: `the schema declares no ${file.language === 'capnp' ? 'struct' : 'struct or message'} to encode` };
    // capnp reads the file alone; the row also needs capnpc-ts, told now as a missing tool is.
    const missing = file.language === 'capnp' ? await missingTools(CAPNP_GENERATOR, settings, signal) : undefined;
    return { roots: choices.names, ...(choices.defaultName ? { defaultRoot: choices.defaultName } : {}), ...(missing ? { missingTool: missing } : {}) };
  } catch (error) {
    if (error instanceof ProgramRunError && error.reason === 'exit') return { problem: locateToolError(file.language, error.stderrTail) };
    if (error instanceof SchemaInputError) return { problem: error.problem };
    if (error instanceof MissingToolError) return { missingTool: error.message };
    if (error instanceof UntranslatableSchemaError || error instanceof UnsafeSchemaError || error instanceof GeneratedCodeError)
      return { unusable: error.message };
    throw error;
  }
}

/** What the generator's tools lack, in the words of a missing tool's error; undefined when all are there. */
async function missingTools(generator: Generator, settings: CodegenSettings, signal?: AbortSignal): Promise<string | undefined> {
  const lookups = await Promise.all(
    generator.tools.map((spec) =>
      findTool(spec, {
        ...(settings.tools ? { settings: settings.tools } : {}),
        ...(settings.cacheDir ? { cacheDir: settings.cacheDir } : {}),
        ...(signal ? { signal } : {}),
      }),
    ),
  );
  const missing = lookups.filter((lookup): lookup is ToolLookup & { found: false } => !lookup.found);
  return missing.length > 0 ? missing.map((lookup) => lookup.problem).join(' ') : undefined;
}

/**
 * The translation a row runs with: the user's text as the schema, the model read from the
 * tool's output. Throws the tool's error (ProgramRunError), a MissingToolError, or an
 * UntranslatableSchemaError naming what the glue cannot drive (a skipped row).
 */
export async function readFormatSchema(file: FormatSchemaFile, settings: CodegenSettings = {}, signal?: AbortSignal): Promise<FormatTranslation> {
  const { code, entry } = await readWithTool(file, settings, signal);
  const notes: NoteFact[] = [
    {
      code: 'format-schema-provided',
      file: path.basename(file.path),
      tool: file.language === 'fbs' ? 'flatc' : file.language === 'capnp' ? 'capnp' : 'bebopc',
    },
  ];
  const output = (name: string) => fs.readFileSync(path.join(code.outDir, name));
  switch (file.language) {
    case 'fbs': {
      const { model, structs, identifier } = modelFromBinarySchema(output(entry.replace(/\.fbs$/i, '.bfbs')));
      return { language: 'fbs', text: file.source, model, structs, ...(identifier ? { identifier } : {}), includes: schemaFiles(file, entry), notes };
    }
    case 'capnp': {
      const model = modelFromCodeGeneratorRequest(output(`${entry}.request`), file.rootType);
      return { language: 'capnp', text: file.source, model, notes: [...notes, ...model.notes] };
    }
    case 'bop': {
      const { model, messages } = modelFromBebopCode(output(entry.replace(/\.bop$/i, '.ts')).toString('utf8'), file.rootType);
      return { language: 'bop', text: file.source, model, messages, notes };
    }
  }
}

/** The name the file is given to the tool: its own, made safe, with the format's extension. */
export function entryName(file: FormatSchemaFile): string {
  const stem =
    path
      .basename(file.path)
      .replace(/\.[^.]*$/, '')
      .replace(/[^A-Za-z0-9_-]/g, '_') || 'schema';
  return `${stem}.${file.language}`;
}

async function readWithTool(file: FormatSchemaFile, settings: CodegenSettings, signal?: AbortSignal): Promise<{ code: GeneratedCode; entry: string }> {
  const refused = refusedInclude(file.language, file.source);
  if (refused) throw new SchemaInputError(file.path, refused);
  const entry = entryName(file);
  const code = await generateCode(
    READERS[file.language],
    { files: schemaFiles(file, entry), entries: [entry], origins: { [entry]: file.path } },
    settings,
    signal,
  );
  return { code, entry };
}

/**
 * The first diagnostic of a tool's output, as a SchemaProblem: flatc `file:12: 5: error: …`;
 * capnp `file:12:5-9: error: …`; bebopc (-df MSBuild) `file(12,5) : error BOP104: …`. Lines and
 * columns are 1-based as the tools print them (flatc's column can be 0: read as 1).
 */
export function locateToolError(language: FormatLanguage, output: string): SchemaProblem {
  const text = output.replace(/\r/g, '');
  const pattern = {
    fbs: /:(\d+): (\d+): error: ([\s\S]*?)(?=\n\S|$)/,
    capnp: /:(\d+):(\d+)(?:-\d+)?: error: ([\s\S]*?)(?=\n\S|$)/,
    bop: /\((\d+),(\d+)\) : error (?:BOP\d+: )?([\s\S]*?)(?=\n\S*\(\d+,\d+\) :|$)/,
  }[language];
  const match = pattern.exec(text);
  if (!match) return { message: text.trim() || 'the tool rejected the schema and said nothing', line: 1, column: 1 };
  return { message: match[3]!.replace(/\s+/g, ' ').trim(), line: Number(match[1]), column: Math.max(1, Number(match[2])) };
}
