/**
 * Remnants: what the decoded value carries that JSON.parse would not have built, seen from
 * the code that consumes it: prototypes and what they add, hidden or computed properties,
 * renamed, dropped or defaulted keys, message objects that need unwrapping, changed types and
 * lost precision (including integers JSON.parse rounded before any codec ran).
 *
 * Findings are aggregated by pattern path (`$.items[*]`), so 100,000 identical messages make
 * one remnant with a count, and the remnant count of a row stays meaningful.
 */
import type { Remnant } from '../shared/results';
import { PathNode, PatternNode, patternOf } from './json-path';
import { ObjectInspector } from './object-remnants';
import type { ParseLosses } from './parse-losses';
import { RemnantGroups, SCHEMA_DEFAULT, type RemnantOccurrence } from './remnant-groups';
import { matchRenames } from './renames';
import { describeOriginal, kindName, type Finding } from './values';
import { walkPairs, type ExtraKey, type PairVisitor } from './walk-pairs';
import { isOneofCase, oneofKindMembers } from './oneof-forms';
import { isImplicitDefault, roundedIntegerText, type FormatSemantics, type SchemaDefaultAt } from './semantics';

export const DEFAULT_MAX_REMNANTS = 100;
/** The label of a null proto3 sent as a field left unset (verify.ts's `null-absent`). */
const NULL_ABSENT = 'null became absent';

export interface RemnantOptions {
  /** Remnants listed at most, a trailing summary included. */
  maxRemnants?: number;
  /** Integers the sample's text had but JSON.parse rounded (see parse-losses.ts). */
  parseLosses?: ParseLosses;
  /** Told of every occurrence, before grouping (the inspector locates each one). */
  onOccurrence?: (occurrence: RemnantOccurrence) => void;
  /** Told of every difference from the original the walk meets, in the same document order. */
  onDifference?: (at: PathNode, finding: Finding) => void;
  /** The default the codec's schema declares for a key at a path (`mana:short = 150`), if any. */
  schemaDefault?: SchemaDefaultAt;
  /** What the format keeps by its own rules: a default it fills in is said as one. */
  semantics?: FormatSemantics;
}

/** Methods of message and builder objects that hold the data instead of properties. */
const WHOLE_OBJECT_UNWRAPPERS = ['toObject', 'unwrap', 'toPlainObject'];

function functionAt(object: object, name: string): boolean {
  for (let owner: object | null = object; owner !== null && owner !== Object.prototype; owner = Object.getPrototypeOf(owner) as object | null) {
    const descriptor = Object.getOwnPropertyDescriptor(owner, name);
    if (descriptor !== undefined) return typeof descriptor.value === 'function';
  }
  return false;
}

function capitalized(key: string): string {
  return key.charAt(0).toUpperCase() + key.slice(1);
}

/** google-protobuf style getters (`getItemsList()`) standing in for a missing key. */
function getterFor(object: object, key: string): string | undefined {
  const base = `get${capitalized(key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()))}`;
  return [base, `${base}List`, `${base}Map`].find((name) => functionAt(object, name));
}

