/**
 * Avro logical types as JSON samples hold them. avsc leaves logical types to the caller; these
 * give each one a single JSON representation that generated samples, sample fitting, encoding
 * and decoding all use (the README lists them), so a sample survives the round trip as written:
 *
 * - decimal (bytes or fixed): a string with exactly `scale` digits after the point, `"-12.50"`
 * - uuid (string): canonical lower-case `"0f8fad5b-d9cb-469f-a165-70867728950e"`
 * - date (int): `"2024-05-31"`; time-millis (int) `"13:45:30.123"`; time-micros (long) `"13:45:30.123456"`
 * - timestamp-millis / -micros (long): RFC 3339 in UTC, `"2024-05-31T13:45:30.123Z"` (6 digits for micros)
 * - local-timestamp-millis / -micros (long): the same without the zone
 * - duration (fixed 12): `{ "months": 1, "days": 2, "milliseconds": 3 }`
 *
 * A value that does not fit becomes undefined in `_toValue`, which makes avsc's `isValid` name
 * its path. The types derived from protobuf's well-known types live in `proto-wkt-avro.ts`.
 */
import * as avro from 'avsc';

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|z|[+-]\d{2}:\d{2})?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `2024-05-31` of a day count since 1970-01-01. */
export function formatDate(days: number): string {
  const date = new Date(days * DAY_MS);
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/**
 * Seconds since the epoch and the nanoseconds within, of an RFC 3339 date-time (`zoned`: an
 * offset or Z is required; otherwise none is allowed). Undefined when the text is not one.
 */
export function parseDateTime(text: unknown, zoned: boolean): { seconds: number; nanos: number } | undefined {
  if (typeof text !== 'string') return undefined;
  const match = DATE_TIME.exec(text);
  if (!match || (match[8] !== undefined) !== zoned) return undefined;
  // Read field by field: this runs once per value on every encode, so no intermediate arrays.
  const year = +match[1]!;
  const month = +match[2]!;
  const day = +match[3]!;
  const hour = +match[4]!;
  const minute = +match[5]!;
  const second = +match[6]!;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour > 23 || minute > 59 || second > 59) return undefined;
  let seconds = Date.UTC(year, month - 1, day, hour, minute, second) / 1000;
  const zone = match[8];
  if (zone !== undefined && zone !== 'Z' && zone !== 'z') {
    seconds -= (zone.charCodeAt(0) === 45 ? -1 : 1) * (+zone.slice(1, 3) * 3600 + +zone.slice(4, 6) * 60);
  }
  const fraction = match[7];
  return { seconds, nanos: fraction === undefined ? 0 : +fraction * 10 ** (9 - fraction.length) };
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** RFC 3339 of seconds and nanos: `fractionDigits` fixed, or (undefined) 0, 3, 6 or 9 as needed (proto3's rule). */
export function formatDateTime(seconds: number, nanos: number, zoned: boolean, fractionDigits?: number): string {
  const date = new Date(seconds * 1000);
  const base = `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  const digits = fractionDigits ?? (nanos === 0 ? 0 : nanos % 1_000_000 === 0 ? 3 : nanos % 1000 === 0 ? 6 : 9);
  const fraction = digits === 0 ? '' : `.${pad(nanos, 9).slice(0, digits)}`;
  return `${base}${fraction}${zoned ? 'Z' : ''}`;
}

/** Whole units of a time since the epoch: `unit` 1000 for millis, 1_000_000 for micros. */
function fromEpoch(text: unknown, zoned: boolean, perSecond: number): number | undefined {
  const parsed = parseDateTime(text, zoned);
  if (!parsed || parsed.nanos % (1e9 / perSecond) !== 0) return undefined;
  return parsed.seconds * perSecond + parsed.nanos / (1e9 / perSecond);
}

function toEpochText(value: number | bigint, zoned: boolean, perSecond: number): string {
  const count = Number(value);
  const seconds = Math.floor(count / perSecond);
  const nanos = (count - seconds * perSecond) * (1e9 / perSecond);
  return formatDateTime(seconds, nanos, zoned, perSecond === 1000 ? 3 : 6);
}

/** Same underlying type: avsc may read one logical type's data as another's. */
function sameUnderlying(this: avro.types.LogicalType, type: avro.Type): ((value: unknown) => unknown) | undefined {
  return type.typeName === this.underlyingType.typeName ? (value) => value : undefined;
}

class DateType extends avro.types.LogicalType {
  protected override _fromValue(days: number): string {
    return formatDate(days);
  }
  protected override _toValue(value: unknown): number | undefined {
    if (typeof value !== 'string' || !DATE.test(value)) return undefined;
    const parsed = parseDateTime(`${value}T00:00:00Z`, true);
    return parsed ? parsed.seconds / 86_400 : undefined;
  }
  protected override _resolve = sameUnderlying;
}

function timeOfDayType(perSecond: number) {
  return class TimeOfDayType extends avro.types.LogicalType {
    protected override _fromValue(value: number): string {
      const count = Number(value);
      const seconds = Math.floor(count / perSecond);
      const fraction = count - seconds * perSecond;
      return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}.${pad(fraction, perSecond === 1000 ? 3 : 6)}`;
    }
    protected override _toValue(value: unknown): number | undefined {
      const match = typeof value === 'string' ? TIME.exec(value) : null;
      if (!match) return undefined;
      const [hours, minutes, seconds] = match.slice(1, 4).map(Number) as [number, number, number];
      const digits = perSecond === 1000 ? 3 : 6;
      if (hours > 23 || minutes > 59 || seconds > 59 || (match[4] ?? '').length > digits) return undefined;
      return (hours * 3600 + minutes * 60 + seconds) * perSecond + Number((match[4] ?? '').padEnd(digits, '0'));
    }
    protected override _resolve = sameUnderlying;
  };
}

