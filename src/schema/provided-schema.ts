/**
 * A provided schema, loaded and checked once for every user of it: the engine (before any
 * worker starts), the codecs (inside their workers), the CLI's `schema` command and the editor.
 */
import type * as protobuf from 'protobufjs';
import type { ProvidedSchema } from './sample-contracts';
import { loadAvscSchema } from './load-avsc';
import { findMessageType, loadProtoSchema } from './load-proto';
import { SchemaInputError, type SchemaProblem } from './schema-problem';

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

/** What is wrong with a provided schema (syntax, types, the message name asked for), if anything. */
export function checkProvidedSchema(schema: ProvidedSchema): SchemaProblem | undefined {
  try {
    resolveProvidedSchema(schema);
    return undefined;
  } catch (error) {
    if (error instanceof SchemaInputError) return error.problem;
    throw error;
  }
}

/** The message type to encode; throws a SchemaInputError (with line and column) when there is none. */
export function resolveProtoType(schema: ProvidedSchema): ProtoTypeChoice {
  const path = schema.path ?? 'schema.proto';
  const loaded = loadProtoSchema(schema.source);
  if (!loaded.ok) throw new SchemaInputError(path, loaded.error);
  const typeName = schema.typeName ?? loaded.defaultType;
  const found = findMessageType(loaded, typeName);
  if ('problem' in found) throw new SchemaInputError(path, { message: found.problem, line: 1, column: 1 });
  return { type: found, typeName: found.fullName.replace(/^\./, ''), messageTypes: loaded.messageTypes };
}

/** The Avro schema JSON; throws a SchemaInputError (with line and column) when avsc rejects it. */
export function resolveAvsc(schema: ProvidedSchema): { schema: unknown } {
  const loaded = loadAvscSchema(schema.source);
  if (!loaded.ok) throw new SchemaInputError(schema.path ?? 'schema.avsc', loaded.error);
  return { schema: loaded.schema };
}

/** `Items.proto (message Items)`: how notes name the schema a derivation started from. */
export function describeProvided(schema: ProvidedSchema, typeName?: string): string {
  const file = schema.path ? schema.path.split(/[\\/]/).at(-1)! : `the provided .${schema.kind}`;
  return typeName ? `${file} (message ${typeName})` : file;
}
