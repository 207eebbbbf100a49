/**
 * Loads a `.avsc` file: JSON syntax errors and avsc's schema errors both come back with a line
 * and a column (for the CLI's file:line:column and for editor diagnostics), never as a throw.
 *
 * avsc names what it rejects (`undefined type name: Foo`, the offending JSON) but not where;
 * its `typeHook` sees every schema node as it is parsed, so the node being parsed when the
 * error came is located in a position-keeping parse of the same text.
 */
import * as avro from 'avsc';
import { lineAndColumn, locateJsonError } from '../input/locate-json-error';
import { SPEC_LOGICAL_TYPES } from './avro-logical-types';
import { inlineReferences, undefinedNamesOf, type NamedDefinition } from './avro-references';
import { parseWithPositions, type JsonNode, type PositionedJson } from './json-positions';
import { WELL_KNOWN_LOGICAL_TYPES } from './proto-wkt-avro';
import type { SchemaProblem } from '../shared/schema-problem';

export type AvscLoad = { ok: true; schema: unknown; type: avro.Type; notes: NoteFact[] } | { ok: false; error: SchemaProblem };

/** The logical type that lets JSON samples hold `bytes` and `fixed` values as base64 text. */
export { BASE64_LOGICAL_TYPE } from './avro-names';
import { BASE64_LOGICAL_TYPE } from './avro-names';
import type { NoteFact } from '../shared/results';

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * JSON has no bytes: samples carry them as base64 strings (protobuf's JSON mapping does the
 * same), and this type converts at the edge, so avsc sees Buffers and callers see strings.
 */
class Base64BytesType extends avro.types.LogicalType {
  protected override _fromValue(value: Buffer): string {
    return value.toString('base64');
  }
  protected override _toValue(value: unknown): Buffer | undefined {
    // undefined fails the underlying type's check, so isValid reports the string's path.
    return typeof value === 'string' && BASE64.test(value) ? Buffer.from(value, 'base64') : undefined;
  }
  protected override _resolve(type: avro.Type): ((value: Buffer) => Buffer) | undefined {
    return avro.Type.isType(type, 'bytes', 'fixed') ? (value) => value : undefined;
  }
}

/**
 * `references`: named types other files define (see avro-references.ts); those the schema uses
 * are inlined at their first use, so the schema that comes back stands alone.
 */
