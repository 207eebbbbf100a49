/**
 * Round-trip verification with JSON semantics: would a consumer of the decoded value see
 * the same document as a consumer of the original? Key order, -0 and where a value lives
 * (own property, getter, prototype default) do not matter; values do. Types do too, but for
 * one case: an integer decoded as a Long or BigInt of the same value (a 64-bit field) is
 * `equivalent`, like a class instance; the remnants report the type change.
 */
import type { Difference, DifferenceKind, RoundTrip, RoundTripStatus } from '../shared/results';
import type { PathNode, PathSegment } from './json-path';
import { describeOriginal, isIncompatibleRoot, kindName } from './values';
import { walkPairs, type ContainerKind, type ExtraKey } from './walk-pairs';
import { isOneofCase, oneofKindMembers } from './oneof-forms';
import { isImplicitDefault, roundedIntegerText, sameJsonValue, type FormatSemantics, type SchemaDefaultAt, type SchemaEnumAt } from './semantics';
import { matchRenames } from './renames';

export const DEFAULT_MAX_DIFFERENCES = 100;
const NULL_ABSENT = 'null in the original, sent as the field left unset (proto3 has no null)';

export interface VerifyOptions {
  /** Differences listed at most; the rest are counted in `omittedDifferences`. */
  maxDifferences?: number;
  /** What the format keeps by its own rules (semantics.ts): equivalent, not differences. */
  semantics?: FormatSemantics;
  /** The default the user's schema declares at a path (PreparedCodec.schemaDefault): decoded where the sample had no key, it is the same document. */
  schemaDefault?: SchemaDefaultAt;
  /** An enum's values at a path (PreparedCodec.schemaEnum): a name decoded as its number is the same value. */
  schemaEnum?: SchemaEnumAt;
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

/** The schema's declared default, the value decoded (NaN defaults included). */
function isDeclaredDefault(declared: { value: unknown } | undefined, value: unknown): boolean {
  return (
    declared !== undefined &&
    (Object.is(declared.value, value) || (typeof declared.value === 'bigint' && typeof value === 'bigint' && declared.value === value))
  );
}

/** The schema's facts for a value compared on its own (under its new name): its paths start at `at`. */
function rerooted(options: VerifyOptions, at: PathNode): Pick<VerifyOptions, 'schemaDefault' | 'schemaEnum'> {
  const prefix = at.segments();
  const { schemaDefault, schemaEnum } = options;
  return {
    ...(schemaDefault ? { schemaDefault: (path: readonly PathSegment[]) => schemaDefault([...prefix, ...path]) } : {}),
    ...(schemaEnum ? { schemaEnum: (path: readonly PathSegment[]) => schemaEnum([...prefix, ...path]) } : {}),
  };
}

/** An enum value given by name and decoded as its number (ts-proto, protobuf-ts). */
function isEnumNumber(schemaEnum: SchemaEnumAt | undefined, at: PathNode, expected: unknown, actual: unknown): boolean {
  if (schemaEnum === undefined || typeof expected !== 'string' || typeof actual !== 'number') return false;
  return schemaEnum(at.segments())?.[expected] === actual;
}

export function verifyRoundTrip(original: unknown, decoded: unknown, options: VerifyOptions = {}): RoundTrip {
  const maxDifferences = Math.max(0, options.maxDifferences ?? DEFAULT_MAX_DIFFERENCES);
  const semantics = options.semantics ?? {};
  const differences: Difference[] = [];
  let found = 0;
  let nullsAdded = 0;
  let nullsAbsent = 0;
  let structurallyPlain = true;
  /** Integers decoded as Long or BigInt of the same value: not differences, but not plain either. */
  let sameValueTypeChanges = 0;

  const report = (at: PathNode, kind: DifferenceKind, detail: string): void => {
    found++;
    // Paths are formatted only for listed differences: the rest are only counted.
    if (differences.length < maxDifferences) differences.push({ path: at.toString(), kind, detail });
  };

  /** The keys left once the format's own rules have accounted for theirs. */
  /** A sample key's value found elsewhere in the decoded object (renamed, inside a oneof's object): compared like any other. */
  const compareMoved = (node: PathNode, object: Record<string, unknown>, from: string, value: unknown, where: string): void => {
    sameValueTypeChanges++;
    const nested = verifyRoundTrip(object[from], value, {
      ...options,
      ...rerooted(options, node.child(from)),
      maxDifferences: Math.max(0, maxDifferences - differences.length),
    });
    const prefix = node.child(from).toString();
    for (const difference of nested.differences) differences.push({ ...difference, path: prefix + difference.path.slice(1) });
    const counted = nested.differences.length + (nested.omittedDifferences ?? 0);
    found += counted;
    if (nested.status === 'failed' && counted === 0) report(node.child(from), 'type-change', `${where}, and not the same value`);
    nullsAdded += nested.nullsAdded ?? 0;
    nullsAbsent += nested.nullsAbsent ?? 0;
  };

  const byFormat = (node: PathNode, object: Record<string, unknown>, missing: readonly string[], extra: readonly ExtraKey[], decodedObject: object) => {
    let left = extra.filter(({ key, value }) => {
      if (semantics.metadataKeys?.includes(key)) return (sameValueTypeChanges++, false);
      // pbf's oneof case: the member's name, written beside the member.
      if (semantics.oneofs === 'case-name' && isOneofCase(value, decodedObject)) return (sameValueTypeChanges++, false);
      return true;
    });
    let stillMissing = missing;
    if (semantics.oneofs === 'oneof-kind' && left.length > 0) {
      const { members, unset: emptyOneofs } = oneofKindMembers(stillMissing, left);
      for (const { from, to, member, value } of members) compareMoved(node, object, from, value, `held as ${to}.${member}`);
      const moved = new Set(members.map((member) => member.from));
      const holders = new Set([...members.map((member) => member.to), ...emptyOneofs]);
      sameValueTypeChanges += emptyOneofs.length;
      stillMissing = stillMissing.filter((key) => !moved.has(key));
      left = left.filter((entry) => !holders.has(entry.key));
    }
    if (semantics.renames && stillMissing.length > 0 && left.length > 0) {
      const match = matchRenames(
        stillMissing,
        left.map((entry) => entry.key),
      );
      const values = new Map(left.map((entry) => [entry.key, entry.value]));
      for (const { from, to } of match.renames) compareMoved(node, object, from, values.get(to), `renamed ${to}`);
      stillMissing = match.missing;
      left = left.filter((entry) => match.extra.includes(entry.key));
    }
    let unset: string[] = [];
    if (semantics.implicitDefaults) {
      // proto3 has no null: a null is the field left unset, which its decoder gives back absent.
      unset = stillMissing.filter((key) => object[key] === null);
      if (unset.length > 0) stillMissing = stillMissing.filter((key) => object[key] !== null);
      // proto3: a default is not written, and an absent field reads as its default (an enum's: its first value).
      const declared = options.schemaDefault;
      stillMissing = stillMissing.filter(
        (key) =>
          !(
            (isImplicitDefault(object[key]) || (declared !== undefined && isDeclaredDefault(declared(node.child(key).segments()), object[key]))) &&
            ++sameValueTypeChanges
          ),
      );
    }
    if (semantics.implicitDefaults || semantics.filledDefaults) left = left.filter(({ value }) => !(isImplicitDefault(value) && ++sameValueTypeChanges));
    // A method on the decoded record (Bebop's encode) is not data: JSON.stringify skips it, the
    // remnants name it. An own toJSON is the exception: it changes what JSON.stringify writes.
    left = left.filter(({ key, value }) => !(typeof value === 'function' && key !== 'toJSON' && ++sameValueTypeChanges));
    const declared = options.schemaDefault;
    if (declared) left = left.filter(({ key, value }) => !(isDeclaredDefault(declared(node.child(key).segments()), value) && ++sameValueTypeChanges));
    return { missing: stillMissing, extra: left, unset };
  };

  /** A null the format sent as a field left unset: decoded absent, or as the default its decoder reads for an unset field. */
  const nullUnset = (at: PathNode, actual: unknown): void => {
    nullsAbsent++;
    report(at, 'null-absent', actual === undefined ? NULL_ABSENT : `${NULL_ABSENT}, read as its default (${describeOriginal(actual)})`);
  };

  walkPairs(original, decoded, {
    difference: (at, finding, expected, actual) => {
      if (finding.sameValue || (semantics.jsonValues && sameJsonValue(expected, actual)) || isEnumNumber(options.schemaEnum, at, expected, actual))
        sameValueTypeChanges++;
      else if (semantics.implicitDefaults && expected === null && isImplicitDefault(actual)) nullUnset(at, actual);
      else {
        const rounded = semantics.jsonValues ? roundedIntegerText(expected, actual) : undefined;
        if (rounded) report(at, 'precision', rounded);
        else report(at, finding.kind, finding.detail);
      }
    },
    keys: (node, object, allMissing, allExtra, decodedObject) => {
      const { missing, extra, unset } = byFormat(node, object, allMissing, allExtra, decodedObject);
      for (const key of unset) nullUnset(node.child(key), undefined);
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
  else if (found > nullsAdded + nullsAbsent) status = 'lossy';
  else if (nullsAdded > 0) status = 'nulls-added';
  else if (nullsAbsent > 0) status = 'nulls-absent';
  else status = structurallyPlain && sameValueTypeChanges === 0 ? 'exact' : 'equivalent';

  const result: RoundTrip = { status, differences };
  if (found > differences.length) result.omittedDifferences = found - differences.length;
  if (nullsAdded > 0) result.nullsAdded = nullsAdded;
  if (nullsAbsent > 0) result.nullsAbsent = nullsAbsent;
  return result;
}
