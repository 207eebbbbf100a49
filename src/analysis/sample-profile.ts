/**
 * The sample's profile: records, keys and how often each repeats, string and number bytes,
 * integers that fit 32 bits, doubles exact in float32, depth, nulls. One iterative walk (no
 * recursion: a deeply nested sample must not overflow the stack), in the worker that reads
 * the sample.
 */
import type { SampleProfile } from '../shared/results';

const TOP_KEYS = 10;
const utf8Bytes = (text: string) => Buffer.byteLength(text, 'utf8');

export function profileSample(sample: unknown): SampleProfile {
  const profile: SampleProfile = {
    values: 0, objects: 0, arrays: 0, depth: 0,
    keys: { occurrences: 0, distinct: 0, top: [], jsonBytes: 0 },
    strings: { count: 0, jsonBytes: 0 },
    numbers: { count: 0, integers: 0, int32: 0, doubles: 0, float32Exact: 0, jsonBytes: 0 },
    booleans: 0, nulls: 0,
  };
  const keyCounts = new Map<string, number>();
  const stack: { value: unknown; depth: number }[] = [{ value: sample, depth: 0 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    profile.values++;
    if (value === null) profile.nulls++;
    else if (typeof value === 'string') {
      profile.strings.count++;
      profile.strings.jsonBytes += utf8Bytes(JSON.stringify(value));
    } else if (typeof value === 'number') countNumber(profile.numbers, value);
    else if (typeof value === 'boolean') profile.booleans++;
    else if (Array.isArray(value)) {
      profile.arrays++;
      profile.depth = Math.max(profile.depth, depth + 1);
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], depth: depth + 1 });
    } else if (typeof value === 'object') {
      profile.objects++;
      profile.depth = Math.max(profile.depth, depth + 1);
      for (const [key, item] of Object.entries(value)) {
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
  profile.keys.top = [...keyCounts].sort((a, b) => b[1] - a[1]).slice(0, TOP_KEYS).map(([key, count]) => ({ key, count }));
  return profile;
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
