/**
 * Records generated from a schema, for comparing formats without a sample file. Deterministic:
 * the same schema, count and seed give the same records. Values are JSON (what every codec
 * reads): bytes as base64 text, enums by name, 64-bit integers within 2^53.
 *
 * Following proto3's JSON mapping, a generated protobuf record leaves out fields that have no
 * value; plain proto3 fields (no presence) never get a zero, which proto3 would not send back.
 * Avro records write null where a union allows it.
 */
import type * as avro from 'avsc';
import * as protobuf from 'protobufjs';
import type { ProvidedSchema } from './sample-contracts';
import { hasPresence } from './derive-avro-from-proto';
import { BASE64_LOGICAL_TYPE, createAvroType } from './load-avsc';
import { describeProvided, resolveAvsc, resolveProtoType } from './provided-schema';

export interface GenerateOptions {
  count: number;
  seed: number;
}

/** Containers stop nesting here: recursive schemas get empty lists and absent messages. */
const MAX_DEPTH = 4;
const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'fox', 'golf', 'hotel', 'india', 'juliett', 'kilo', 'lima'];

/** mulberry32: small, fast, and the same sequence on every platform. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class ValueSource {
  constructor(readonly next: () => number) {}
  below(limit: number): number {
    return Math.floor(this.next() * limit);
  }
  chance(probability: number): boolean {
    return this.next() < probability;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.below(items.length)]!;
  }
  /** Mostly small magnitudes (as real counters and ids are), sometimes up to `bits` bits. */
  integer(bits: number, signed: boolean): number {
    const width = this.chance(0.7) ? 1 + this.below(10) : 1 + this.below(bits - (signed ? 1 : 0));
    const magnitude = this.below(2 ** width);
    return signed && magnitude !== 0 && this.chance(0.3) ? -magnitude : magnitude;
  }
  /** Never -0: JSON writes it as 0, so it would not survive the sample file anyway. */
  double(): number {
    const value = Math.round((this.next() - 0.3) * 10 ** (1 + this.below(4)) * 1e6) / 1e6;
    return value === 0 ? 0 : value;
  }
  string(): string {
    const words = Array.from({ length: this.below(3) }, () => this.pick(WORDS));
    return words.join(' ');
  }
  base64(size = this.below(12)): string {
    return Buffer.from(Array.from({ length: size }, () => this.below(256))).toString('base64');
  }
  length(depth: number): number {
    return depth >= MAX_DEPTH ? 0 : this.below(5);
  }
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
  return { records, description: `${options.count} records generated from ${from}, seed ${options.seed}` };
}

export function generateProtoRecords(type: protobuf.Type, options: GenerateOptions): unknown[] {
  const source = new ValueSource(seededRandom(options.seed));
  return Array.from({ length: options.count }, () => protoMessage(type, source, 0));
}

function protoMessage(type: protobuf.Type, source: ValueSource, depth: number): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  const chosenInOneof = new Map<protobuf.OneOf, string | undefined>();
  for (const oneof of type.oneofsArray) {
    chosenInOneof.set(oneof, source.chance(0.8) ? source.pick(oneof.oneof) : undefined);
  }
  for (const field of type.fieldsArray) {
    field.resolve();
    const oneof = field.partOf;
    if (oneof && chosenInOneof.get(oneof) !== field.name) continue;
    const isMessage = field.resolvedType instanceof protobuf.Type;
    if (field instanceof protobuf.MapField) {
      const entries = source.length(depth);
      if (entries === 0) continue;
      const map: Record<string, unknown> = {};
      for (let index = 0; index < entries; index++) map[protoMapKey(field.keyType, index, source)] = protoValue(field, source, depth, false);
      record[field.name] = map;
    } else if (field.repeated) {
      const length = source.length(depth);
      if (length > 0) record[field.name] = Array.from({ length }, () => protoValue(field, source, depth, false));
    } else if (isMessage) {
      if (field.required || (depth < MAX_DEPTH && (oneof !== null || source.chance(0.9)))) record[field.name] = protoValue(field, source, depth, false);
    } else if (field.required || !hasPresence(field) || oneof !== null || source.chance(0.8)) {
      record[field.name] = protoValue(field, source, depth, !hasPresence(field) && !field.required);
    }
  }
  return record;
}

