/**
 * Records generated from a schema, for comparing formats without a sample file. Deterministic:
 * the same schema, count and seed give the same records. Values are JSON (what every codec
 * reads): bytes as base64 text, enums by name, 64-bit integers within 2^53, well-known protobuf
 * types in proto3's JSON mapping, Avro logical types as avro-logical-types.ts says.
 *
 * A record holds what a decoder of its schema gives back, so the tool's own samples round-trip
 * exactly: protobuf fields without presence (plain proto3 scalars and enums, lists, maps) are
 * always there, lists and maps possibly empty, scalars never zero (proto3 would not send a zero
 * back). Fields with presence may be left out; Avro records write null where a union allows it.
 * Sizes stay realistic: see generate-values.ts.
 */
import type * as avro from 'avsc';
import * as protobuf from 'protobufjs';
import { hasPresence } from './derive-avro-from-proto';
import { avroLogicalValue, MAX_DEPTH, seededRandom, ValueSource, wellKnownValue } from './generate-values';
import { BASE64_LOGICAL_TYPE, createAvroType } from './load-avsc';
import { describeProvided, resolveAvsc, resolveProtoType } from './provided-schema';
import { wellKnownName } from './proto-wkt';
import { SchemaInputError } from './schema-problem';
import { lineAndColumn } from '../input/locate-json-error';
import type { ProvidedSchema } from '../shared/codec-job';

export { seededRandom } from './generate-values';

export interface GenerateOptions {
  count: number;
  seed: number;
}

export interface GeneratedSample {
  records: unknown[];
  /** `100 records generated from Items.proto (message Items), seed 1` */
  description: string;
}

/**
 * Records of a provided schema's root type (for a .proto, `typeName` or the default message).
 * Throws a SchemaInputError (file:line:column) when the schema does not load.
 */
export function generateFromSchema(schema: ProvidedSchema, options: GenerateOptions): GeneratedSample {
  try {
    return generateRecords(schema, options);
  } catch (error) {
    if (!(error instanceof NoFiniteRecordError)) throw error;
    throw new SchemaInputError(schema.path ?? `schema.${schema.kind}`, { message: error.message, ...declarationOf(schema.source, error) });
  }
}

function generateRecords(schema: ProvidedSchema, options: GenerateOptions): GeneratedSample {
  let records: unknown[];
  let from: string;
  if (schema.kind === 'proto') {
    const { type, typeName } = resolveProtoType(schema);
    records = generateProtoRecords(type, options);
    from = describeProvided(schema, typeName);
  } else {
    records = generateAvroRecords(createAvroType(resolveAvsc(schema).schema).type, options);
    from = describeProvided(schema);
  }
  // The bounds that shaped the records: nesting depth, and about 4 KB of JSON per record unless the schema requires more.
  const bounds = `depth ≤ ${MAX_DEPTH}, ≤ 4 KB per record`;
  return { records, description: `${options.count} records generated from ${from}, seed ${options.seed} (${bounds})` };
}

export function generateProtoRecords(type: protobuf.Type, options: GenerateOptions): unknown[] {
  const source = new ValueSource(seededRandom(options.seed));
  return Array.from({ length: options.count }, () => {
    source.startRecord();
    return protoMessage(type, source, 0);
  });
}

/** A required message field that recurses past this depth cannot be generated (nor sent). */
const FORCED_DEPTH_LIMIT = 32;

/** A type whose required fields hold itself: no finite record exists. */
class NoFiniteRecordError extends Error {
  constructor(
    readonly typeName: string,
    readonly kind: 'message' | 'record',
  ) {
    super(`${kind} ${typeName} requires itself deeper than ${FORCED_DEPTH_LIMIT} levels (required fields all the way down): no finite record fits it`);
  }
}

/** Where a message or record is declared in the schema text, for the error's file:line:column. */
function declarationOf(text: string, error: NoFiniteRecordError): { line: number; column: number } {
  const escape = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const parts = error.typeName.split('.');
  if (error.kind === 'record') {
    const at = text.search(new RegExp(`"name"\\s*:\\s*"(?:[\\w.]*\\.)?${escape(parts.at(-1)!)}"`));
    return lineAndColumn(text, Math.max(0, at));
  }
  // Outer messages first (`Outer.Nested`): a nested name may be declared in several messages.
  let offset = 0;
  let found = 0;
  for (const part of parts) {
    const at = text.slice(offset).search(new RegExp(`\\bmessage\\s+${escape(part)}\\b`));
    if (at === -1) continue; // a package segment
    found = offset + at;
    offset = found + 1;
  }
  return lineAndColumn(text, found);
}

