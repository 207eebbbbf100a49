/**
 * What a sample's records hold, path by path: the schema a generator needs (which kinds occur
 * where, which keys and how often, array lengths) and the values' profile (null and true rates,
 * number ranges and decimals, strings' values, token structure and alphabet). Read in one walk
 * with an explicit stack; every table is capped, so a large or odd sample costs bounded memory.
 * fresh-records.ts generates new records from it.
 */
import { seededRandom } from './seeded-random';

/** Values counted per path and token position; past it, new values are only counted. */
const DISTINCT_CAP = 4_096;
/** Observed strings kept per path as templates of structure (a reservoir sample). */
const TEMPLATES = 256;
/** Token positions told apart in a string; later tokens share the last position's profile. */
const TOKEN_POSITIONS = 64;
/** Characters kept per token position: the alphabet, with its frequencies. */
const ALPHABET_CHARS = 4_096;
/** Past this many distinct keys an object is a dictionary keyed by data (as in inference). */
export const MAP_KEYS = 200;
/** Nesting the generator follows; deeper records are grown by repetition instead. */
export const MAX_PROFILE_DEPTH = 256;

/** Counts of values, the first DISTINCT_CAP of them told apart. */
export class Tally<T> {
  readonly counts = new Map<T, number>();
  total = 0;
  /** Observations of values past the cap (not told apart). */
  untold = 0;

  add(value: T): void {
    this.total++;
    const known = this.counts.get(value);
    if (known !== undefined) this.counts.set(value, known + 1);
    else if (this.counts.size < DISTINCT_CAP) this.counts.set(value, 1);
    else this.untold++;
  }

  /** Few values, each seen about twice or more: drawn from those seen rather than made anew. */
  isCategorical(limit: number): boolean {
    return this.untold === 0 && this.counts.size <= limit && this.total >= 2 * this.counts.size;
  }
}

export interface TokenProfile {
  values: Tally<string>;
  /** Characters of the tokens seen here, up to ALPHABET_CHARS: drawn from for new tokens. */
  alphabet: string;
}

export interface StringProfile {
  values: Tally<string>;
  /** Strings seen here, as their tokens: the structures new strings are built on. */
  templates: string[][];
  tokens: TokenProfile[];
}

export interface NumberProfile {
  values: Tally<number>;
  allIntegers: boolean;
  min: number;
  max: number;
  /** Most digits after the point among non-integers (null: one was written with an exponent). */
  decimals: number | null;
}

export interface ObjectProfile {
  count: number;
  /** In first-seen order. */
  keys: Map<string, { present: number; value: PathProfile }>;
  /** Set once the objects here had more than MAP_KEYS distinct keys. */
  map?: { sizes: Tally<number>; keys: StringProfile; value: PathProfile };
}

export interface PathProfile {
  nulls: number;
  trues: number;
  falses: number;
  numbers?: NumberProfile;
  strings?: StringProfile;
  arrays?: { lengths: Tally<number>; element: PathProfile };
  objects?: ObjectProfile;
}

export interface RecordProfile {
  records: PathProfile;
  /** Deepest nesting below the records' array, capped at MAX_PROFILE_DEPTH + 1. */
  depth: number;
}

/** Runs of letters and digits, and runs of the rest: "evt_9e37-x" → evt, _, 9e37, -, x. */
export const TOKEN = /[\p{L}\p{N}]+|[^\p{L}\p{N}]+/gu;

const emptyProfile = (): PathProfile => ({ nulls: 0, trues: 0, falses: 0 });
const emptyStrings = (): StringProfile => ({ values: new Tally(), templates: [], tokens: [] });

