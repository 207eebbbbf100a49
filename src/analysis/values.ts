/**
 * What a decoded value is, seen from a JSON consumer, and how one original JSON scalar
 * compares with whatever a library decoded in its place.
 */
import { valueTypes as types } from './value-types';
import type { DifferenceKind } from '../shared/results';
import { formatNumber } from '../shared/format';

/** One difference at one location. `label` is the same for every occurrence of the same
 * kind of change, so remnants can aggregate on it; `detail` names this occurrence's values. */
export interface Finding {
  kind: DifferenceKind;
  label: string;
  detail: string;
  /**
   * A type change that keeps the value: an integer decoded as a Long or BigInt of the same
   * value (64-bit fields). The round trip is then equivalent, not lossy; the remnant stays.
   */
  sameValue?: true;
}

export type DecodedShape =
  'undefined' | 'null' | 'boolean' | 'number' | 'string' | 'bigint' | 'long' | 'typed-array' | 'map' | 'date' | 'array' | 'record' | 'other';

type LongLike = { low: number; high: number; unsigned?: boolean; toNumber?: () => number };

/**
 * Long from `long` (protobufjs) and bson's Long: 64-bit integers as two 32-bit halves. Only
 * class instances qualify: a plain `{"low": 1, "high": 0, "unsigned": false}` is sample data.
 */
function isLongLike(value: object): value is LongLike {
  try {
    const candidate = value as Partial<LongLike>;
    if (typeof candidate.low === 'number' && typeof candidate.high === 'number') {
      return typeof candidate.unsigned === 'boolean' || typeof candidate.toNumber === 'function';
    }
    return typeof candidate.toNumber === 'function';
  } catch {
    return false; // a throwing getter named `low`: not a Long
  }
}

export function shapeOf(value: unknown): DecodedShape {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
    case 'number':
    case 'string':
    case 'bigint':
      return typeof value as DecodedShape;
    case 'object':
      break;
    default:
      return 'other';
  }
  if (Array.isArray(value)) return 'array';
  // Most decoded objects are plain: answer them before the slower brand checks.
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype === Object.prototype || prototype === null) return 'record';
  if (types.isTypedArray(value)) return 'typed-array';
  if (types.isMap(value)) return 'map';
  if (types.isDate(value)) return 'date';
  if (types.isSet(value) || types.isAnyArrayBuffer(value) || types.isDataView(value) || types.isBoxedPrimitive(value)) {
    return 'other';
  }
  if (isLongLike(value)) return 'long';
  return 'record';
}

function constructorName(value: object): string | undefined {
  try {
    const ctor = (value as { constructor?: unknown }).constructor;
    return typeof ctor === 'function' && ctor.name !== '' ? ctor.name : undefined;
  } catch {
    return undefined;
  }
}

/** A short name for the type of a decoded value, for details like "number became Long". */
export function kindName(value: unknown): string {
  const shape = shapeOf(value);
  switch (shape) {
    case 'bigint':
      return 'BigInt';
    case 'long':
      // Not the constructor's name: bundlers rename colliding classes (long.js's and bson's
      // Long become `Long2` and `_Long`), and both are Longs to the reader.
      return 'Long';
    case 'typed-array':
      return types.isBuffer(value) ? 'Buffer' : (constructorName(value as object) ?? 'typed array');
    case 'map':
      return 'Map';
    case 'date':
      return 'Date';
    case 'record':
      return 'object';
    case 'other':
      if (typeof value !== 'object') return typeof value;
      return constructorName(value as object) ?? 'object';
    default:
      return shape;
  }
}

const PREVIEW_CHARS = 40;

function quote(text: string): string {
  return JSON.stringify(text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text);
}

function longToNumber(value: LongLike): number {
  if (typeof value.toNumber === 'function') return value.toNumber();
  const high = value.unsigned === true ? value.high >>> 0 : value.high | 0;
  return high * 2 ** 32 + (value.low >>> 0);
}

function longText(value: LongLike): string {
  const own = (value as { toString?: unknown }).toString;
  // Long's own toString is exact past 2^53; Number() of it would not be.
  if (typeof own === 'function' && own !== Object.prototype.toString) return String(own.call(value));
  const high = value.unsigned === true ? BigInt(value.high >>> 0) : BigInt(value.high | 0);
  return String((high << 32n) + BigInt(value.low >>> 0));
}

