/**
 * A provided schema, loaded and checked once for every user of it: the engine (before any
 * worker starts), the codecs (inside their workers), the CLI's `schema` command and the editor.
 */
import type * as protobuf from 'protobufjs';
import * as avro from 'avsc';
import { definitionsOf, type NamedDefinition } from './avro-references';
import { loadAvscSchema } from './load-avsc';
import { findMessageType, loadProtoSchema } from './load-proto';
import { SchemaInputError } from './schema-problem';
import type { ProvidedSchema } from '../shared/codec-job';
import type { SchemaProblem } from '../shared/schema-problem';

export interface ProtoTypeChoice {
  type: protobuf.Type;
  /** Full name of the message (`pkg.Items`). */
  typeName: string;
  messageTypes: string[];
}

/** Loads a provided schema; throws a SchemaInputError (file:line:column) when it does not load. */
export function resolveProvidedSchema(schema: ProvidedSchema): void {
  if (schema.kind === 'proto') resolveProtoType(schema);
  else resolveAvsc(schema);
}

/**
 * What is wrong with a provided schema (syntax, types, the message name asked for), if anything,
 * and in which file: an imported file's own problem is at its own line and column.
 */
export function checkProvidedSchema(schema: ProvidedSchema): { path: string; problem: SchemaProblem } | undefined {
  try {
    resolveProvidedSchema(schema);
    return undefined;
  } catch (error) {
    if (error instanceof SchemaInputError) return { path: error.path, problem: error.problem };
    throw error;
  }
}

/** The message type to encode; throws a SchemaInputError (with line and column) when there is none. */
export function resolveProtoType(schema: ProvidedSchema): ProtoTypeChoice {
  const path = schema.path ?? 'schema.proto';
  const loaded = loadProtoSchema(schema.source, { path, ...(schema.imports ? { imports: schema.imports } : {}) });
  if (!loaded.ok) throw new SchemaInputError(loaded.path ?? path, loaded.error);
  const typeName = schema.typeName ?? loaded.defaultType;
  const found = findMessageType(loaded, typeName);
  if ('problem' in found) throw new SchemaInputError(path, { message: found.problem, line: 1, column: 1 });
  return { type: found, typeName: found.fullName.replace(/^\./, ''), messageTypes: loaded.messageTypes };
}

/**
 * The Avro schema JSON, standing alone (named types from `imports` inlined); throws a
 * SchemaInputError (with line and column) when avsc rejects it. An Avro protocol (`.avpr`, or
 * IDL `.avdl` as avsc reads it) gives its last type, or the one `typeName` names.
 */
export function resolveAvsc(schema: ProvidedSchema): { schema: unknown } {
  const path = schema.path ?? 'schema.avsc';
  const references = Object.entries(schema.imports ?? {}).flatMap(([file, text]) => definitionsOf(parseReference(file, text), file));
  const protocol = isAvroProtocolPath(path) ? readAvroProtocol(path, schema.source, schema.typeName) : undefined;
  const loaded = protocol
    ? loadAvscSchema(JSON.stringify(protocol.root, null, 2), [...protocol.others, ...references])
    : loadAvscSchema(schema.source, references);
  if (!loaded.ok) throw new SchemaInputError(path, protocol ? { ...loaded.error, line: 1, column: 1 } : loaded.error);
  return { schema: loaded.schema };
}

function parseReference(file: string, text: string): unknown {
  if (/\.avdl$/i.test(file)) return safely(() => avro.readProtocol(text));
  return safely(() => JSON.parse(text) as unknown);
}

function safely(read: () => unknown): unknown {
  try {
    return read();
  } catch {
    return undefined; // a file that does not read defines nothing; the schema's own error names what is missing
  }
}

/** Whether a schema file is an Avro protocol (`.avpr`) or IDL (`.avdl`) rather than one schema. */
export const isAvroProtocolPath = (path: string): boolean => /\.(avpr|avdl)$/i.test(path);

/**
 * The named types an Avro protocol declares at its top level, in order; the last is the one
 * used when none is chosen. Throws a SchemaInputError when avsc cannot read the protocol.
 */
export function avroProtocolTypes(path: string, text: string): { names: string[]; definitions: NamedDefinition[] } {
  let protocol: unknown;
  try {
    protocol = /\.avdl$/i.test(path) ? avro.readProtocol(text) : JSON.parse(text);
  } catch (error) {
    throw new SchemaInputError(path, {
      message: `not an Avro protocol avsc can read: ${error instanceof Error ? error.message : String(error)}`,
      line: 1,
      column: 1,
    });
  }
  const definitions = definitionsOf(protocol, path);
  const topLevel = Array.isArray((protocol as { types?: unknown }).types) ? (protocol as { types: unknown[] }).types : [];
  return { names: definitions.filter((definition) => topLevel.includes(definition.schema)).map((definition) => definition.fullName), definitions };
}

/** The type to use from an Avro protocol, and the others as definitions it may refer to. */
function readAvroProtocol(path: string, text: string, typeName: string | undefined): { root: unknown; others: NamedDefinition[] } {
  const { names, definitions } = avroProtocolTypes(path, text);
  const wanted = typeName === undefined ? names.at(-1) : names.find((name) => name === typeName || name.endsWith(`.${typeName}`));
  if (wanted === undefined) {
    const problem = typeName === undefined ? 'the protocol declares no named type' : `no type '${typeName}' in the protocol (it declares: ${names.join(', ')})`;
    throw new SchemaInputError(path, { message: problem, line: 1, column: 1 });
  }
  return { root: wanted, others: definitions };
}

/** `Items.proto (message Items)`: how notes name the schema a derivation started from. */
export function describeProvided(schema: ProvidedSchema, typeName?: string): string {
  const file = schema.path ? schema.path.split(/[\\/]/).at(-1)! : `the provided .${schema.kind}`;
  return typeName ? `${file} (message ${typeName})` : file;
}
