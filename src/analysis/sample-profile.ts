/**
 * The sample's profile: records, keys and how often each repeats, string and number bytes,
 * integers that fit 32 bits, doubles exact in float32, depth, nulls. One iterative walk (no
 * recursion: a deeply nested sample must not overflow the stack), in the worker that reads
 * the sample. The bytes of keys, strings, numbers, literals (true, false, null) and punctuation
 * add up to the minified JSON's, so each share is of the same whole: one document's, or in a
 * stream every message's added up (each message its own JSON, without an array around them).
 */
import type { SampleProfile } from '../shared/results';

const TOP_KEYS = 10;
const utf8Bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** One document's profile. */
export function profileSample(sample: unknown): SampleProfile {
  return profileRoots([sample]);
}

/** A stream's profile: every message walked as its own document, the counts and bytes added up. */
export function profileMessages(messages: readonly unknown[]): SampleProfile {
  return profileRoots(messages);
}

function profileRoots(roots: readonly unknown[]): SampleProfile {
  const profile: SampleProfile = {
    values: 0,
    objects: 0,
    arrays: 0,
    depth: 0,
    keys: { occurrences: 0, distinct: 0, top: [], jsonBytes: 0 },
    strings: { count: 0, jsonBytes: 0 },
    numbers: { count: 0, integers: 0, int32: 0, doubles: 0, float32Exact: 0, jsonBytes: 0 },
    booleans: 0,
    nulls: 0,
  };
  let literalBytes = 0;
  let punctuationBytes = 0;
  const keyCounts = new Map<string, number>();
  const stack: { value: unknown; depth: number }[] = roots.map((value) => ({ value, depth: 0 })).reverse();
  // Brackets, and a comma between neighbours: `[a,b]` is 2 + 1 beyond its items; `{"k":v}` adds a colon per key.
  const enclose = (items: number) => 2 + Math.max(0, items - 1);
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    profile.values++;
    if (value === null) {
      profile.nulls++;
      literalBytes += 4;
    } else if (typeof value === 'string') {
      profile.strings.count++;
      profile.strings.jsonBytes += utf8Bytes(JSON.stringify(value));
    } else if (typeof value === 'number') countNumber(profile.numbers, value);
    else if (typeof value === 'boolean') {
      profile.booleans++;
      literalBytes += value ? 4 : 5;
    } else if (Array.isArray(value)) {
      profile.arrays++;
      profile.depth = Math.max(profile.depth, depth + 1);
      punctuationBytes += enclose(value.length);
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], depth: depth + 1 });
    } else if (typeof value === 'object') {
      profile.objects++;
      profile.depth = Math.max(profile.depth, depth + 1);
      const entries = Object.entries(value);
      punctuationBytes += enclose(entries.length) + entries.length;
      for (const [key, item] of entries) {
        keyCounts.set(key, (keyCounts.get(key) ?? 0) + 1);
        stack.push({ value: item, depth: depth + 1 });
      }
    }
  }
  for (const [key, count] of keyCounts) {
    profile.keys.occurrences += count;
    profile.keys.jsonBytes += utf8Bytes(JSON.stringify(key)) * count;
  }
  profile.keys.distinct = keyCounts.size;
  profile.keys.top = [...keyCounts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP_KEYS)
    .map(([key, count]) => ({ key, count }));
  const jsonBytes = profile.keys.jsonBytes + profile.strings.jsonBytes + profile.numbers.jsonBytes + literalBytes + punctuationBytes;
  return { ...profile, literalBytes, punctuationBytes, jsonBytes };
}

function countNumber(numbers: SampleProfile['numbers'], value: number): void {
  numbers.count++;
  numbers.jsonBytes += JSON.stringify(value).length;
  if (Number.isSafeInteger(value)) {
    numbers.integers++;
    if (value >= -(2 ** 31) && value < 2 ** 31) numbers.int32++;
  } else {
    numbers.doubles++;
    if (Math.fround(value) === value) numbers.float32Exact++;
  }
}
