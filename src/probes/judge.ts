/**
 * Turns what a decoder gave back into probe effects and a sentence. Runs inside the probe
 * process, next to the library under test.
 */
import { detectRemnants } from '../analysis/remnants';
import { verifyRoundTrip } from '../analysis/verify';
import { prototypeName } from '../analysis/prototypes';
import { kindName } from '../analysis/values';
import type { ProbeOutcome } from '../shared/probes';

export interface Judgement {
  effects: ProbeOutcome[];
  detail: string;
}

export function errorText(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message || '(no message)'}`.slice(0, 300);
  return `non-Error thrown: ${String(error)}`.slice(0, 300);
}

function ownValue(target: object, key: string): unknown {
  const descriptor = Object.getOwnPropertyDescriptor(target, key);
  return descriptor !== undefined && 'value' in descriptor ? descriptor.value : undefined;
}

/** JSON text with replacement characters escaped: a terminal shows U+FFFD as a blank box. */
function quoted(text: string): string {
  return JSON.stringify(text).replace(/\ufffd/g, '\\ufffd');
}

/** A plain description of a decoded value for details: `{"injected":true}`, `BigInt 5n`. */
export function show(value: unknown): string {
  if (typeof value === 'bigint') return `BigInt ${value}n`;
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (typeof value === 'string') return quoted(value.length > 40 ? `${value.slice(0, 39)}…` : value);
  try {
    const text = JSON.stringify(value);
    if (text !== undefined) return `${kindName(value)} ${text.length > 60 ? `${text.slice(0, 59)}…` : text}`;
  } catch {
    // cycles or BigInts inside: the kind name is enough
  }
  return kindName(value);
}

/**
 * Did `key` (whose value carries `marker: true`) survive? Looks for it as an own property,
 * then under another own key (renamed), and checks whether the marker now comes from the
 * prototype chain (the key was assigned with `obj[key] = value` and replaced the prototype).
 */
export function judgeDangerousKey(decoded: unknown, key: string, marker: (value: unknown) => boolean): Judgement {
  if (decoded === null || typeof decoded !== 'object') {
    return { effects: ['wrong-value'], detail: `decoded to ${show(decoded)}, not an object` };
  }
  const effects: ProbeOutcome[] = [];
  const notes: string[] = [];
  if (Object.hasOwn(decoded, key) && marker(ownValue(decoded, key))) {
    notes.push(`the key "${key}" came back as an own data property`);
  } else {
    const renamedTo = Object.keys(decoded).find((other) => other !== key && marker(ownValue(decoded, other)));
    if (renamedTo !== undefined) {
      effects.push('renamed-key');
      notes.push(`the key "${key}" came back as "${renamedTo}": code reading obj["${key}"] misses it`);
    } else {
      effects.push('dropped-key');
      notes.push(`the key "${key}" is gone from the decoded object`);
    }
  }
  // The payload carries `injected: true`; read through the chain but not owned, it means the
  // key was assigned with obj[key] = value and the payload became the prototype.
  if ((decoded as { injected?: unknown }).injected === true && !Object.hasOwn(decoded, 'injected')) {
    effects.push('prototype-changed');
    const prototype = Object.getPrototypeOf(decoded) as object;
    notes.push(
      `its prototype was replaced by the payload (${prototypeName(prototype)} ${show(prototype)}): ` +
        'the object now inherits "injected", and instanceof and methods of its class no longer hold',
    );
  }
  return { effects, detail: notes.join('; ') };
}

/**
 * Any other input: the round trip, read as a JSON consumer reads it, with renamed and dropped
 * keys named. A class-instance prototype alone is not an effect here: it is how avsc and
 * protobufjs always decode, and the remnant analysis reports it.
 */
export function judgeRoundTrip(sample: unknown, decoded: unknown): Judgement {
  const roundTrip = verifyRoundTrip(sample, decoded, { maxDifferences: 5 });
  if (roundTrip.status === 'exact' || roundTrip.status === 'equivalent') {
    return { effects: [], detail: roundTrip.status === 'exact' ? 'came back equal' : 'came back equal (as class instances)' };
  }
  if (roundTrip.status === 'failed') {
    return { effects: ['wrong-value'], detail: `decoded to ${show(decoded)}` };
  }
  const effects = new Set<ProbeOutcome>();
  const notes: string[] = [];
  for (const remnant of detectRemnants(sample, decoded, { maxRemnants: 5 })) {
    if (remnant.kind === 'rename') effects.add('renamed-key');
    else if (remnant.kind === 'missing-key') effects.add('dropped-key');
    else continue;
    notes.push(`${remnant.path}: ${remnant.detail}`);
  }
  for (const difference of roundTrip.differences) {
    if (difference.kind === 'missing-key' || difference.kind === 'extra-key') continue;
    effects.add('wrong-value');
    notes.push(`${difference.path}: ${difference.detail}`);
  }
  if (effects.size === 0) effects.add('wrong-value'); // only extra keys: still not what was sent
  if (notes.length === 0) notes.push(...roundTrip.differences.map((d) => `${d.path}: ${d.detail}`));
  return { effects: [...effects], detail: notes.slice(0, 4).join('; ') };
}

/** A 64-bit-or-wider integer as decoded: BigInt, Long (`{low, high}`), string or number. */
export function integerValue(value: unknown): bigint | number | undefined {
  if (typeof value === 'bigint' || typeof value === 'number') return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return BigInt(value);
  if (value !== null && typeof value === 'object') {
    const long = value as { low?: unknown; high?: unknown; unsigned?: unknown };
    if (typeof long.low === 'number' && typeof long.high === 'number') {
      const high = long.unsigned === true ? BigInt(long.high >>> 0) : BigInt(long.high | 0);
      return (high << 32n) + BigInt(long.low >>> 0);
    }
  }
  return undefined;
}

export function judgeInteger(decoded: unknown, field: string, expected: bigint): Judgement {
  const raw = decoded !== null && typeof decoded === 'object' ? (decoded as Record<string, unknown>)[field] : undefined;
  const value = integerValue(raw);
  if (value === undefined) return { effects: ['wrong-value'], detail: `came back as ${show(raw)}` };
  if (typeof value === 'number') {
    if (Number.isInteger(value) && BigInt(value) === expected) return { effects: [], detail: `came back as the number ${value}` };
    return { effects: ['wrong-value'], detail: `came back as the number ${value}, not ${expected}: ${whyDifferent(value, expected)}` };
  }
  if (value !== expected) return { effects: ['wrong-value'], detail: `came back as ${show(raw)}, not ${expected}` };
  const type = typeof raw === 'string' ? 'a string' : kindName(raw);
  return { effects: [], detail: `came back exactly, as ${type} ${expected}` };
}

function whyDifferent(value: number | bigint, expected: bigint): string {
  const integer = typeof value === 'bigint' ? value : Number.isInteger(value) ? BigInt(value) : undefined;
  if (integer !== undefined && (integer === BigInt.asIntN(64, expected) || integer === BigInt.asUintN(64, expected))) {
    return 'silently cut to its low 64 bits';
  }
  if (typeof value === 'number' && value === Number(expected)) return 'silently rounded to the nearest double';
  return 'a different value';
}

const REPLACEMENT = '\ufffd';

/** Lone surrogates: kept, refused, or replaced by U+FFFD (the key then reads as another key). */
export function judgeLoneSurrogate(decoded: unknown, key: string, value: string): Judgement {
  if (decoded === null || typeof decoded !== 'object') return { effects: ['wrong-value'], detail: `decoded to ${show(decoded)}` };
  const effects: ProbeOutcome[] = [];
  const notes: string[] = [];
  let found: unknown = ownValue(decoded, key);
  if (!Object.hasOwn(decoded, key)) {
    const replaced = Object.keys(decoded).find((other) => other.includes(REPLACEMENT));
    if (replaced === undefined) {
      effects.push('dropped-key');
      notes.push('the key is gone');
    } else {
      effects.push('renamed-key');
      notes.push(`the key ${quoted(key)} came back as ${quoted(replaced)} (replaced by U+FFFD)`);
      found = ownValue(decoded, replaced);
    }
  }
  if (found !== value) {
    effects.push('wrong-value');
    notes.push(`the string ${quoted(value)} came back as ${show(found)}`);
  }
  return { effects, detail: notes.length === 0 ? 'key and string came back unchanged' : notes.join('; ') };
}
