/**
 * Pure decisions of the schema flow of Compare Encodings (no vscode import): which files are
 * schemas, the order of message types, and how runs and generated samples are named.
 */
import { fileNameOf } from '../host/sample-source';
import type { FormatSchemaFile, ProvidedSchema } from '../shared/codec-job';
import { LANGUAGE_NAMES } from '../schema/translate/translated-text';

export { fileNameOf };

const SCHEMA_EXTENSION = /\.(proto|avsc|avpr|avdl)$/i;

/** `proto` or `avsc` (an Avro schema, protocol or IDL) for a schema file by its extension, else undefined. */
export function schemaKindOf(filePath: string): ProvidedSchema['kind'] | undefined {
  const match = SCHEMA_EXTENSION.exec(filePath);
  if (!match) return undefined;
  return match[1]!.toLowerCase() === 'proto' ? 'proto' : 'avsc';
}

export type FormatLanguage = FormatSchemaFile['language'];

const FORMAT_SCHEMA_EXTENSION = /\.(fbs|capnp|bop)$/i;

/** `fbs`, `capnp` or `bop` for a schema file of a format whose row generates code, by its extension. */
export function formatLanguageOf(filePath: string): FormatLanguage | undefined {
  return FORMAT_SCHEMA_EXTENSION.exec(filePath)?.[1]!.toLowerCase() as FormatLanguage | undefined;
}

/** The row each language's schema is for, and what its root is called there. */
export const FORMAT_SCHEMA_ROWS: Record<FormatLanguage, { codec: string; name: string; root: string }> = {
  fbs: { codec: 'flatbuffers', name: LANGUAGE_NAMES.fbs, root: 'table' },
  capnp: { codec: 'capnp', name: LANGUAGE_NAMES.capnp, root: 'struct' },
  bop: { codec: 'bebop', name: LANGUAGE_NAMES.bop, root: 'struct or message' },
};

/** The run's codecs with the schema's own row added where the settings leave it out. */
export function withFormatRow(codecs: readonly string[], language: FormatLanguage): string[] {
  const row = FORMAT_SCHEMA_ROWS[language].codec;
  return codecs.includes(row) ? [...codecs] : [...codecs, row];
}

export interface MessageTypeChoice {
  typeName: string;
  isDefault: boolean;
}

/** The default message type first (the one no other refers to), then the rest in file order. */
export function orderMessageTypes(messageTypes: readonly string[], defaultType: string | undefined): MessageTypeChoice[] {
  const rest = messageTypes.filter((name) => name !== defaultType);
  const first = defaultType !== undefined && messageTypes.includes(defaultType) ? [{ typeName: defaultType, isDefault: true }] : [];
  return [...first, ...rest.map((typeName) => ({ typeName, isDefault: false }))];
}

/** What a generated sample is called: `1000 records generated from Items (seed 1)`. */
export function generatedSampleName(count: number, rootName: string, seed: number): string {
  return `${count} record${count === 1 ? '' : 's'} generated from ${rootName} (seed ${seed})`;
}

/** The name of an Avro schema's root (its `name`), else the file's name without extension. */
export function avroRootName(schemaText: string, filePath: string): string {
  try {
    const parsed: unknown = JSON.parse(schemaText);
    if (typeof parsed === 'object' && parsed !== null && typeof (parsed as { name?: unknown }).name === 'string') return (parsed as { name: string }).name;
  } catch {
    // The worker reports what is wrong with it; a name is all that is wanted here.
  }
  return fileNameOf(filePath).replace(SCHEMA_EXTENSION, '');
}

/**
 * The sample pick's step and prompt for a user's .fbs/.capnp/.bop: "(2/2)" only after the root
 * was picked as step 1; the root by name when known, else said as the schema's (a missing
 * tool leaves it unknown: "One its struct or message value" read as a typo).
 */
export function formatSamplePick(language: FormatLanguage, rootName: string | undefined, askedRoot: boolean): { step: string; placeHolder: string } {
  const value = rootName === undefined ? `A value of the schema's root ${FORMAT_SCHEMA_ROWS[language].root}` : `One ${rootName} value`;
  return { step: askedRoot ? ' (2/2)' : '', placeHolder: `${value} as JSON: its keys are the schema's field names` };
}
