/**
 * Decoded values as JSON for reports (bytes as base64, 64-bit integers as decimal text), and
 * the one equality the comparisons use: numbers by value whatever their form (5, "5", a Long),
 * everything else by its JSON text.
 */
import type { JsonValue } from '../shared/evolution';

/** Stands for "the reader has nothing here" (a field it skipped or does not know). */
export const ABSENT: unique symbol = Symbol('absent');
export type Maybe<T> = T | typeof ABSENT;

interface LongLike {
  low: number;
  high: number;
  unsigned: boolean;
  toString(): string;
}

function isLong(value: object): value is LongLike {
  return 'low' in value && 'high' in value && 'unsigned' in value;
}

export function toJsonValue(value: unknown): JsonValue {
  if (value === undefined || value === ABSENT) return null;
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Uint8Array) return base64(value);
  if (Array.isArray(value)) return value.map(toJsonValue);
  if (typeof value === 'object') {
    if (isLong(value)) return value.toString();
    const object: Record<string, JsonValue> = {};
    for (const key of Object.keys(value)) object[key] = toJsonValue((value as Record<string, unknown>)[key]);
    return object;
  }
  // What is left is a symbol or a function (no JSON has one): its own text.
  return String(value as symbol | (() => unknown));
}

export function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

/** A whole number as exact decimal text (from a number, a decimal string or a Long), else undefined. */
export function integerText(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value).toString() : undefined;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string') return /^-?\d+$/.test(value) ? BigInt(value).toString() : undefined;
  if (typeof value === 'object' && value !== null && isLong(value)) return value.toString();
  return undefined;
}

/** Numbers equal by value (an int64 as "5" equals 5); floats by their double value (NaN equals NaN). */
export function numbersEqual(a: unknown, b: unknown): boolean {
  const ai = integerText(a);
  const bi = integerText(b);
  if (ai !== undefined && bi !== undefined) return ai === bi;
  const an = typeof a === 'number' ? a : Number(integerText(a) ?? Number.NaN);
  const bn = typeof b === 'number' ? b : Number(integerText(b) ?? Number.NaN);
  return Object.is(an, bn) || an === bn;
}

export function isNumeric(value: unknown): boolean {
  return typeof value === 'number' || integerText(value) !== undefined;
}

/** JSON-equal, numbers by value. */
export function valuesEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (isNumeric(a) && isNumeric(b)) return numbersEqual(a, b);
  return JSON.stringify(toJsonValue(a)) === JSON.stringify(toJsonValue(b));
}

/** How many leaf values a decoded value holds (a list of 3 numbers is 3; an empty message 1). */
export function leafCount(value: unknown): number {
  if (value === null || typeof value !== 'object' || value instanceof Uint8Array || isLong(value)) return 1;
  const children = Array.isArray(value) ? value : Object.values(value);
  let count = 0;
  for (const child of children) count += leafCount(child);
  return Math.max(1, count);
}