function protoMessage(type: protobuf.Type, source: ValueSource, depth: number): Record<string, unknown> {
  if (depth > FORCED_DEPTH_LIMIT) throw new NoFiniteRecordError(type.fullName.slice(1), 'message');
  const chosenInOneof = new Map<protobuf.OneOf, string | undefined>();
  for (const oneof of type.oneofsArray) {
    chosenInOneof.set(oneof, !source.tight && source.chance(0.8) ? source.pick(oneof.oneof) : undefined);
  }
  // Extensions (`.pkg.name` fields) are left out: a JSON sample has no key for them.
  const fields = type.fieldsArray.filter((field) => !field.declaringField && (!field.partOf || chosenInOneof.get(field.partOf) === field.name));
  for (const field of fields) field.resolve();
  // What the schema requires first, so the budget left decides the optional parts.
  const values = new Map<protobuf.Field, unknown>();
  const mandatory = (field: protobuf.Field) => !field.repeated && !field.map && (field.required || !hasPresence(field));
  for (const field of fields) {
    const plain = !hasPresence(field) && !field.required;
    if (mandatory(field) && !(plain && onlyZero(field))) values.set(field, source.spend(protoValue(field, source, depth, plain), field.name));
    else if (field.repeated || field.map) source.spend([], field.name); // the key of a list or map is always there
  }
  for (const field of fields.filter((candidate) => !mandatory(candidate))) {
    const isMessage = field.resolvedType instanceof protobuf.Type;
    if (field instanceof protobuf.MapField) {
      const entries = source.length(depth);
      const map: Record<string, unknown> = {};
      for (let index = 0; index < entries; index++) {
        const key = protoMapKey(field.keyType, index, source);
        map[key] = source.spend(protoValue(field, source, depth, false), key);
      }
      values.set(field, map);
    } else if (field.repeated) {
      values.set(
        field,
        Array.from({ length: source.length(depth) }, () => source.spend(protoValue(field, source, depth, false))),
      );
    } else if (isMessage) {
      // A message is left out when even its mandatory part would overrun the budget.
      const affordable = source.canAfford(minimalSize(field.resolvedType as protobuf.Type));
      if (field.partOf || (depth < MAX_DEPTH && affordable && source.chance(0.7)))
        values.set(field, source.spend(protoValue(field, source, depth, false), field.name));
    } else if (field.partOf || (!source.tight && source.chance(0.7))) {
      values.set(field, source.spend(protoValue(field, source, depth, false), field.name));
    }
  }
  const record: Record<string, unknown> = {};
  for (const field of fields) if (values.has(field)) record[field.name] = values.get(field);
  return record;
}

const minimalSizes = new WeakMap<protobuf.Type, number>();

/** About how many JSON characters a message takes at least: its fields without presence (lists and maps empty). */
function minimalSize(type: protobuf.Type): number {
  const known = minimalSizes.get(type);
  if (known !== undefined) return known;
  minimalSizes.set(type, 0); // a cycle of required messages is caught while generating
  let size = 2;
  for (const field of type.fieldsArray) {
    if (field.declaringField || field.partOf) continue;
    field.resolve();
    const target = field.resolvedType;
    if (field.required && target instanceof protobuf.Type && !wellKnownName(target)) size += field.name.length + 4 + minimalSize(target);
    else if (field.required || field.repeated || field.map || !hasPresence(field)) size += field.name.length + 8;
  }
  minimalSizes.set(type, size);
  return size;
}

/** An enum's names, one per number: a decoder gives back the first name of aliases (`allow_alias`). */
function canonicalNames(target: protobuf.Enum): string[] {
  return Object.keys(target.values).filter((name) => target.valuesById[target.values[name]!] === name);
}

/**
 * A plain proto3 field that can only hold zero (an enum of one value, like NullValue) is never
 * sent, so a decoder never gives it back: it is left out.
 */
function onlyZero(field: protobuf.Field): boolean {
  const target = field.resolvedType;
  return target instanceof protobuf.Enum && Object.values(target.values).every((value) => value === 0);
}

/** `avoidZero`: a plain proto3 field, which does not send zero values (nor read them back). */
function protoValue(field: protobuf.Field, source: ValueSource, depth: number, avoidZero: boolean): unknown {
  const target = field.resolvedType;
  const wellKnown = wellKnownName(target);
  if (wellKnown) return wellKnownValue(wellKnown, source, depth + 1);
  if (target instanceof protobuf.Type) return protoMessage(target, source, depth + 1);
  if (target instanceof protobuf.Enum) {
    const names = canonicalNames(target);
    const nonZero = names.filter((name) => target.values[name] !== 0);
    return source.pick(avoidZero && nonZero.length > 0 ? nonZero : names);
  }
  const value = protoScalar(field.type, source);
  if (!avoidZero || !isZero(value)) return value;
  return field.type === 'bool' ? true : typeof value === 'string' ? (field.type === 'bytes' ? 'AA==' : source.word()) : 1;
}

