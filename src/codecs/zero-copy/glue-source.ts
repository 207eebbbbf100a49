/**
 * What the three glue emitters share. A glue module is the code a user writes by hand around
 * generated FlatBuffers, Cap'n Proto or Bebop classes to turn plain JSON values into a message
 * and back: emitted once per schema as JavaScript (specialised per field, as hand-written code
 * is, so no reflection or generic walk is timed), cached beside the generated code and loaded
 * with it. Every glue module exports the same functions (GlueModule).
 */

import type { EnumType, JsonKind, ModelType } from '../../schema/translate/model';

/** The exports of a glue module. */
export interface GlueModule {
  encode(value: unknown): Uint8Array;
  /** Bytes → the plain JSON value: every field read into plain values (the row's decode). */
  decode(bytes: Uint8Array): unknown;
  /** Lazy formats: open the bytes and read every leaf, building no object (a sum, kept alive). */
  access?(bytes: Uint8Array): unknown;
  /** Lazy formats: open the bytes and read the one path `firstFieldPath`. */
  firstField?(bytes: Uint8Array): unknown;
  firstFieldPath?: string;
}

/** A JavaScript string literal. */
export const literal = (text: string): string => JSON.stringify(text);

/** `v.name` where the key is an identifier, `v["odd key"]` otherwise. */
export function property(object: string, key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `${object}.${key}` : `${object}[${literal(key)}]`;
}

/** `v?.name`: a key of a value that may itself be absent. */
export function optionalProperty(object: string, key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `${object}?.${key}` : `${object}?.[${literal(key)}]`;
}

/** The test that a JSON value `x` is of a union branch's kind (how avsc picks an unwrapped union's branch). */
export function kindTest(kind: JsonKind, x: string): string {
  if (kind === 'array') return `Array.isArray(${x})`;
  if (kind === 'object') return `typeof ${x} === 'object' && !Array.isArray(${x})`;
  return `typeof ${x} === ${literal(kind)}`;
}

/** A JSON path step, as the results write paths (`$.items[0].x`, `$["odd key"]`). */
export function pathStep(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `.${key}` : `[${literal(key)}]`;
}

/**
 * Helpers every glue module starts with. Base64 goes through Buffer where there is one (Node)
 * and atob/btoa elsewhere; the sinks fold a leaf into the access sum without building anything.
 */
export const GLUE_HELPERS = `
const hasBuffer = typeof Buffer === 'function';
function fromBase64(text) {
  if (hasBuffer) return Buffer.from(text, 'base64');
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}
function toBase64(bytes) {
  if (bytes === null) return null;
  if (hasBuffer) return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  let raw = '';
  for (let i = 0; i < bytes.length; i++) raw += String.fromCharCode(bytes[i]);
  return btoa(raw);
}
// A 64-bit value as the sample had it: a number where one is the same integer (so every value a
// JSON number gave comes back a number), else the BigInt (beyond 2^53, given exactly as text).
function fromInt64(x) { const n = Number(x); return BigInt(n) === x ? n : x; }
function toNumber(x) { return x === null ? null : fromInt64(x); }
function parseJson(x) { return x === null ? null : JSON.parse(x); }
function sinkText(x) { return x === null ? 0 : x.length; }
function sinkBig(x) { return x === null || x === 0n ? 0 : 1; }
function sinkBytes(x) { return x === null ? 0 : x.length; }
function enumIn(table, x, zero) {
  if (x == null) return x;
  if (typeof x === 'number') return typeof zero === 'bigint' ? BigInt(x) : x;
  const known = table.get(x);
  if (known !== undefined) return known;
  let flags = zero;
  for (const name of String(x).split(' ')) {
    const flag = table.get(name);
    if (flag === undefined) throw new TypeError('not a value of the enum: ' + JSON.stringify(x));
    flags |= flag;
  }
  return flags;
}
function enumOut(table, n, flags) {
  if (n === null) return null;
  const known = table[n];
  if (known !== undefined) return known;
  if (!flags || n <= 0) return Number(n);
  const names = [];
  let covered = 0n;
  for (const key of Object.keys(table)) {
    const flag = BigInt(key);
    if (flag > 0n && (BigInt(n) & flag) === flag) { names.push(table[key]); covered |= flag; }
  }
  return covered === BigInt(n) ? names.join(' ') : Number(n);
}
`;

/** A type's name in helper names: lists (and maps) of the same element type share a helper. */
export function typeKey(type: ModelType): string {
  switch (type.kind) {
    case 'scalar':
      return type.scalar;
    case 'enum':
    case 'record':
    case 'union':
      return type.name;
    case 'list':
      return `List_${typeKey(type.element)}`;
    case 'map':
      return `Map_${type.entry ? type.entry.name : typeKey(type.values)}`;
    case 'nullable':
      return `Nullable_${typeKey(type.inner)}`;
    case 'null':
      return 'Void';
    case 'json-text':
      return 'JsonText';
  }
}

/**
 * An enum's two lookup tables: symbol → number written (encode) and number → symbol (decode).
 * Numbers are positions from `first`, or a user schema's own (`values`, negative ones too);
 * a 64-bit enum's are BigInts, as the generated code takes them.
 */
export function enumTables(type: EnumType, first = 0): string {
  const numberOf = (index: number) => `${type.values?.[index] ?? index + first}${type.wide ? 'n' : ''}`;
  const entries = type.symbols.map((symbol, index) => `[${literal(symbol)}, ${numberOf(index)}]`).join(', ');
  const positions = `{ ${type.symbols.map((symbol, index) => `${literal(String(type.values?.[index] ?? index + first))}: ${literal(symbol)}`).join(', ')} }`;
  return `const E_${type.name} = new Map([${entries}]);\nconst S_${type.name} = ${positions};\n`;
}

/** The number an enum's JSON value `x` is written as (a symbol; bit flags' names; a number, as flatc's JSON allows). */
export const enumWrite = (type: EnumType, x: string): string => `enumIn(E_${type.name}, ${x}, ${type.wide ? '0n' : '0'})`;

/** The JSON value of an enum number read back: its symbol, the set flags' names, or the number itself (none of the symbols). */
export const enumRead = (type: EnumType, read: string): string => `enumOut(S_${type.name}, ${read}, ${type.flags === true})`;

/** Collects a module's functions: each named once, in the order first asked for. */
export class GlueFunctions {
  private readonly bodies = new Map<string, string>();

  /** `name`, emitting `make()` the first time; recursion is fine (the name is reserved first). */
  need(name: string, make: () => string): string {
    if (!this.bodies.has(name)) {
      this.bodies.set(name, '');
      this.bodies.set(name, make());
    }
    return name;
  }

  toString(): string {
    return [...this.bodies.values()].join('\n');
  }
}