function typeChange(from: string, to: unknown): Finding {
  const label = `${from} became ${kindName(to)}`;
  return { kind: 'type-change', label, detail: label };
}

/**
 * A decoded numeric value that differs from the original number. `actual` is null for a
 * BigInt or Long, which cannot be a float32 rounding.
 */
function numberMismatch(expected: number, actual: number | null, shown: string): Finding {
  if (actual !== null && Math.fround(expected) === actual) {
    return {
      kind: 'precision',
      label: 'float32 rounding',
      detail: `expected ${expected}, got ${shown} (float32 rounding)`,
    };
  }
  if (Math.abs(expected) > Number.MAX_SAFE_INTEGER) {
    return {
      kind: 'precision',
      label: 'beyond 2^53',
      detail: `expected ${expected}, got ${shown} (beyond 2^53)`,
    };
  }
  return { kind: 'value-change', label: 'value changed', detail: `expected ${expected}, got ${shown}` };
}

function compareNumber(expected: number, actual: unknown): Finding | null {
  // `===` also makes -0 equal to 0, as JSON.stringify(-0) === '0'.
  if (actual === expected) return null;
  const shape = shapeOf(actual);
  if (shape === 'number') return numberMismatch(expected, actual as number, String(actual));
  if (shape === 'bigint') {
    const value = Number(actual as bigint);
    if (value === expected) return { ...typeChange('number', actual), sameValue: true };
    return numberMismatch(expected, null, `${String(actual)}n`);
  }
  if (shape === 'long') {
    const long = actual as LongLike;
    if (longToNumber(long) === expected) return { ...typeChange('number', actual), sameValue: true };
    return numberMismatch(expected, null, `${kindName(actual)} ${longText(long)}`);
  }
  return typeChange('number', actual);
}

function compareString(expected: string, actual: unknown): Finding | null {
  if (actual === expected) return null;
  if (typeof actual !== 'string') {
    // A 64-bit integer written as a decimal string (proto3 JSON's int64), decoded as its value.
    const shape = shapeOf(actual);
    const text = shape === 'bigint' ? String(actual) : shape === 'long' ? longText(actual as LongLike) : undefined;
    return text === expected ? { ...typeChange('string', actual), sameValue: true } : typeChange('string', actual);
  }
  if (expected.length <= PREVIEW_CHARS && actual.length <= PREVIEW_CHARS) {
    return { kind: 'value-change', label: 'value changed', detail: `expected ${quote(expected)}, got ${quote(actual)}` };
  }
  let at = 0;
  while (at < expected.length && at < actual.length && expected.charCodeAt(at) === actual.charCodeAt(at)) at++;
  return {
    kind: 'value-change',
    label: 'value changed',
    detail: `strings differ at character ${at} (lengths ${expected.length} and ${actual.length})`,
  };
}

/** Compares an original JSON scalar (or null) with its decoded counterpart; null if equal. */
export function compareScalar(expected: unknown, actual: unknown): Finding | null {
  switch (typeof expected) {
    case 'number':
      return compareNumber(expected, actual);
    case 'string':
      return compareString(expected, actual);
    case 'boolean':
      if (actual === expected) return null;
      if (typeof actual === 'boolean') {
        return { kind: 'value-change', label: 'value changed', detail: `expected ${expected}, got ${actual}` };
      }
      return typeChange('boolean', actual);
    default:
      if (actual === expected) return null;
      return typeChange(expected === null ? 'null' : typeof expected, actual);
  }
}

/** A short rendering of an original JSON value, for "missing (was 0)". */
export function describeOriginal(value: unknown): string {
  if (typeof value === 'string') return quote(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `an array of ${formatCount(value.length)} ${value.length === 1 ? 'item' : 'items'}`;
  }
  if (value !== null && typeof value === 'object') return Object.keys(value).length === 0 ? '{}' : 'an object';
  return String(value);
}

/**
 * True when the decoded root is a different kind of document: a scalar for an object or
 * array, or a container for a scalar. Nothing below the root can be compared then.
 */
export function isIncompatibleRoot(original: unknown, decoded: unknown): boolean {
  const shape = shapeOf(decoded);
  if (Array.isArray(original)) return shape !== 'array' && shape !== 'typed-array';
  if (original !== null && typeof original === 'object') return shape !== 'record' && shape !== 'map';
  return shape === 'array' || shape === 'record' || shape === 'map';
}

/** Counts as every figure writes them (shared/format.ts). */
export const formatCount = formatNumber;