function timestampType(perSecond: number, zoned: boolean) {
  return class TimestampType extends avro.types.LogicalType {
    protected override _fromValue(value: number): string {
      return toEpochText(value, zoned, perSecond);
    }
    protected override _toValue(value: unknown): number | undefined {
      return fromEpoch(value, zoned, perSecond);
    }
    protected override _resolve = sameUnderlying;
  };
}

class UuidType extends avro.types.LogicalType {
  protected override _fromValue(value: string): string {
    return value;
  }
  protected override _toValue(value: unknown): string | undefined {
    return typeof value === 'string' && UUID.test(value) ? value : undefined;
  }
  protected override _resolve = sameUnderlying;
}

/** Two's-complement big-endian bytes of the unscaled value, as the Avro spec says. */
export class DecimalType extends avro.types.LogicalType {
  readonly precision: number;
  readonly scale: number;
  private readonly size: number | undefined;
  constructor(schema: avro.Schema, options?: Partial<avro.ForSchemaOptions>) {
    super(schema, options);
    const attributes = schema as { precision?: unknown; scale?: unknown };
    this.precision = Number(attributes.precision);
    this.scale = attributes.scale === undefined ? 0 : Number(attributes.scale);
    if (!Number.isInteger(this.precision) || this.precision < 1) throw new Error(`invalid decimal precision: ${String(attributes.precision)}`);
    if (!Number.isInteger(this.scale) || this.scale < 0 || this.scale > this.precision) throw new Error(`invalid decimal scale: ${String(attributes.scale)}`);
    this.size = this.underlyingType.typeName === 'fixed' ? (this.underlyingType as avro.types.FixedType).size : undefined;
  }
  protected override _fromValue(bytes: Buffer): string {
    let unscaled = 0n;
    for (const byte of bytes) unscaled = (unscaled << 8n) | BigInt(byte);
    if (bytes.length > 0 && (bytes[0]! & 0x80) !== 0) unscaled -= 1n << BigInt(bytes.length * 8);
    const negative = unscaled < 0n;
    const digits = (negative ? -unscaled : unscaled).toString().padStart(this.scale + 1, '0');
    const whole = digits.slice(0, digits.length - this.scale);
    const fraction = this.scale > 0 ? `.${digits.slice(digits.length - this.scale)}` : '';
    return `${negative ? '-' : ''}${whole}${fraction}`;
  }
  protected override _toValue(value: unknown): Buffer | undefined {
    const match = typeof value === 'string' ? DECIMAL.exec(value) : null;
    if (!match || (match[3] ?? '').length > this.scale) return undefined;
    const digits = `${match[2]}${(match[3] ?? '').padEnd(this.scale, '0')}`.replace(/^0+(?=\d)/, '');
    if (digits.length > this.precision) return undefined;
    let unscaled = BigInt(digits) * (match[1] ? -1n : 1n);
    const bytes: number[] = [];
    do {
      bytes.unshift(Number(unscaled & 0xffn));
      unscaled >>= 8n;
    } while (!(unscaled === 0n && (bytes[0]! & 0x80) === 0) && !(unscaled === -1n && (bytes[0]! & 0x80) !== 0));
    if (this.size === undefined) return Buffer.from(bytes);
    if (bytes.length > this.size) return undefined;
    const fill = (bytes[0]! & 0x80) !== 0 ? 0xff : 0;
    return Buffer.from([...Array<number>(this.size - bytes.length).fill(fill), ...bytes]);
  }
  protected override _resolve = sameUnderlying;
}

/** Avro's duration: three little-endian unsigned 32-bit counts in a fixed of 12 bytes. */
class DurationType extends avro.types.LogicalType {
  protected override _fromValue(bytes: Buffer): { months: number; days: number; milliseconds: number } {
    return { months: bytes.readUInt32LE(0), days: bytes.readUInt32LE(4), milliseconds: bytes.readUInt32LE(8) };
  }
  protected override _toValue(value: unknown): Buffer | undefined {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    const parts = value as Record<string, unknown>;
    const keys = Object.keys(parts);
    const counts = ['months', 'days', 'milliseconds'].map((key) => parts[key]);
    if (keys.length !== 3 || !counts.every((count) => Number.isInteger(count) && (count as number) >= 0 && (count as number) < 2 ** 32)) return undefined;
    if ((this.underlyingType as avro.types.FixedType).size !== 12) return undefined;
    const bytes = Buffer.alloc(12);
    counts.forEach((count, index) => bytes.writeUInt32LE(count as number, index * 4));
    return bytes;
  }
  protected override _resolve = sameUnderlying;
}

/** The logical types of the Avro specification, by name, for `Type.forSchema`'s `logicalTypes`. */
export const SPEC_LOGICAL_TYPES: Record<string, new (schema: avro.Schema, options?: Partial<avro.ForSchemaOptions>) => avro.types.LogicalType> = {
  decimal: DecimalType,
  uuid: UuidType,
  date: DateType,
  'time-millis': timeOfDayType(1000),
  'time-micros': timeOfDayType(1_000_000),
  'timestamp-millis': timestampType(1000, true),
  'timestamp-micros': timestampType(1_000_000, true),
  'local-timestamp-millis': timestampType(1000, false),
  'local-timestamp-micros': timestampType(1_000_000, false),
  duration: DurationType,
};

/** How a logical type's values are written in JSON samples, for mismatch messages and notes. */
export { LOGICAL_JSON_FORMS } from '../shared/derivation-text';