function isDefaultValue(value: unknown): boolean {
  if (value === 0 || value === '' || value === false || value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

export function detectRemnants(original: unknown, decoded: unknown, options: RemnantOptions = {}): Remnant[] {
  const maxRemnants = Math.max(0, options.maxRemnants ?? DEFAULT_MAX_REMNANTS);
  const root = PatternNode.root();
  const groups = new RemnantGroups(options.onOccurrence);
  const objects = new ObjectInspector(groups, root);

  // First, because they happened first: before any codec ran, and in every codec alike.
  for (const loss of options.parseLosses?.found ?? []) {
    let pattern = root;
    let at = PathNode.root();
    for (const segment of loss.path) {
      pattern = pattern.child(segment);
      at = at.child(segment);
    }
    const example =
      `the file has ${loss.literal}; JSON.parse reads ${loss.parsed} before any codec runs ` +
      '(lost in every format: read it as a string or with a BigInt-aware parser)';
    groups.add('precision', pattern, 'rounded by JSON.parse', 'values', example, at);
  }

  const keyRemnants = (node: PathNode, object: Record<string, unknown>, missing: readonly string[], extra: readonly ExtraKey[], decodedObject: object) => {
    const unwrapped = unwrapRemnant(node, object, missing, decodedObject);
    let stillMissing = missing.filter((key) => !unwrapped.has(key));
    if (options.semantics?.oneofs === 'oneof-kind') {
      // protobuf-ts: the member under the oneof's name, as { oneofKind, [member]: value }.
      const { members, unset } = oneofKindMembers(stillMissing, extra);
      for (const { from, to, member, value } of members) {
        const at = node.child(from);
        groups.add('rename', patternOf(at, root), `${from} → ${to}.${member} (the oneof as { oneofKind, ${member} })`, 'objects', '', at);
        walkPairs(object[from], value, visitor, { parent: node, segment: from });
      }
      for (const key of unset) {
        const at = node.child(key);
        groups.add(
          'extra-key',
          patternOf(at, root),
          'unset oneof',
          'objects',
          `not in the original: a oneof with no member set, decoded as { oneofKind: undefined }`,
          at,
        );
      }
      const moved = new Set(members.map((member) => member.from));
      const holders = new Set([...members.map((member) => member.to), ...unset]);
      stillMissing = stillMissing.filter((key) => !moved.has(key));
      extra = extra.filter((entry) => !holders.has(entry.key));
    }
    if (options.semantics?.oneofs === 'case-name') {
      const cases = extra.filter(({ value }) => isOneofCase(value, decodedObject));
      for (const { key, value } of cases) {
        const at = node.child(key);
        groups.add(
          'extra-key',
          patternOf(at, root),
          'oneof case',
          'objects',
          `not in the original: the oneof ${key}'s case, the name of its member ("${String(value)}")`,
          at,
        );
      }
      extra = extra.filter((entry) => !cases.includes(entry));
    }
    const match = matchRenames(
      stillMissing,
      extra.map((entry) => entry.key),
    );
    const extraValues = new Map(extra.map((entry) => [entry.key, entry.value]));
    for (const { from, to } of match.renames) {
      const at = node.child(from);
      groups.add('rename', patternOf(at, root), `${from} → ${to}`, 'objects', '', at);
      // What is under the new name is read like any other value: its remnants are at the sample's paths.
      walkPairs(object[from], extraValues.get(to), visitor, { parent: node, segment: from });
    }
    for (const key of match.missing) {
      const at = node.child(key);
      if (options.semantics?.implicitDefaults && object[key] === null) {
        // proto3's answer to a null: the round trip's `nulls-absent` verdict, not a loss.
        groups.add(
          'missing-key',
          patternOf(at, root),
          NULL_ABSENT,
          'objects',
          'null in the original, absent after the round trip: proto3 sends a null as the field left unset',
          at,
        );
        continue;
      }
      const declared = options.schemaDefault?.(at.segments());
      if (options.semantics?.implicitDefaults && (isImplicitDefault(object[key]) || (declared !== undefined && Object.is(declared.value, object[key])))) {
        // The same message to proto3: a default is not written, and reads back as absent.
        groups.add(
          'missing-key',
          patternOf(at, root),
          'default not written',
          'objects',
          () => `absent after the round trip: proto3 writes no default (was ${describeOriginal(object[key])})`,
          at,
        );
        continue;
      }
      groups.add('missing-key', patternOf(at, root), 'missing', 'objects', () => `missing after the round trip (was ${describeOriginal(object[key])})`, at);
    }
    for (const key of match.extra) {
      const value = extraValues.get(key);
      const at = node.child(key);
      if (value === null) {
        // Avro's answer to an absent key: the round trip's `nulls-added` verdict, not a loss.
        groups.add('extra-key', patternOf(at, root), 'null added', 'objects', 'absent in the original, decoded as null', at);
        continue;
      }
      if (typeof value === 'function' && key !== 'toJSON') {
        groups.add(
          'extra-key',
          patternOf(at, root),
          'method',
          'objects',
          `an own method ${key}(), not data: JSON.stringify skips it; Object.keys, spread and deepStrictEqual see it`,
          at,
        );
        continue;
      }
      const declared = options.schemaDefault?.(at.segments());
      const fromSchema = declared !== undefined && Object.is(declared.value, value);
      const filled =
        fromSchema || (options.semantics?.implicitDefaults || options.semantics?.filledDefaults ? isImplicitDefault(value) : isDefaultValue(value));
      // JSON.stringify gives undefined only for undefined, a function or a symbol: String prints those as themselves.
      const shown = typeof value === 'bigint' ? `${value}n` : (JSON.stringify(value) ?? String(value as undefined | symbol | (() => unknown)));
      const declaredLabel = `${SCHEMA_DEFAULT} (${kindName(value)} ${typeof value === 'number' ? String(value) : shown})`;
      const example = fromSchema
        ? `not in the original: ${declaredLabel}`
        : filled
          ? `not in the original: a default filled in (${kindName(value)} ${shown})`
          : `not in the original (${kindName(value)})`;
      groups.add('extra-key', patternOf(at, root), fromSchema ? declaredLabel : filled ? 'default' : 'extra', 'objects', example, at);
    }
  };

  /** Reports a message object that needs unwrapping; returns the keys its getters cover. */
  const unwrapRemnant = (node: PathNode, object: Record<string, unknown>, missing: readonly string[], decodedObject: object): Set<string> => {
    const covered = new Map<string, string>();
    for (const key of missing) {
      const getter = getterFor(decodedObject, key);
      if (getter !== undefined) covered.set(key, `${getter}()`);
    }
    const allMissing = missing.length > 0 && missing.length === Object.keys(object).length;
    const whole = allMissing ? WHOLE_OBJECT_UNWRAPPERS.find((name) => functionAt(decodedObject, name)) : undefined;
    if (covered.size === 0 && whole === undefined) return new Set();
    const label = objects.prototypeLabel(Object.getPrototypeOf(decodedObject) as object | null) ?? 'a null-prototype object';
    const methods = [...(whole === undefined ? [] : [`${whole}()`]), ...covered.values()];
    const shown = methods.slice(0, 4).join(', ') + (methods.length > 4 ? ', …' : '');
    const example = `decoded as ${label}: the data is behind ${shown}, not properties (${missing.length} keys of the sample are not readable)`;
    groups.add('unwrap-required', patternOf(node, root), `decoded as ${label}: call ${whole ?? [...covered.values()][0]}`, 'objects', example, node);
    return new Set(covered.keys());
  };

  const visitor: PairVisitor = {
    difference: (at, finding, expected, actual) => {
      options.onDifference?.(at, finding);
      if (options.semantics?.implicitDefaults && expected === null && isImplicitDefault(actual)) {
        // Sent unset like any null, then read as the field's default (google-protobuf's toObject).
        const example = `null in the original, sent as the field left unset and read back as its default (${describeOriginal(actual)})`;
        groups.add('missing-key', patternOf(at, root), NULL_ABSENT, 'values', example, at);
        return;
      }
      const rounded = options.semantics?.jsonValues ? roundedIntegerText(expected, actual) : undefined;
      if (rounded) {
        groups.add('precision', patternOf(at, root), '64-bit integer read as a rounded number', 'values', rounded, at);
        return;
      }
      // Value and length changes are the round trip's business, not the decoded shape's.
      if (finding.kind !== 'type-change' && finding.kind !== 'precision') return;
      groups.add(finding.kind, patternOf(at, root), finding.label, 'values', finding.detail, at);
    },
    signedZero: (at, expected) => {
      const [from, to] = Object.is(expected, -0) ? ['-0', '0'] : ['0', '-0'];
      groups.add('precision', patternOf(at, root), `${from} became ${to}`, 'values', `expected ${from}, got ${to} (the sign of zero changed)`, at);
    },
    keys: keyRemnants,
    container: (container, node, kind, originalContainer) => objects.inspect(container, node, kind, originalContainer),
  };
  walkPairs(original, decoded, visitor);

  const remnants = groups.list(maxRemnants);
  const unlisted = (options.parseLosses?.total ?? 0) - (options.parseLosses?.found.length ?? 0);
  const first = remnants[0];
  if (unlisted > 0 && first !== undefined && first.detail.includes('JSON.parse')) {
    first.detail += ` (${unlisted} more such integers in the file)`;
  }
  return remnants;
}
