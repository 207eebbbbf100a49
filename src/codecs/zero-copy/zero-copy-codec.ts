/**
 * The FlatBuffers, Cap'n Proto and Bebop rows share one shape: translate the run's schema (the
 * Avro schema the Avro rows use: provided, derived from a .proto, or inferred) into the
 * format's schema language, emit the glue for it, generate code with the format's tool in a
 * child process (cached: a second run of the same schema generates nothing), then load the
 * generated classes and the glue in the codec's worker with the bundled runtime library.
 */
import type { NoteFact, RowNote } from '../../shared/results';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { UnsupportedSampleError, type CodecModule, type PrepareContext, type PreparedCodec } from '../codec';
import type { ChosenSchema } from '../avro-schema-choice';
import { chooseTranslatedSchema } from './zero-copy-schema';
import { modelFromAvro } from '../../schema/translate/model-from-avro';
import type { SchemaModel } from '../../schema/translate/model';
import { describeGeneration, generateCode, type GeneratedCode, type Generator } from '../../codegen/generate';
import { GeneratedModules, sandboxNotes, type RuntimeModules } from '../../codegen/load-generated';
import { GLUE_FILE } from '../../codegen/zero-copy-tools';
import type { GlueModule } from './glue-source';
import { entryName, readFormatSchema, type FormatLanguage } from './user/user-schema';
import { declaresDefaults, schemaDefaults } from './schema-defaults';

export interface Translation {
  text: string;
  model: SchemaModel;
  notes: NoteFact[];
}

export interface ZeroCopyFormat<T extends Translation> {
  /** `FlatBuffers`: names the format in notes. */
  name: string;
  /** Its schema files' extension, and the language of `--fbs` and kin. */
  language: FormatLanguage;
  translate(model: SchemaModel): T;
  /** The glue's source (glue-source.ts); `generatedModule`: what the tool writes for `schemaFile`, required by the glue. */
  glue(translation: T, generatedModule: string): string;
  /** The module the tool writes for a schema file (`schema.fbs` → `schema_generated`). */
  generatedModule(schemaFile: string): string;
  generator: Generator;
  /** The runtime libraries the generated code and the glue require, bundled with Payload Lab. */
  runtimes: RuntimeModules;
  /** Notes about the format that hold whatever the schema (the encoding used, what decode means). */
  notes: NoteFact[];
}

interface Generated<T> {
  chosen: ChosenSchema;
  translation: T;
  code: GeneratedCode;
  /** How the sample met a provided or derived schema (avro-schema-choice.ts's fitAvroSample), as plain data. */
  fit?: SampleFit;
}

interface SampleFit {
  /** The one-list record's field the sample fills. */
  wrappedAs?: string;
  /** The sample as encoded, where it is not the sample itself: keys the user chose to drop left out, or read as proto3 JSON. */
  input?: unknown;
  notes: RowNote[];
}

export function zeroCopyCodec<T extends Translation>(format: ZeroCopyFormat<T>): CodecModule {
  return {
    async generate(sample, context) {
      // The user's own schema in this format, or the run's schema translated into it.
      const own = context.codegen?.formatSchemas?.find((file) => file.language === format.language);
      const chosen: ChosenSchema = own ? { schema: undefined, origin: 'provided', text: own.source, notes: [] } : await chooseTranslatedSchema(sample, context);
      const fitted = own ? undefined : await fitToSchema(sample, chosen, context);
      const translation = own
        ? ((await readFormatSchema(own, context.codegen)) as unknown as T)
        : format.translate(modelFromAvro(fitted?.schema ?? chosen.schema, { listOfRecords: isListOfMessages(sample, chosen, context) }));
      const schemaFile = own ? entryName(own) : `schema.${format.language}`;
      const files = {
        ...(translation as { includes?: Record<string, string> }).includes,
        [schemaFile]: translation.text,
        [GLUE_FILE]: format.glue(translation, format.generatedModule(schemaFile)),
      };
      const code = await generateCode(
        format.generator,
        { files, entries: [schemaFile], ...(own ? { origins: { [schemaFile]: own.path } } : {}) },
        context.codegen,
      );
      return { chosen, translation, code, ...(fitted ? { fit: fitted.fit } : {}) } satisfies Generated<T>;
    },
    prepare(sample: unknown, context: PrepareContext): PreparedCodec {
      const generated = context.generated as Generated<T> | undefined;
      if (!generated) {
        throw new UnsupportedSampleError(
          `${format.name} runs code generated from the schema at run time, which comparisons do and this part of Payload Lab (probes, payload limits) does not: not run here`,
        );
      }
      const { chosen, translation, code, fit } = generated;
      const glue = loadGlue(code, format, translation.model);
      const wrappedAs = fit?.wrappedAs;
      const origin = chosen.origin === 'provided' && chosen.schema === undefined ? 'provided' : chosen.origin === 'inferred' ? 'inferred' : 'derived';
      return {
        input: fit?.input ?? (wrappedAs ? { [wrappedAs]: sample } : sample),
        encode: glue.encode,
        decode: wrappedAs ? (bytes) => (glue.decode(bytes) as Record<string, unknown>)[wrappedAs] : glue.decode,
        schema: origin,
        schemaText: translation.text,
        notes: [
          ...(origin === 'provided' ? [] : [{ code: 'schema-translated', format: format.name, from: chosen.origin } satisfies NoteFact]),
          describeGeneration(code),
          ...sandboxNotes(),
          ...format.notes,
          ...translation.notes,
          ...chosen.notes.map((note): NoteFact => ({ code: 'avro-schema-note', note })),
          ...(fit?.notes ?? []),
        ],
        ...(chosen.inferred ? { inferred: chosen.inferred } : {}),
        ...(chosen.semantics ? { semantics: chosen.semantics } : {}),
        ...(declaresDefaults(translation.model.named) ? { schemaDefault: schemaDefaults(translation.model.root) } : {}),
        ...(glue.access && glue.firstField && glue.firstFieldPath
          ? { lazy: { access: glue.access, firstField: glue.firstField, firstFieldPath: glue.firstFieldPath } }
          : {}),
      };
    },
  };
}

