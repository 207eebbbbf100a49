/**
 * What a format or library keeps by its own rules, so a round trip is judged by them and not by
 * JSON's alone: proto3's implicit presence (an absent field reads as its default), a library's
 * documented key mapping (google-protobuf's `items` → `itemsList`, protobufjs's field names for
 * JSON names), metadata keys it adds to every message (`$typeName`), and values proto3's JSON
 * mapping writes in more than one canonical text (`"1.5s"` and `"1.500s"`). Plain data: a codec
 * says which apply (PreparedCodec.semantics), verification and remnants read it.
 */
import type { PathSegment } from './json-path';

export interface FormatSemantics {
  /** proto3 implicit presence: a key absent in the sample decoded as its type's default is the same message. */
  implicitDefaults?: boolean;
  /** Decoded keys holding their type's default where the sample had none (proto2: filled in by the decoder, lists left empty): the same message. */
  filledDefaults?: boolean;
  /** Keys the library names otherwise (`items` → `itemsList`, `optionalInt32` → `optional_int32`): compared under the new name. */
  renames?: boolean;
  /** Keys the library adds to every message it decodes: a remnant, not a difference. */
  metadataKeys?: readonly string[];
  /**
   * Values in proto3's JSON forms are compared by what they say: Durations and Timestamps by
   * their time, 64-bit decimal strings by their integer (decoded as a number, BigInt or Long),
   * base64 text by its bytes, and a float field's shortest text by its float32 value.
   */
  jsonValues?: boolean;
  /**
   * The library's form of a oneof (oneof-forms.ts): protobuf-ts's `{ oneofKind }` object under
   * the oneof's name, or pbf's member name written under it: the same message.
   */
  oneofs?: 'oneof-kind' | 'case-name';
}

/** The default a proto3 field reads as when absent: 0, '', false, an empty list or map, a zero Long. */
export function isImplicitDefault(value: unknown): boolean {
  if (value === 0 || value === '' || value === false || value === null || value === 0n || value === '0') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (value instanceof Uint8Array) return value.length === 0;
  if (typeof value === 'object' && value !== null) {
    // A zero Long (long.js: low, high) or an empty map.
    const long = value as { low?: unknown; high?: unknown };
    if (typeof long.low === 'number' && typeof long.high === 'number') return long.low === 0 && long.high === 0;
    return Object.getPrototypeOf(value) === Object.prototype && Object.keys(value).length === 0;
  }
  return false;
}

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.(\d{1,9}))?(Z|[+-]\d\d:\d\d)$/;

/** Nanoseconds since the epoch of an RFC 3339 text, exactly (Date.parse keeps milliseconds only). */
function timestampNanos(text: string): bigint | undefined {
  const match = TIMESTAMP.exec(text);
  if (!match) return undefined;
  const whole = Date.parse(text.replace(/\.\d+/, ''));
  if (Number.isNaN(whole)) return undefined;
  return BigInt(whole) * 1_000_000n + BigInt((match[1] ?? '').padEnd(9, '0'));
}

const DURATION = /^(-)?(\d+)(?:\.(\d{1,9}))?s$/;

function durationNanos(text: string): bigint | undefined {
  const match = DURATION.exec(text);
  if (!match) return undefined;
  const nanos = BigInt(match[2]!) * 1_000_000_000n + BigInt((match[3] ?? '').padEnd(9, '0'));
  return match[1] ? -nanos : nanos;
}

/** Two texts of the same Duration or the same Timestamp (`"1.5s"`, `"1.500s"`). */
export function sameTimeText(expected: unknown, actual: unknown): boolean {
  if (typeof expected !== 'string' || typeof actual !== 'string') return false;
  for (const read of [durationNanos, timestampNanos]) {
    const a = read(expected);
    if (a !== undefined) return a === read(actual);
  }
  return false;
}

const DECIMAL = /^-?\d+$/;

/** The integer a decoded 64-bit value holds: a safe number, a BigInt, or a long.js Long. */
function integerOf(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value;
  // A number beyond 2^53 is the one integer it holds exactly: the same value only if that is the sample's.
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value) : undefined;
  if (typeof value === 'string') return DECIMAL.test(value) ? BigInt(value) : undefined;
  const long = value as { low?: unknown; high?: unknown; unsigned?: unknown; toString?: () => string } | null;
  if (long && typeof long.low === 'number' && typeof long.high === 'number' && typeof long.toString === 'function') return BigInt(long.toString());
  return undefined;
}

function bytesOfBase64(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(text)) return undefined;
  try {
    return Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** `text` is the shortest decimal that reads back as the float32 `value` (what protoc writes). */
function isFloat32Text(expected: number, actual: number): boolean {
  if (Math.fround(actual) !== actual || Math.fround(expected) !== actual) return false;
  for (let digits = 1; digits <= 9; digits++) {
    const shortest = Number(actual.toPrecision(digits));
    if (Math.fround(shortest) === actual) return shortest === expected;
  }
  return false;
}

/** The same value in another of proto3 JSON's forms (see FormatSemantics.jsonValues). */
export function sameJsonValue(expected: unknown, actual: unknown): boolean {
  if (typeof expected === 'number' && typeof actual === 'number') return isFloat32Text(expected, actual);
  if (typeof expected !== 'string') return false;
  if (sameTimeText(expected, actual)) return true;
  if (DECIMAL.test(expected)) {
    const integer = integerOf(actual);
    if (integer !== undefined) return integer === BigInt(expected);
  }
  if (actual instanceof Uint8Array) {
    const bytes = bytesOfBase64(expected);
    return bytes !== undefined && bytes.length === actual.length && bytes.every((byte, index) => byte === actual[index]);
  }
  return false;
}

/**
 * A 64-bit integer given as text (proto3 JSON) read back as a JavaScript number that is not that
 * integer: the library rounded it to the nearest double. Says both values, not "string became number".
 */
export function roundedIntegerText(expected: unknown, actual: unknown): string | undefined {
  if (typeof expected !== 'string' || !DECIMAL.test(expected) || typeof actual !== 'number' || !Number.isInteger(actual)) return undefined;
  if (BigInt(actual) === BigInt(expected)) return undefined;
  return `expected ${expected}, got the number ${actual} (a JavaScript number holds integers exactly only up to 2^53)`;
}

/** The default a user's schema declares for the value at a path, if it declares one (FlatBuffers, Cap'n Proto). */
export type SchemaDefaultAt = (path: readonly PathSegment[]) => { value: unknown } | undefined;

/** An enum's values by name where the value at a path is one (protobuf): a name decoded as its number is the same value. */
export type SchemaEnumAt = (path: readonly PathSegment[]) => Readonly<Record<string, number>> | undefined;