function protoScalar(scalar: string, source: ValueSource): unknown {
  switch (scalar) {
    case 'int32':
    case 'sint32':
    case 'sfixed32':
      return source.integer(32, true);
    case 'uint32':
    case 'fixed32':
      return source.integer(32, false);
    case 'int64':
    case 'sint64':
    case 'sfixed64':
      return source.integer(53, true);
    case 'uint64':
    case 'fixed64':
      return source.integer(53, false);
    case 'float':
      return Math.fround(source.double());
    case 'double':
      return source.double();
    case 'bool':
      return source.chance(0.5);
    case 'string':
      return source.string();
    case 'bytes':
      return source.base64();
    default:
      throw new Error(`unknown protobuf scalar ${scalar}`);
  }
}

function protoMapKey(keyType: string, index: number, source: ValueSource): string {
  if (keyType === 'string') return `${source.word()}${index}`;
  if (keyType === 'bool') return index % 2 === 0 ? 'true' : 'false';
  return String(index + 1 + source.below(1000) * 5);
}

function isZero(value: unknown): boolean {
  return value === 0 || value === false || value === '' || Object.is(value, -0);
}

export function generateAvroRecords(type: avro.Type, options: GenerateOptions): unknown[] {
  const source = new ValueSource(seededRandom(options.seed));
  return Array.from({ length: options.count }, () => {
    source.startRecord();
    return avroValue(type, source, 0);
  });
}

function avroValue(type: avro.Type, source: ValueSource, depth: number): unknown {
  const typeName = type.typeName;
  switch (typeName) {
    case 'null':
      return null;
    case 'boolean':
      return source.chance(0.5);
    case 'int':
      return source.integer(32, true);
    case 'long':
      return source.integer(53, true);
    case 'float':
      return Math.fround(source.double());
    case 'double':
      return source.double();
    case 'string':
      return source.string();
    case 'bytes':
      return source.base64();
    case 'enum':
      return source.pick((type as avro.types.EnumType).symbols);
    case 'fixed':
      return source.base64((type as avro.types.FixedType).size);
    case 'array': {
      // Lists, maps and the non-null branch of a union go one level deeper; record fields do not.
      const items = (type as avro.types.ArrayType).itemsType;
      return Array.from({ length: source.length(depth) }, () => avroValue(items, source, depth + 1));
    }
    case 'map': {
      const values = (type as avro.types.MapType).valuesType as avro.Type;
      const length = source.length(depth);
      return Object.fromEntries(Array.from({ length }, (_, index) => [`${source.word()}${index}`, avroValue(values, source, depth + 1)]));
    }
    case 'record':
    case 'error': {
      const record: Record<string, unknown> = {};
      if (depth > FORCED_DEPTH_LIMIT) throw new NoFiniteRecordError(type.name ?? 'record', 'record');
      for (const field of (type as avro.types.RecordType).fields) {
        // A record field holding a record nests one level (a record may hold itself with no union).
        const nested = field.type.typeName === 'record' ? depth + 1 : depth;
        record[field.name] = source.spend(avroValue(field.type, source, nested), field.name);
      }
      return record;
    }
    case 'union:unwrapped':
    case 'union:wrapped': {
      const branches = (type as avro.types.UnwrappedUnionType).types;
      const nullBranch = branches.find((branch) => branch.typeName === 'null');
      // Deep down, null ends recursive records; elsewhere it is one value in five.
      const others = branches.filter((branch) => branch !== nullBranch);
      const branch = nullBranch && (depth >= MAX_DEPTH || source.tight || others.length === 0 || source.chance(0.2)) ? nullBranch : source.pick(others);
      const value = avroValue(branch, source, depth + 1);
      return typeName === 'union:wrapped' && branch !== nullBranch ? { [branch.branchName!]: value } : value;
    }
    default:
      if (typeName === `logical:${BASE64_LOGICAL_TYPE}`) {
        const underlying = (type as avro.types.LogicalType).underlyingType;
        return underlying.typeName === 'fixed' ? source.base64((underlying as avro.types.FixedType).size) : source.base64();
      }
      if (typeName.startsWith('logical:')) {
        const logical = avroLogicalValue(type as avro.types.LogicalType, source);
        return logical !== undefined ? logical : avroValue((type as avro.types.LogicalType).underlyingType, source, depth);
      }
      throw new Error(`cannot generate values of Avro type ${typeName}`);
  }
}
