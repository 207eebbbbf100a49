/**
 * `payload-lab schema`: prints a schema for a reader to check or keep. Inferred from a sample
 * (`schema SAMPLE.json --format proto|avsc`, with the variant flags), or derived from a given
 * schema in the other format (`schema --proto FILE --type T`, `schema --avsc FILE`). The schema
 * goes to stdout, the notes on the choices made to stderr.
 */
import { parseArgs } from 'node:util';
import { UnsupportedSampleError } from '../codecs/codec';
import { parseSample, sampleBytesOf, sampleKindOf } from '../input/read-sample';
import { deriveAvroFromProto } from '../schema/derive-avro-from-proto';
import { deriveProtoFromAvro } from '../schema/derive-proto-from-avro';
import { inferSchemaText } from '../schema/inferred-text';
import { resolveAvsc, resolveProtoType } from '../schema/provided-schema';
import { providedSchemaFrom, SCHEMA_OPTIONS, SchemaUsageError, variantsFrom } from './schema-options';
import type { ProvidedSchema } from '../shared/codec-job';
import { inferAvroSchema } from '../schema/infer-avro';
import { LANGUAGE_NAMES, TRANSLATED_LANGUAGES, translatedSchemaText, type TranslatedLanguage } from '../schema/translate/translated-text';
import { noteText } from '../shared/note-text';
import type { RowNote } from '../shared/results';

const isTranslated = (format: string): format is TranslatedLanguage => (TRANSLATED_LANGUAGES as readonly string[]).includes(format);

export const SCHEMA_USAGE = `Usage: payload-lab schema SAMPLE.json --format proto|avsc|fbs|capnp|bop [--integers …] [--doubles …] [--fields …]
       payload-lab schema --proto FILE [--type NAME]    (prints the Avro schema derived from it)
       payload-lab schema --avsc FILE                   (prints the proto3 schema derived from it)
       payload-lab schema --proto FILE --format fbs|capnp|bop   (and --avsc: the schema translated from it)

Prints the schema Payload Lab infers from SAMPLE (what avsc and protobufjs use when no schema is
given), or the one it derives from a given schema for the other format; fbs, capnp and bop:
the FlatBuffers, Cap'n Proto or Bebop schema the rows of those formats translate from the same
Avro schema. Comments (.proto, .fbs, .capnp, .bop) and "doc" attributes (Avro) say where a
choice was made; notes go to stderr.`;

interface SchemaText {
  text: string;
  notes: RowNote[];
}

/** Returns the exit code: 0 printed, 2 bad input or usage (thrown for the CLI to report). */
export async function schemaCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { ...SCHEMA_OPTIONS, format: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    process.stdout.write(`${SCHEMA_USAGE}\n`);
    return 0;
  }
  if (positionals.length > 1) throw new SchemaUsageError(`schema takes one sample file, got ${positionals.length}`);
  const format = values.format;
  if (format !== undefined && format !== 'proto' && format !== 'avsc' && !isTranslated(format))
    throw new SchemaUsageError(`--format takes proto, avsc, fbs, capnp or bop, got '${format}'`);
  const provided = await providedSchemaFrom(values);
  const variants = variantsFrom(values, provided);
  if (values.samples !== undefined || values.seed !== undefined) throw new SchemaUsageError('--samples and --seed belong to compare');

  const file = positionals[0];
  if (provided && file !== undefined) throw new SchemaUsageError('give a sample to infer from, or --proto/--avsc to derive from, not both');
  if (provided && format === provided.kind) throw new SchemaUsageError(`--format ${format} is the given schema's own format: nothing to derive`);
  if (!provided && file === undefined) throw new SchemaUsageError('give a sample file to infer a schema from (or --proto/--avsc)');
  if (!provided && format === undefined) throw new SchemaUsageError('--format proto or --format avsc: which schema to infer');
  const wanted = format ?? (provided?.kind === 'proto' ? 'avsc' : 'proto');

  let result: SchemaText;
  try {
    if (isTranslated(wanted)) {
      // The Avro schema the Avro rows would use, translated as the FlatBuffers, Cap'n Proto and Bebop rows do.
      const avro = provided
        ? provided.kind === 'avsc'
          ? resolveAvsc(provided).schema
          : deriveAvroFromProto(resolveProtoType(provided).type).schema
        : inferAvroSchema(parseSample(sampleBytesOf({ path: file! }), sampleKindOf(file!), file!), variants).schema;
      result = translatedSchemaText(avro, wanted);
    } else if (provided) {
      result = derive(provided);
    } else {
      const sample = parseSample(sampleBytesOf({ path: file! }), sampleKindOf(file!), file!);
      result = inferSchemaText(sample, wanted, variants);
    }
  } catch (error) {
    if (!(error instanceof UnsupportedSampleError)) throw error;
    const what = provided ? `derived from ${provided.path ?? 'the schema'}` : `fits ${file}`;
    const language = isTranslated(wanted) ? LANGUAGE_NAMES[wanted] : wanted === 'proto' ? 'proto3' : 'Avro';
    process.stderr.write(`payload-lab: no ${language} schema ${what}: ${error.message}\n`);
    return 2;
  }
  process.stdout.write(result.text);
  for (const note of result.notes) process.stderr.write(`note: ${noteText(note)}\n`);
  return 0;
}

/** Schema errors in the given file are thrown as SchemaInputError (file:line:column). */
function derive(provided: ProvidedSchema): SchemaText {
  if (provided.kind === 'proto') return deriveAvroFromProto(resolveProtoType(provided).type);
  const derived = deriveProtoFromAvro(resolveAvsc(provided).schema);
  return { text: derived.source, notes: derived.notes };
}