/**
 * The glue and the generated code it requires. flatc 2.0.8's TypeScript writes a float default
 * of nan or inf as the bare word (`: nan;`), which JavaScript has no name for: the accessor and
 * the builder of that field throw, whatever the sample, so the row says so (an upstream fact)
 * rather than failing at decode as if the glue were wrong.
 */
function loadGlue<T extends Translation>(code: GeneratedCode, format: ZeroCopyFormat<T>, model: SchemaModel): GlueModule {
  const bare = model.named.some(
    (type) => type.kind === 'record' && type.fields.some((field) => typeof field.default === 'number' && !Number.isFinite(field.default)),
  )
    ? bareWord(code.outDir)
    : undefined;
  if (bare) {
    const tools = code.tools.map((tool) => `${tool.executable} ${tool.version}`).join(', ');
    throw new UnsupportedSampleError(
      `the TypeScript ${tools} generated for this schema writes a float default as the bare word \`${bare.word}\` (${bare.file}), which is not a JavaScript value: its reads and writes of that field throw "${bare.word} is not defined" (an upstream bug of the generator); not run with this schema`,
    );
  }
  return new GeneratedModules(code.outDir, format.runtimes).require(GLUE_FILE) as unknown as GlueModule;
}

/** The first `: nan;` (or inf, infinity) of the generated JavaScript under `folder`. */
function bareWord(folder: string): { word: string; file: string } | undefined {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const at = path.join(entry.parentPath, entry.name);
    const word = /[:,]\s*([+-]?(?:nan|inf|infinity))\s*[;)]/.exec(fs.readFileSync(at, 'utf8'))?.[1];
    if (word) return { word, file: path.relative(folder, at) };
  }
  return undefined;
}

/**
 * A provided or derived schema meets the sample as it does in the Avro rows: keys it does not
 * know refused (or dropped, as asked), a list against a one-list record filling it, against
 * another type an array of it. (Inferred schemas fit their sample.)
 */
async function fitToSchema(sample: unknown, chosen: ChosenSchema, context: PrepareContext): Promise<{ schema: unknown; fit: SampleFit } | undefined> {
  if (chosen.origin === 'inferred' || chosen.schema === undefined || context.messages) return undefined;
  const { fitAvroSample } = await import('../avro-schema-choice');
  // Each of these formats has an unsigned 64-bit integer, which the derived schema's uint64 fields become.
  const fitted = fitAvroSample(chosen, sample, context, { unsigned64: true });
  const filled = fitted.wrappedAs === undefined ? fitted.input : (fitted.input as Record<string, unknown>)[fitted.wrappedAs];
  const dropped = filled !== sample;
  return {
    schema: fitted.schema,
    fit: { ...(fitted.wrappedAs ? { wrappedAs: fitted.wrappedAs } : {}), ...(dropped ? { input: fitted.input } : {}), notes: fitted.notes },
  };
}

/** Message mode: a list of records against a record schema is a list of them, each record a message. */
function isListOfMessages(sample: unknown, chosen: ChosenSchema, context: PrepareContext): boolean {
  if (!context.messages || chosen.origin === 'inferred' || !Array.isArray(sample)) return false;
  const schema = chosen.schema as { type?: unknown };
  return schema.type === 'record' || schema.type === 'error';
}