/** The profile of `records`, as if each were a value at the same path. */
export function profileRecords(records: readonly unknown[]): RecordProfile {
  const root = emptyProfile();
  // The reservoir of templates is sampled, and the same sample gives the same profile.
  const random = seededRandom(0x5eed);
  let depth = 0;
  // Three parallel stacks (value, its path's profile, its depth): no object per value visited.
  const values: unknown[] = [...records].reverse();
  const paths: PathProfile[] = values.map(() => root);
  const depths: number[] = values.map(() => 1);
  const push = (value: unknown, at: PathProfile, level: number) => {
    values.push(value);
    paths.push(at);
    depths.push(level);
  };
  while (values.length > 0) {
    const value = values.pop();
    const at = paths.pop()!;
    const level = depths.pop()!;
    if (value === null || value === undefined) at.nulls++;
    else if (typeof value === 'boolean') value ? at.trues++ : at.falses++;
    else if (typeof value === 'number') addNumber((at.numbers ??= { values: new Tally(), allIntegers: true, min: value, max: value, decimals: 0 }), value);
    else if (typeof value === 'string') addString((at.strings ??= emptyStrings()), value, random);
    else if (typeof value === 'object') {
      depth = Math.max(depth, level);
      if (level > MAX_PROFILE_DEPTH) continue;
      if (Array.isArray(value)) {
        const element = addArray(at, value);
        for (let index = value.length - 1; index >= 0; index--) push(value[index], element, level + 1);
      } else {
        const children = addObject(at, value as Record<string, unknown>, random);
        for (let index = children.length - 1; index >= 0; index--) push(children[index]![0], children[index]![1], level + 1);
      }
    }
  }
  return { records: root, depth };
}

/** A string's tokens (runs of letters, digits or the rest). */
export function tokensOf(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

function addNumber(numbers: NumberProfile, value: number): void {
  numbers.values.add(value);
  numbers.min = Math.min(numbers.min, value);
  numbers.max = Math.max(numbers.max, value);
  if (Number.isInteger(value)) return;
  numbers.allIntegers = false;
  const text = String(value);
  if (numbers.decimals !== null) numbers.decimals = /e/i.test(text) ? null : Math.max(numbers.decimals, text.length - text.indexOf('.') - 1);
}

function addString(strings: StringProfile, value: string, random: () => number): void {
  strings.values.add(value);
  const seen = strings.values.total;
  const tokens = tokensOf(value);
  if (strings.templates.length < TEMPLATES) strings.templates.push(tokens);
  else if (random() * seen < TEMPLATES) strings.templates[Math.floor(random() * TEMPLATES)] = tokens;
  for (let position = 0; position < tokens.length; position++) {
    const token = tokens[position]!;
    const profile = (strings.tokens[Math.min(position, TOKEN_POSITIONS - 1)] ??= { values: new Tally(), alphabet: '' });
    profile.values.add(token);
    if (profile.alphabet.length < ALPHABET_CHARS) profile.alphabet += token;
  }
}

/** Counts the array; returns the profile of its elements. */
function addArray(at: PathProfile, value: readonly unknown[]): PathProfile {
  const arrays = (at.arrays ??= { lengths: new Tally(), element: emptyProfile() });
  arrays.lengths.add(value.length);
  return arrays.element;
}

/** Counts the object's keys; returns each value with the profile of its path. */
function addObject(at: PathProfile, value: Record<string, unknown>, random: () => number): Array<[unknown, PathProfile]> {
  const objects: ObjectProfile = (at.objects ??= { count: 0, keys: new Map() });
  objects.count++;
  const entries = Object.entries(value);
  if (!objects.map && objects.keys.size + entries.length > MAP_KEYS) {
    const known = objects.keys.size + entries.filter(([key]) => !objects.keys.has(key)).length;
    if (known > MAP_KEYS) objects.map = { sizes: new Tally(), keys: emptyStrings(), value: emptyProfile() };
  }
  const map = objects.map;
  if (map) {
    // Keys are data here: their strings are profiled like values, their values at one path.
    map.sizes.add(entries.length);
    for (const [key] of entries) addString(map.keys, key, random);
    return entries.map(([, item]) => [item, map.value]);
  }
  return entries.map(([key, item]) => {
    let field = objects.keys.get(key);
    if (field === undefined) objects.keys.set(key, (field = { present: 0, value: emptyProfile() }));
    field.present++;
    return [item, field.value];
  });
}
