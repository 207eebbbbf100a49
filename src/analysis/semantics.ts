/**
 * What a format or library keeps by its own rules, so a round trip is judged by them and not by
 * JSON's alone: proto3's implicit presence (an absent field reads as its default), a library's
 * documented key mapping (google-protobuf's `items` → `itemsList`, protobufjs's field names for
 * JSON names), metadata keys it adds to every message (`$typeName`), and values proto3's JSON
 * mapping writes in more than one canonical text (`"1.5s"` and `"1.500s"`). Plain data: a codec
 * says which apply (PreparedCodec.semantics), verification and remnants read it.
 */
export interface FormatSemantics {
  /** proto3 implicit presence: a key absent in the sample decoded as its type's default is the same message. */
  implicitDefaults?: boolean;
  /** Keys the library names otherwise (`items` → `itemsList`, `optionalInt32` → `optional_int32`): compared under the new name. */
  renames?: boolean;
  /** Keys the library adds to every message it decodes: a remnant, not a difference. */
  metadataKeys?: readonly string[];
  /** Durations and Timestamps are compared by the time they say, not their text. */
  timeTexts?: boolean;
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
