/**
 * Where a rule's finding is in a version's text (line and column), so a report can point at
 * the lines that changed. protobufjs keeps no positions, so declarations are found in the text
 * by name, inside their message; Avro JSON is indexed by a position-keeping parse.
 */
import { lineAndColumn } from '../input/locate-json-error';
import type { SchemaPosition } from '../shared/evolution';
import { parseWithPositions, type PositionedJson } from '../schema/json-positions';

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface ProtoTarget {
  /** Nested name of the message or enum (`Outer.Inner`); '' for the file. */
  scope: string;
  /** A field or enum value in it. */
  name?: string;
  number?: number;
}

export function protoPosition(text: string, target: ProtoTarget): SchemaPosition | undefined {
  let offset = 0;
  if (target.scope === '') {
    const statement = text.search(/^\s*(package|syntax)\b/m);
    return statement === -1 ? undefined : lineAndColumn(text, statement + (text.slice(statement).length - text.slice(statement).trimStart().length));
  }
  for (const part of target.scope.split('.')) {
    const found = text.slice(offset).search(new RegExp(`\\b(message|enum)\\s+${escape(part)}\\b`));
    if (found === -1) return undefined;
    offset += found;
  }
  if (target.name === undefined) return lineAndColumn(text, offset);
  const number = target.number === undefined ? '' : `\\s*=\\s*${target.number}\\b`;
  const inside = text.slice(offset).search(new RegExp(`\\b${escape(target.name)}${number}`));
  return inside === -1 ? lineAndColumn(text, offset) : lineAndColumn(text, offset + inside);
}

export interface AvroTargetName {
  /** A named type (full or short name). */
  type: string;
  field?: string;
}

export function avroLocator(text: string): (target: AvroTargetName) => SchemaPosition | undefined {
  let positioned: PositionedJson | undefined;
  try {
    positioned = parseWithPositions(text);
  } catch {
    return () => undefined; // an IDL file (.avdl) is not JSON
  }
  const named = new Map<string, Record<string, unknown>>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== 'object') return;
    const object = value as Record<string, unknown>;
    if (typeof object['name'] === 'string' && typeof object['type'] === 'string' && /^(record|error|enum|fixed)$/.test(object['type'])) {
      const short = object['name'].split('.').at(-1)!;
      if (!named.has(short)) named.set(short, object);
    }
    Object.values(object).forEach(visit);
  };
  visit(positioned.root);
  const at = (value: object | undefined) => {
    const node = value && positioned!.containers.get(value);
    return node ? lineAndColumn(text, node.offset) : undefined;
  };
  return (target) => {
    const type = named.get(target.type.split('.').at(-1)!);
    if (!type || target.field === undefined) return at(type);
    const fields = Array.isArray(type['fields']) ? (type['fields'] as Record<string, unknown>[]) : [];
    return at(fields.find((field) => field['name'] === target.field)) ?? at(type);
  };
}
