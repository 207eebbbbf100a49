/**
 * The FlatBuffers, Cap'n Proto and Bebop rows share one shape: translate the run's schema (the
 * Avro schema the Avro rows use: provided, derived from a .proto, or inferred) into the
 * format's schema language, emit the glue for it, generate code with the format's tool in a
 * child process (cached: a second run of the same schema generates nothing), then load the
 * generated classes and the glue in the codec's worker with the bundled runtime library.
 */
import { UnsupportedSampleError, type CodecModule, type PrepareContext, type PreparedCodec } from '../codec';
import type { ChosenSchema } from '../avro-schema-choice';
import { chooseTranslatedSchema } from './zero-copy-schema';
import { modelFromAvro } from '../../schema/translate/model-from-avro';
import type { SchemaModel } from '../../schema/translate/model';
import { describeGeneration, generateCode, type GeneratedCode, type Generator } from '../../codegen/generate';
import { GeneratedModules, type RuntimeModules } from '../../codegen/load-generated';
import { GLUE_FILE } from '../../codegen/zero-copy-tools';
import type { GlueModule } from './glue-source';

export interface Translation {
  text: string;
  notes: string[];
}

export interface ZeroCopyFormat<T extends Translation> {
  /** `FlatBuffers`: names the format in notes. */
  name: string;
  /** The schema file given to the tool (`schema.fbs`). */
  schemaFile: string;
  translate(model: SchemaModel): T;
  /** The glue's source (glue-source.ts). */
  glue(translation: T): string;
  generator: Generator;
  /** The runtime libraries the generated code and the glue require, bundled with Payload Lab. */
  runtimes: RuntimeModules;
  /** Notes about the format that hold whatever the schema (the encoding used, what decode means). */
  notes: string[];
}

interface Generated<T> {
  chosen: ChosenSchema;
  translation: T;
  code: GeneratedCode;
}

export function zeroCopyCodec<T extends Translation>(format: ZeroCopyFormat<T>): CodecModule {
  return {
    async generate(sample, context) {
      const chosen = await chooseTranslatedSchema(sample, context);
      const translation = format.translate(modelFromAvro(chosen.schema, { listOfRecords: isListOfRecords(sample, chosen) }));
      const files = { [format.schemaFile]: translation.text, [GLUE_FILE]: format.glue(translation) };
      const code = await generateCode(format.generator, { files, entries: [format.schemaFile] }, context.codegen);
      return { chosen, translation, code } satisfies Generated<T>;
    },
    prepare(sample: unknown, context: PrepareContext): PreparedCodec {
      const generated = context.generated as Generated<T> | undefined;
      if (!generated) throw new UnsupportedSampleError(`${format.name} runs generated code: prepare it with prepareCodec, which generates it first`);
      const { chosen, translation, code } = generated;
      const glue = new GeneratedModules(code.outDir, format.runtimes).require(GLUE_FILE) as unknown as GlueModule;
      const from = chosen.origin === 'inferred' ? 'the schema inferred from the sample' : `the ${chosen.origin} Avro schema`;
      return {
        input: sample,
        encode: glue.encode,
        decode: glue.decode,
        schema: chosen.origin === 'inferred' ? 'inferred' : 'derived',
        schemaText: translation.text,
        notes: [
          `${format.name} schema translated field by field from ${from}`,
          describeGeneration(code),
          ...format.notes,
          ...translation.notes,
          ...chosen.notes.map((note) => `(Avro schema) ${note}`),
        ],
        ...(chosen.inferred ? { inferred: chosen.inferred } : {}),
        ...(glue.access && glue.firstField && glue.firstFieldPath ? { lazy: { access: glue.access, firstField: glue.firstField, firstFieldPath: glue.firstFieldPath } } : {}),
      };
    },
  };
}

/** A list of records against a record schema: encoded as a list of them, as the Avro rows do. */
function isListOfRecords(sample: unknown, chosen: ChosenSchema): boolean {
  if (chosen.origin === 'inferred' || !Array.isArray(sample)) return false;
  const schema = chosen.schema as { type?: unknown };
  return schema.type === 'record' || schema.type === 'error';
}
