/**
 * Round-trip verification with JSON semantics: would a consumer of the decoded value see
 * the same document as a consumer of the original? Key order, -0 and where a value lives
 * (own property, getter, prototype default) do not matter; values do. Types do too, but for
 * one case: an integer decoded as a Long or BigInt of the same value (a 64-bit field) is
 * `equivalent`, like a class instance; the remnants report the type change.
 */
import type { Difference, DifferenceKind, RoundTrip, RoundTripStatus } from '../shared/results';
import type { PathNode } from './json-path';
import { describeOriginal, isIncompatibleRoot, kindName } from './values';
import { walkPairs, type ContainerKind } from './walk-pairs';

export const DEFAULT_MAX_DIFFERENCES = 100;

export interface VerifyOptions {
  /** Differences listed at most; the rest are counted in `omittedDifferences`. */
  maxDifferences?: number;
}

/**
 * Whether a decoded container is what JSON.parse would have built: a plain prototype and
 * only enumerable data properties. Arrays are checked by prototype only: inspecting every
 * index descriptor of a large array would cost more than the round trip.
 */
function isPlainContainer(decoded: object, kind: ContainerKind): boolean {
  const prototype = Object.getPrototypeOf(decoded) as unknown;
  if (kind === 'array') return prototype === Array.prototype;
  if (kind !== 'object') return false;
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const name of Object.getOwnPropertyNames(decoded)) {
    const descriptor = Object.getOwnPropertyDescriptor(decoded, name);
    if (descriptor === undefined) continue;
    if (descriptor.get !== undefined || descriptor.set !== undefined || !descriptor.enumerable) return false;
  }
  return true;
}

export function verifyRoundTrip(original: unknown, decoded: unknown, options: VerifyOptions = {}): RoundTrip {
  const maxDifferences = Math.max(0, options.maxDifferences ?? DEFAULT_MAX_DIFFERENCES);
  const differences: Difference[] = [];
  let found = 0;
  let nullsAdded = 0;
  let structurallyPlain = true;
  /** Integers decoded as Long or BigInt of the same value: not differences, but not plain either. */
  let sameValueTypeChanges = 0;

  const report = (at: PathNode, kind: DifferenceKind, detail: string): void => {
    found++;
    // Paths are formatted only for listed differences: the rest are only counted.
    if (differences.length < maxDifferences) differences.push({ path: at.toString(), kind, detail });
  };

  walkPairs(original, decoded, {
    difference: (at, finding) => {
      if (finding.sameValue) sameValueTypeChanges++;
      else report(at, finding.kind, finding.detail);
    },
    keys: (node, object, missing, extra) => {
      for (const key of missing) {
        report(node.child(key), 'missing-key', `missing after the round trip (was ${describeOriginal(object[key])})`);
      }
      for (const { key, value } of extra) {
        if (value === null) {
          nullsAdded++;
          report(node.child(key), 'null-added', 'absent in the original, decoded as null');
        } else {
          report(node.child(key), 'extra-key', `not in the original (${kindName(value)})`);
        }
      }
    },
    container: (container, _node, kind) => {
      // Once a difference is found the status is not exact: plainness no longer matters.
      if (structurallyPlain && found === 0) structurallyPlain = isPlainContainer(container, kind);
    },
  });

  let status: RoundTripStatus;
  if ((decoded === undefined && original !== undefined) || isIncompatibleRoot(original, decoded)) status = 'failed';
  else if (found > nullsAdded) status = 'lossy';
  else if (nullsAdded > 0) status = 'nulls-added';
  else status = structurallyPlain && sameValueTypeChanges === 0 ? 'exact' : 'equivalent';

  const result: RoundTrip = { status, differences };
  if (found > differences.length) result.omittedDifferences = found - differences.length;
  if (nullsAdded > 0) result.nullsAdded = nullsAdded;
  return result;
}
