/**
 * New records made from a sample's record profile (record-profile.ts), for sweep sizes above the
 * sample's own: repeated records let brotli and zstd find whole records again and report ratios
 * no real payload of that size gets. Each path keeps the kinds, null and true rates, key
 * presence, array lengths and number ranges (and decimals) the sample had. Strings with few
 * values are drawn from those values; others are rebuilt on the structure of one seen at that
 * path (its tokens: runs of letters, digits or the rest), each token drawn from those seen at its
 * position, or made anew from that position's alphabet where tokens rarely repeat (ids, hashes).
 *
 * The profile is compiled once into a tree of makers, so a record costs about what building it
 * by hand would. Seeded: the same profile and seed give the same records in every worker and on
 * every run.
 */
import { seededRandom } from './seeded-random';
import type { NumberProfile, ObjectProfile, PathProfile, RecordProfile, StringProfile, Tally, TokenProfile } from './record-profile';

/** The seed of every sweep's fresh records: sizes of one sweep, and two runs, hold the same. */
export const FRESH_RECORDS_SEED = 28;
/** A string with at most this many distinct values (each seen twice or more) is one of them. */
const CATEGORICAL_STRINGS = 256;
const CATEGORICAL_NUMBERS = 32;

type Random = () => number;
type Make = () => unknown;

/** Draws from counts in proportion to them (a cumulative table and a binary search). */
function weighted<T>(counts: ReadonlyMap<T, number>, random: Random): () => T {
  const values = [...counts.keys()];
  const cumulative: number[] = [];
  let sum = 0;
  for (const count of counts.values()) cumulative.push((sum += count));
  if (values.length === 1) return () => values[0]!;
  return () => {
    const target = random() * sum;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! > target) high = middle;
      else low = middle + 1;
    }
    return values[low]!;
  };
}

export class FreshRecords {
  private readonly random: Random;
  private readonly record: Make;

  constructor(profile: RecordProfile, seed = FRESH_RECORDS_SEED) {
    this.random = seededRandom(seed);
    this.record = this.value(profile.records);
  }

  /** The next record. */
  next(): unknown {
    return this.record();
  }

  private draw<T>(tally: Tally<T>): () => T {
    return weighted(tally.counts, this.random);
  }

  private value(at: PathProfile): Make {
    const random = this.random;
    const makers = new Map<Make, number>();
    if (at.nulls > 0) makers.set(() => null, at.nulls);
    if (at.trues + at.falses > 0) {
      const rate = at.trues / (at.trues + at.falses);
      makers.set(() => random() < rate, at.trues + at.falses);
    }
    if (at.numbers) makers.set(this.number(at.numbers), at.numbers.values.total);
    if (at.strings) makers.set(this.string(at.strings), at.strings.values.total);
    if (at.arrays) {
      const length = this.draw(at.arrays.lengths);
      const element = this.value(at.arrays.element);
      // Grown by push: a preallocated (holey) array is one node:v8 writes sparsely.
      makers.set(() => {
        const items: unknown[] = [];
        for (let count = length(); count > 0; count--) items.push(element());
        return items;
      }, at.arrays.lengths.total);
    }
    if (at.objects) makers.set(this.object(at.objects), at.objects.count);
    if (makers.size === 0) return () => null;
    const kind = weighted(makers, random);
    return makers.size === 1 ? kind() : () => kind()();
  }

  private number(numbers: NumberProfile): Make {
    const random = this.random;
    if (numbers.values.isCategorical(CATEGORICAL_NUMBERS)) return this.draw(numbers.values);
    const { min, max, decimals } = numbers;
    if (numbers.allIntegers) return () => min + Math.floor(random() * (max - min + 1));
    if (decimals === null) return () => min + random() * (max - min);
    const scale = 10 ** decimals;
    return () => Math.round((min + random() * (max - min)) * scale) / scale;
  }

  private string(strings: StringProfile): () => string {
    const random = this.random;
    if (strings.values.isCategorical(CATEGORICAL_STRINGS)) return this.draw(strings.values);
    const positions = strings.tokens.map((profile) => this.token(profile));
    const templates = strings.templates;
    return () => {
      const template = templates[Math.floor(random() * templates.length)]!;
      let text = '';
      for (let position = 0; position < template.length; position++) text += positions[Math.min(position, positions.length - 1)]!(template[position]!);
      return text;
    };
  }

  /** A token at one position, given the template's token there (the shape of a new one). */
  private token(profile: TokenProfile): (like: string) => string {
    const random = this.random;
    if (profile.values.isCategorical(CATEGORICAL_STRINGS)) {
      const draw = this.draw(profile.values);
      return () => draw();
    }
    // Each character of the template's token gives way to one of its class (digit, lower or
    // upper case letter, other) seen at this position: "503Z" stays digits then a Z, a hex id
    // stays hex. By code point: a surrogate pair is one character.
    const pools = new Map<CharacterClass, string[]>();
    for (const character of profile.alphabet) {
      const pool = pools.get(classOf(character));
      if (pool) pool.push(character);
      else pools.set(classOf(character), [character]);
    }
    const everything = [...profile.alphabet];
    return (like) => {
      let token = '';
      for (const character of like) {
        const pool = pools.get(classOf(character)) ?? everything;
        token += pool[Math.floor(random() * pool.length)];
      }
      return token;
    };
  }

  private object(objects: ObjectProfile): Make {
    const random = this.random;
    if (objects.map) {
      const size = this.draw(objects.map.sizes);
      const key = this.string(objects.map.keys);
      const value = this.value(objects.map.value);
      return () => {
        const record: Record<string, unknown> = {};
        for (let count = size(); count > 0; count--) setOwn(record, key(), value());
        return record;
      };
    }
    const fields = [...objects.keys].map(([key, field]) => ({ key, rate: field.present / objects.count, make: this.value(field.value) }));
    return () => {
      const record: Record<string, unknown> = {};
      for (const { key, rate, make } of fields) if (rate >= 1 || random() < rate) setOwn(record, key, make());
      return record;
    };
  }
}

/** As JSON.parse sets a key: an own property, "__proto__" included (never the prototype). */
function setOwn(record: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  else record[key] = value;
}

type CharacterClass = 'digit' | 'lower' | 'upper' | 'other';

function classOf(character: string): CharacterClass {
  if (character >= '0' && character <= '9') return 'digit';
  if (character !== character.toUpperCase()) return 'lower';
  if (character !== character.toLowerCase()) return 'upper';
  return 'other';
}
