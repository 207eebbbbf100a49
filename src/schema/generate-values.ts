/**
 * The random values generated records are made of, and the bounds that keep a record realistic
 * in size: nesting stops at a small depth, lists and maps get a few entries, and each record has
 * a budget of JSON characters after which only what the schema requires is still generated.
 */
import type * as avro from 'avsc';
import { DecimalType, formatDate, formatDateTime } from './avro-logical-types';
import { formatDuration } from './proto-wkt';

export { seededRandom } from '../measurement/seeded-random';

/** Messages and records nest this deep at most (deeper ones are left out where the schema allows). */
export const MAX_DEPTH = 3;
/**
 * JSON characters per record after which optional parts are left out. Below 4 KB because the
 * value that crosses it is still written: records end up at 4 KB or less.
 */
export const RECORD_BUDGET = 3800;
const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'fox', 'golf', 'hotel', 'india', 'juliett', 'kilo', 'lima'];
const EPOCH_2000_MS = 946_684_800_000;
const THIRTY_YEARS_MS = 946_080_000_000;

export class ValueSource {
  /** JSON characters left in the current record's budget. */
  private remaining = RECORD_BUDGET;

  constructor(readonly next: () => number) {}

  startRecord(): void {
    this.remaining = RECORD_BUDGET;
  }
  /** Counts a generated value (and its key) against the record's budget. */
  spend<T>(value: T, key = ''): T {
    // Messages and records count their own fields as they are made; other values count whole.
    const own = value !== null && typeof value === 'object' && isPlainRecord(value) ? 2 : (JSON.stringify(value) ?? '').length;
    this.remaining -= (key === '' ? 1 : key.length + 4) + own; // "key":value,
    return value;
  }
  /** Whether `chars` more still fit in the record's budget. */
  canAfford(chars: number): boolean {
    return this.remaining >= chars;
  }
  /** Past the budget: generate only what the schema requires. */
  get tight(): boolean {
    return this.remaining <= 0;
  }
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
  word(): string {
    return this.pick(WORDS);
  }
  string(): string {
    const words = Array.from({ length: this.below(3) }, () => this.word());
    return words.join(' ');
  }
  base64(size = this.below(12)): string {
    return Buffer.from(Array.from({ length: size }, () => this.below(256))).toString('base64');
  }
  /** Entries of a list or map: a few, none past the depth limit or the budget. */
  length(depth: number): number {
    return depth >= MAX_DEPTH || this.tight ? 0 : this.below(depth === 0 ? 4 : 3);
  }
  /** Milliseconds since the epoch, between 2000 and 2030. */
  instantMs(): number {
    return EPOCH_2000_MS + this.below(THIRTY_YEARS_MS);
  }
}

function isPlainRecord(value: object): boolean {
  return !Array.isArray(value);
}

/** A JSON value of a well-known protobuf type, in proto3's JSON mapping (see proto-wkt.ts). */
export function wellKnownValue(name: string, source: ValueSource, depth: number): unknown {
  switch (name) {
    case 'Timestamp': {
      const ms = source.instantMs();
      return formatDateTime(Math.floor(ms / 1000), (ms % 1000) * 1e6, true);
    }
    case 'Duration':
      return formatDuration(source.below(100_000), source.below(1000) * 1e6);
    case 'FieldMask':
      return Array.from({ length: 1 + source.below(3) }, () => `${source.word()}${source.chance(0.5) ? `.${source.word()}` : ''}`).join(',');
    case 'Empty':
      return {};
    case 'Struct':
      return jsonObject(source, depth);
    case 'ListValue':
      return Array.from({ length: source.length(depth) }, () => jsonValue(source, depth + 1));
    case 'Value':
      return jsonValue(source, depth, false);
    case 'Any': {
      const inner = source.chance(0.5) ? 'Duration' : 'Timestamp';
      return { '@type': `type.googleapis.com/google.protobuf.${inner}`, value: wellKnownValue(inner, source, depth) };
    }
    case 'BoolValue':
      return source.chance(0.5);
    case 'StringValue':
      return source.string();
    case 'BytesValue':
      return source.base64();
    case 'DoubleValue':
      return source.double();
    case 'FloatValue':
      return Math.fround(source.double());
    case 'Int32Value':
      return source.integer(32, true);
    case 'UInt32Value':
      return source.integer(32, false);
    case 'Int64Value':
      return source.integer(53, true);
    case 'UInt64Value':
      return source.integer(53, false);
    default:
      throw new Error(`cannot generate google.protobuf.${name}`);
  }
}

function jsonObject(source: ValueSource, depth: number): Record<string, unknown> {
  const length = source.length(depth);
  return Object.fromEntries(Array.from({ length }, (_, index) => [`${source.word()}${index}`, jsonValue(source, depth + 1)]));
}

/** Any JSON value; containers only above the depth limit, null only where `allowNull`. */
function jsonValue(source: ValueSource, depth: number, allowNull = true): unknown {
  const kinds = ['number', 'string', 'bool', ...(allowNull ? ['null'] : []), ...(depth < MAX_DEPTH && !source.tight ? ['list', 'object'] : [])];
  switch (source.pick(kinds)) {
    case 'number':
      return source.double();
    case 'string':
      return source.string();
    case 'bool':
      return source.chance(0.5);
    case 'null':
      return null;
    case 'list':
      return Array.from({ length: source.length(depth) }, () => jsonValue(source, depth + 1));
    default:
      return jsonObject(source, depth);
  }
}

/**
 * The JSON value of an Avro logical type (see avro-logical-types.ts), or undefined for one this
 * project does not know, which is generated as its underlying type.
 */
export function avroLogicalValue(type: avro.types.LogicalType, source: ValueSource): unknown {
  const logical = type.typeName.slice('logical:'.length);
  const underlying = type.underlyingType;
  const decode = (value: unknown): unknown => type.fromBuffer(underlying.toBuffer(value));
  switch (logical) {
    case 'date':
      return formatDate(10_957 + source.below(10_958));
    case 'time-millis':
      return decode(source.below(86_400_000));
    case 'time-micros':
      return decode(source.below(86_400_000) * 1000 + source.below(1000));
    case 'timestamp-millis':
    case 'local-timestamp-millis':
      return decode(source.instantMs());
    case 'timestamp-micros':
    case 'local-timestamp-micros':
      return decode(source.instantMs() * 1000 + source.below(1000));
    case 'duration':
      return { months: source.below(24), days: source.below(31), milliseconds: source.below(86_400_000) };
    case 'uuid':
      return uuid(source);
    case 'decimal': {
      const size = underlying.typeName === 'fixed' ? (underlying as avro.types.FixedType).size : undefined;
      const room = size === undefined ? 15 : Math.floor((size * 8 - 1) * Math.log10(2));
      const { precision, scale } = type instanceof DecimalType ? type : { precision: 1, scale: 0 };
      const digits = Math.max(1, Math.min(precision, room, 15));
      const text = String(source.below(10 ** (1 + source.below(digits)))).padStart(scale + 1, '0');
      const sign = text !== '0'.repeat(text.length) && source.chance(0.2) ? '-' : '';
      return scale === 0 ? `${sign}${text}` : `${sign}${text.slice(0, text.length - scale)}.${text.slice(text.length - scale)}`;
    }
    default:
      return undefined;
  }
}

function uuid(source: ValueSource): string {
  const hex = Array.from({ length: 32 }, () => source.below(16).toString(16));
  hex[12] = '4';
  hex[16] = (8 + source.below(4)).toString(16);
  const text = hex.join('');
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}