/** `avoidZero`: a plain proto3 field, which does not send zero values (nor read them back). */
function protoValue(field: protobuf.Field, source: ValueSource, depth: number, avoidZero: boolean): unknown {
  const target = field.resolvedType;
  if (target instanceof protobuf.Type) return protoMessage(target, source, depth + 1);
  if (target instanceof protobuf.Enum) {
    const names = Object.keys(target.values);
    const nonZero = names.filter((name) => target.values[name] !== 0);
    return source.pick(avoidZero && nonZero.length > 0 ? nonZero : names);
  }
  const value = protoScalar(field.type, source);
  if (!avoidZero || !isZero(value)) return value;
  return field.type === 'bool' ? true : typeof value === 'string' ? (field.type === 'bytes' ? 'AA==' : WORDS[0]) : 1;
}

function protoScalar(scalar: string, source: ValueSource): unknown {
  switch (scalar) {
    case 'int32': case 'sint32': case 'sfixed32': return source.integer(32, true);
    case 'uint32': case 'fixed32': return source.integer(32, false);
    case 'int64': case 'sint64': case 'sfixed64': return source.integer(53, true);
    case 'uint64': case 'fixed64': return source.integer(53, false);
    case 'float': return Math.fround(source.double());
    case 'double': return source.double();
    case 'bool': return source.chance(0.5);
    case 'string': return source.string();
    case 'bytes': return source.base64();
    default: throw new Error(`unknown protobuf scalar ${scalar}`);
  }
}

function protoMapKey(keyType: string, index: number, source: ValueSource): string {
  if (keyType === 'string') return `${source.pick(WORDS)}${index}`;
  if (keyType === 'bool') return index % 2 === 0 ? 'true' : 'false';
  return String(index + 1 + source.below(1000) * 5);
}

function isZero(value: unknown): boolean {
  return value === 0 || value === false || value === '' || Object.is(value, -0);
}

export function generateAvroRecords(type: avro.Type, options: GenerateOptions): unknown[] {
  const source = new ValueSource(seededRandom(options.seed));
  return Array.from({ length: options.count }, () => avroValue(type, source, 0));
}

function avroValue(type: avro.Type, source: ValueSource, depth: number): unknown {
  const typeName = type.typeName;
  switch (typeName) {
    case 'null': return null;
    case 'boolean': return source.chance(0.5);
    case 'int': return source.integer(32, true);
    case 'long': return source.integer(53, true);
    case 'float': return Math.fround(source.double());
    case 'double': return source.double();
    case 'string': return source.string();
    case 'bytes': return source.base64();
    case 'enum': return source.pick((type as avro.types.EnumType).symbols);
    case 'fixed': return source.base64((type as avro.types.FixedType).size);
    case 'array': {
      // Lists, maps and the non-null branch of a union go one level deeper; record fields do not.
      const items = (type as avro.types.ArrayType).itemsType;
      return Array.from({ length: source.length(depth) }, () => avroValue(items, source, depth + 1));
    }
    case 'map': {
      const values = (type as avro.types.MapType).valuesType as avro.Type;
      const length = source.length(depth);
      return Object.fromEntries(Array.from({ length }, (_, index) => [`${source.pick(WORDS)}${index}`, avroValue(values, source, depth + 1)]));
    }
    case 'record':
    case 'error': {
      const record: Record<string, unknown> = {};
      for (const field of (type as avro.types.RecordType).fields) record[field.name] = avroValue(field.type, source, depth);
      return record;
    }
    case 'union:unwrapped':
    case 'union:wrapped': {
      const branches = (type as avro.types.UnwrappedUnionType).types;
      const nullBranch = branches.find((branch) => branch.typeName === 'null');
      // Deep down, null ends recursive records; elsewhere it is one value in five.
      const others = branches.filter((branch) => branch !== nullBranch);
      const branch = nullBranch && (depth >= MAX_DEPTH || others.length === 0 || source.chance(0.2)) ? nullBranch : source.pick(others);
      const value = avroValue(branch, source, depth + 1);
      return typeName === 'union:wrapped' && branch !== nullBranch ? { [branch.branchName!]: value } : value;
    }
    default:
      if (typeName === `logical:${BASE64_LOGICAL_TYPE}`) {
        const underlying = (type as avro.types.LogicalType).underlyingType;
        return underlying.typeName === 'fixed' ? source.base64((underlying as avro.types.FixedType).size) : source.base64();
      }
      if (typeName.startsWith('logical:')) return avroValue((type as avro.types.LogicalType).underlyingType, source, depth);
      throw new Error(`cannot generate values of Avro type ${typeName}`);
  }
}
