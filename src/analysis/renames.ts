/**
 * Pairs a key that vanished with a key that appeared in the same object when their names
 * look related: generated code renames fields (`items` → `itemsList` in google-protobuf,
 * `user_id` → `userId` in camel-casing codecs, `__proto__` → `__proto_` where the key is
 * reserved). One rename tells a reader more than a missing key plus an extra key.
 */

export interface Rename {
  from: string;
  to: string;
}

export interface RenameMatch {
  renames: Rename[];
  missing: string[];
  extra: string[];
}

/** Suffixes code generators append to a field name (repeated, map and wrapper fields). */
const GENERATED_SUFFIXES = ['list', 'map', 'array', 'value', 'values', 's'];

/** Pairwise containment checks beyond this many pairs are skipped: an object with thousands
 * of unmatched keys is not a rename, and the check must stay linear on large objects. */
const MAX_CONTAINMENT_PAIRS = 10_000;

/** Shorter names than this match only exactly or by a generated suffix (`x` ⊂ `index`). */
const MIN_CONTAINED_LENGTH = 3;

function normalize(key: string): string {
  const folded = key.toLowerCase().replace(/[_\-\s]/g, '');
  return folded === '' ? key : folded;
}

export function matchRenames(missing: readonly string[], extra: readonly string[]): RenameMatch {
  if (missing.length === 0 || extra.length === 0) {
    return { renames: [], missing: [...missing], extra: [...extra] };
  }
  const unmatchedExtra = new Map<string, string[]>();
  for (const key of extra) {
    const normal = normalize(key);
    const bucket = unmatchedExtra.get(normal);
    if (bucket === undefined) unmatchedExtra.set(normal, [key]);
    else bucket.push(key);
  }
  const take = (normal: string): string | undefined => {
    const bucket = unmatchedExtra.get(normal);
    const key = bucket?.shift();
    if (bucket !== undefined && bucket.length === 0) unmatchedExtra.delete(normal);
    return key;
  };

  const renames: Rename[] = [];
  const leftMissing: string[] = [];
  for (const key of missing) {
    const normal = normalize(key);
    let to = take(normal);
    for (const suffix of GENERATED_SUFFIXES) {
      if (to !== undefined) break;
      to = take(normal + suffix);
      if (to === undefined && normal.endsWith(suffix) && normal.length > suffix.length) {
        to = take(normal.slice(0, -suffix.length));
      }
    }
    if (to === undefined) leftMissing.push(key);
    else renames.push({ from: key, to });
  }

  const renamedTo = new Set(renames.map((rename) => rename.to));
  let leftExtra = extra.filter((key) => !renamedTo.has(key));
  if (leftMissing.length * leftExtra.length <= MAX_CONTAINMENT_PAIRS) {
    const stillMissing: string[] = [];
    for (const key of leftMissing) {
      const normal = normalize(key);
      const index = leftExtra.findIndex((candidate) => {
        const other = normalize(candidate);
        const [shorter, longer] = normal.length <= other.length ? [normal, other] : [other, normal];
        return shorter.length >= MIN_CONTAINED_LENGTH && longer.includes(shorter);
      });
      if (index < 0) {
        stillMissing.push(key);
        continue;
      }
      renames.push({ from: key, to: leftExtra[index]! });
      leftExtra = leftExtra.filter((_, i) => i !== index);
    }
    return { renames, missing: stillMissing, extra: leftExtra };
  }
  return { renames, missing: leftMissing, extra: leftExtra };
}
