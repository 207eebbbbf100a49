/**
 * A js-binary schema derived from an Avro schema (inferred, provided or derived): records
 * become objects, arrays arrays, int/long `int`, float/double `float` (js-binary's floats are
 * 64-bit), and a union of null with one type an optional field. What js-binary cannot say
 * (maps, other unions, enums, bytes, logical types, recursive records) is written as its
 * `json` type, and a note says where.
 */
import { NOTE_PATHS_KEPT } from '../shared/note-text';
import type { NoteFact } from '../shared/results';

type AvroSchema =
  | string
  | AvroSchema[]
  | {
      type: unknown;
      name?: string;
      fields?: Array<{ name: string; type: AvroSchema; default?: unknown }>;
      items?: AvroSchema;
      logicalType?: string;
      symbols?: string[];
    };

export interface JsBinaryDerivation {
  schema: unknown;
  notes: NoteFact[];
}

const PRIMITIVES: Record<string, string> = { int: 'int', long: 'int', float: 'float', double: 'float', string: 'string', boolean: 'boolean' };

export function deriveJsBinarySchema(avro: unknown): JsBinaryDerivation {
  const named = new Map<string, AvroSchema>();
  const asJson = new Set<string>();
  const withDefault = new Set<string>();
  const convert = (schema: AvroSchema, path: string, defining: Set<string>): unknown => {
    if (typeof schema === 'string') {
      const primitive = PRIMITIVES[schema];
      if (primitive) return primitive;
      const definition = named.get(schema);
      if (definition && !defining.has(schema)) return convert(definition, path, defining);
      asJson.add(`${path} (${definition ? 'recursive record' : schema})`);
      return 'json';
    }
    if (Array.isArray(schema)) {
      asJson.add(`${path} (union)`);
      return 'json';
    }
    if (schema.logicalType) {
      asJson.add(`${path} (logical type ${schema.logicalType})`);
      return 'json';
    }
    if (typeof schema.type !== 'string' || (schema.type !== 'record' && schema.type !== 'array' && schema.type !== 'error')) {
      if (typeof schema.type === 'string' && PRIMITIVES[schema.type]) return PRIMITIVES[schema.type];
      asJson.add(`${path} (${typeof schema.type === 'string' ? schema.type : 'nested type'})`);
      return 'json';
    }
    if (schema.type === 'array') return [convert(schema.items as AvroSchema, `${path}[]`, defining)];
    if (schema.name) named.set(schema.name, schema);
    const inside = new Set(defining).add(schema.name ?? '');
    const object: Record<string, unknown> = {};
    for (const field of schema.fields ?? []) {
      const nullable = Array.isArray(field.type) && field.type.length === 2 && field.type.includes('null');
      // A field with a default may be left out of the JSON (proto3's JSON leaves defaults out): optional, so a key left out stays out.
      if (field.default !== undefined && !nullable) withDefault.add(`${path}.${field.name}`);
      const optional = nullable || field.default !== undefined;
      const type = nullable ? (field.type as AvroSchema[]).find((branch) => branch !== 'null')! : field.type;
      object[optional ? `${field.name}?` : field.name] = convert(type, `${path}.${field.name}`, inside);
    }
    return object;
  };
  const schema = convert(avro as AvroSchema, '$', new Set());
  const notes: NoteFact[] = [{ code: 'js-binary-derived' }];
  if (withDefault.size > 0) notes.push({ code: 'js-binary-defaults-optional', count: withDefault.size, paths: [...withDefault].slice(0, NOTE_PATHS_KEPT) });
  if (asJson.size > 0) notes.push({ code: 'js-binary-as-json', count: asJson.size, items: [...asJson].slice(0, NOTE_PATHS_KEPT) });
  return { schema, notes };
}