export function loadAvscSchema(text: string, references: readonly NamedDefinition[] = []): AvscLoad {
  let schema: unknown;
  try {
    schema = JSON.parse(text);
  } catch (error) {
    const located = locateJsonError(text);
    const reason = located?.reason ?? (error instanceof Error ? error.message : String(error));
    return { ok: false, error: { message: `JSON syntax error: ${reason}`, ...lineAndColumn(text, located?.offset ?? 0) } };
  }
  const positioned = parseWithPositions(text);
  const untyped = fieldWithoutType(positioned);
  if (untyped) return { ok: false, error: { message: 'Avro schema error: a record field has no "type"', ...lineAndColumn(text, untyped.offset) } };
  const needsReferences = references.length > 0 && undefinedNamesOf(schema).length > 0;
  if (needsReferences) schema = inlineReferences(schema, references);
  const hooked: unknown[] = [];
  try {
    avro.Type.forSchema((needsReferences ? schema : positioned.root) as avro.Schema, {
      typeHook: (node) => {
        hooked.push(node);
        return undefined;
      },
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const node = locateSchemaError(positioned, hooked, message);
    return { ok: false, error: { message: `Avro schema error: ${message}`, ...lineAndColumn(text, node?.offset ?? 0) } };
  }
  try {
    const { type, notes } = createAvroType(schema);
    return { ok: true, schema, type, notes };
  } catch (error) {
    return { ok: false, error: { message: `Avro schema error: ${error instanceof Error ? error.message : String(error)}`, line: 1, column: 1 } };
  }
}

/** avsc fails on a field without a type with a TypeError that says nothing useful. */
function fieldWithoutType(positioned: PositionedJson): JsonNode | undefined {
  for (const node of positioned.nodes) {
    if (node.key !== 'fields' || !Array.isArray(node.value)) continue;
    const field: unknown = node.value.find((item) => typeof item === 'object' && item !== null && !('type' in item));
    if (field) return positioned.containers.get(field as object);
  }
  return undefined;
}

const LOGICAL_TYPES: Record<string, new (schema: avro.Schema, options?: Partial<avro.ForSchemaOptions>) => avro.types.LogicalType> = {
  ...SPEC_LOGICAL_TYPES,
  ...WELL_KNOWN_LOGICAL_TYPES,
};

/**
 * The avsc type for a schema, with `bytes` and `fixed` values read from and written as base64
 * strings. Throws what avsc throws (call `loadAvscSchema` first for located errors).
 */
export function createAvroType(schema: unknown, options: { bigLongs?: boolean } = {}): { type: avro.Type; notes: NoteFact[] } {
  let convertsBytes = false;
  const logicalTypes = new Set<string>();
  const withBase64 = (node: unknown): unknown => {
    if (node === 'bytes') {
      convertsBytes = true;
      return { type: 'bytes', logicalType: BASE64_LOGICAL_TYPE };
    }
    if (Array.isArray(node)) return node.map(withBase64);
    if (node === null || typeof node !== 'object') return node;
    const object = node as Record<string, unknown>;
    if (typeof object['logicalType'] === 'string' && object['logicalType'] in SPEC_LOGICAL_TYPES) logicalTypes.add(object['logicalType']);
    const copy: Record<string, unknown> = { ...object };
    switch (object['type']) {
      case 'record':
      case 'error':
        copy['fields'] = Array.isArray(object['fields'])
          ? object['fields'].map((field: Record<string, unknown>) => ({ ...field, type: withBase64(field['type']) }))
          : object['fields'];
        return copy;
      case 'array':
        copy['items'] = withBase64(object['items']);
        return copy;
      case 'map':
        copy['values'] = withBase64(object['values']);
        return copy;
      case 'bytes':
      case 'fixed':
        // decimal and duration read their own JSON form; unknown logical types are plain bytes.
        if (typeof object['logicalType'] === 'string' && object['logicalType'] in LOGICAL_TYPES) return copy;
        convertsBytes = true;
        return { ...copy, logicalType: BASE64_LOGICAL_TYPE };
      default:
        return typeof object['type'] === 'object' ? { ...copy, type: withBase64(object['type']) } : copy;
    }
  };
  const converted = withBase64(schema);
  const type = avro.Type.forSchema(converted as avro.Schema, {
    logicalTypes: { ...LOGICAL_TYPES, [BASE64_LOGICAL_TYPE]: Base64BytesType },
    ...(options.bigLongs ? { registry: { long: bigIntLong() } } : {}),
  });
  const notes: NoteFact[] = convertsBytes ? [{ code: 'avro-bytes-as-base64' }] : [];
  if (options.bigLongs) notes.push({ code: 'avro-big-longs' });
  if (logicalTypes.size > 0) notes.push({ code: 'avro-logical-types-json', logicalTypes: [...logicalTypes] });
  return { type, notes };
}

const INT64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n };

/** Avro longs read as numbers where one holds them exactly and as BigInts beyond (avsc's documented way to other long representations). */
function bigIntLong(): avro.types.LongType {
  const plain = (value: bigint): number | bigint => (Number.isSafeInteger(Number(value)) ? Number(value) : value);
  return avro.types.LongType.__with({
    fromBuffer: (buffer: Buffer) => plain(buffer.readBigInt64LE()),
    toBuffer: (value: number | bigint) => {
      const buffer = Buffer.alloc(8);
      buffer.writeBigInt64LE(BigInt(value));
      return buffer;
    },
    fromJSON: (json: unknown) => plain(BigInt(json as number | string)),
    toJSON: (value: number | bigint) => (typeof value === 'bigint' ? value.toString() : value),
    isValid: (value: unknown) =>
      (typeof value === 'bigint' && value >= INT64.min && value <= INT64.max) || (typeof value === 'number' && Number.isSafeInteger(value)),
    compare: (a: number | bigint, b: number | bigint) => (a < b ? -1 : a > b ? 1 : 0),
  });
}

/** The node avsc was parsing when it failed, refined by the value its message quotes. */
function locateSchemaError(positioned: PositionedJson, hooked: readonly unknown[], message: string): JsonNode | undefined {
  const anchor = lastHookedNode(positioned, hooked);
  // Messages ending in JSON (`missing array items: {"type":"array"}`) quote a whole node.
  const tail = /: ([[{].*)$/s.exec(message)?.[1];
  if (tail !== undefined) {
    const found = positioned.nodes.find((node) => typeof node.value === 'object' && node.value !== null && safeStringify(node.value) === tail);
    if (found) return found;
  }
  // Otherwise the last quoted string is the culprit (`invalid name: "1A"`, `duplicate "E" symbol: "A"`).
  const quoted = [...message.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((match) => JSON.parse(`"${match[1]}"`) as string);
  const wanted = quoted.at(-1) ?? /undefined type name: (\S+)/.exec(message)?.[1];
  if (wanted !== undefined) {
    const from = anchor?.offset ?? 0;
    const matches = positioned.nodes.filter((node) => node.value === wanted && node.offset >= from);
    const pick = message.startsWith('duplicate') ? (matches[1] ?? matches[0]) : matches[0];
    if (pick) return pick;
  }
  return anchor;
}

/**
 * Where the last node handed to avsc's typeHook is. Objects are found by identity; a type
 * name (a string) is the first such string after the previous hooked node.
 */
function lastHookedNode(positioned: PositionedJson, hooked: readonly unknown[]): JsonNode | undefined {
  let cursor = 0;
  let last: JsonNode | undefined;
  for (const value of hooked) {
    const node =
      typeof value === 'object' && value !== null
        ? positioned.containers.get(value)
        : positioned.nodes.find((candidate) => candidate.value === value && candidate.offset >= cursor);
    if (node) {
      last = node;
      cursor = node.offset;
    }
  }
  return last;
}

function safeStringify(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}
