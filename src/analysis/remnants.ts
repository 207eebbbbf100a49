/**
 * Remnants: what the decoded value carries that JSON.parse would not have built, seen from
 * the code that consumes it (prototypes, accessors, renamed or dropped keys, changed types).
 *
 * Findings are aggregated by pattern path (`$.items[*]`), so 100,000 identical messages make
 * one remnant with a count, and the remnant count of a row stays meaningful.
 */
import type { Remnant, RemnantKind } from '../shared/results';
import { PatternNode, patternOf, type PathNode } from './json-path';
import { PrototypeCatalog } from './prototypes';
import { matchRenames } from './renames';
import { describeOriginal, formatCount, kindName } from './values';
import { walkPairs, type ContainerKind } from './walk-pairs';

export const DEFAULT_MAX_REMNANTS = 100;

export interface RemnantOptions {
  /** Remnants listed at most, a trailing summary included. */
  maxRemnants?: number;
}

interface RemnantGroup {
  kind: RemnantKind;
  pattern: PatternNode;
  /** What every occurrence in the group shares: a prototype name, "items → itemsList". */
  label: string;
  noun: 'objects' | 'arrays' | 'values';
  count: number;
  /** The first occurrence's own detail, shown when it is the only one. */
  example: string;
  /** Inherited enumerable keys not shadowed by own properties, over the group. */
  inherited: Set<string> | null;
}

const MAX_LISTED_NAMES = 8;

function listNames(names: Iterable<string>): string {
  const all = [...names];
  const shown = all.slice(0, MAX_LISTED_NAMES).join(', ');
  return all.length > MAX_LISTED_NAMES ? `${shown}, … (${all.length} in all)` : shown;
}

function countOf(group: RemnantGroup): string {
  const noun = group.count === 1 ? group.noun.slice(0, -1) : group.noun;
  return `${formatCount(group.count)} ${noun}`;
}

function detailOf(group: RemnantGroup): string {
  const many = group.count > 1;
  switch (group.kind) {
    case 'prototype': {
      const what =
        group.label === '' ? 'a null prototype (no hasOwnProperty or toString)' : `prototype ${group.label}`;
      const inherited =
        group.inherited === null || group.inherited.size === 0
          ? ''
          : `; inherited enumerable: ${listNames(group.inherited)} (seen by for…in, missed by spread)`;
      return `${countOf(group)} with ${what}${inherited}`;
    }
    case 'accessor':
      return `${group.label} in place of a data property${many ? ` (${countOf(group)})` : ''}`;
    case 'rename':
      return many ? `${group.label} (${countOf(group)})` : group.label;
    case 'missing-key':
      return many ? `missing after the round trip in ${countOf(group)}` : group.example;
    case 'extra-key':
      return many ? `not in the original, in ${countOf(group)}` : group.example;
    case 'type-change':
      return many ? `${group.label} (${countOf(group)})` : group.example;
    case 'precision':
      return many ? `${group.label} in ${countOf(group)}, e.g. ${group.example}` : group.example;
  }
}

function accessorLabel(getter: boolean, setter: boolean, where: string): string {
  const what = getter && setter ? 'getter and setter' : getter ? 'getter' : 'setter';
  return `${what} ${where}`;
}

export function detectRemnants(original: unknown, decoded: unknown, options: RemnantOptions = {}): Remnant[] {
  const maxRemnants = Math.max(0, options.maxRemnants ?? DEFAULT_MAX_REMNANTS);
  const root = PatternNode.root();
  const catalog = new PrototypeCatalog();
  const groups = new Map<string, RemnantGroup>();

  const add = (
    kind: RemnantKind,
    pattern: PatternNode,
    label: string,
    noun: RemnantGroup['noun'],
    example: string,
  ): RemnantGroup => {
    const id = `${pattern.id}\u0000${kind}\u0000${label}`;
    let group = groups.get(id);
    if (group === undefined) {
      group = { kind, pattern, label, noun, count: 0, example, inherited: null };
      groups.set(id, group);
    }
    group.count++;
    return group;
  };

  const ownAccessors = (object: object, node: PathNode): void => {
    for (const key of Object.getOwnPropertyNames(object)) {
      const descriptor = Object.getOwnPropertyDescriptor(object, key);
      if (descriptor === undefined || (descriptor.get === undefined && descriptor.set === undefined)) continue;
      const label = accessorLabel(descriptor.get !== undefined, descriptor.set !== undefined, '(own)');
      add('accessor', patternOf(node.child(key), root), label, 'objects', label);
    }
  };

  const structure = (object: object, node: PathNode, kind: ContainerKind, original: object): void => {
    if (kind !== 'object' && kind !== 'array') return; // Map and typed arrays are type changes
    const prototype = Object.getPrototypeOf(object) as object | null;
    const plain = kind === 'array' ? Array.prototype : Object.prototype;
    if (kind === 'object') ownAccessors(object, node);
    if (prototype === plain) return;

    const info = catalog.describe(prototype);
    const noun = kind === 'array' ? 'arrays' : 'objects';
    const group = add('prototype', patternOf(node, root), info.label ?? '', noun, '');
    for (const key of info.inheritedEnumerable) {
      if (!Object.hasOwn(object, key)) (group.inherited ??= new Set()).add(key);
    }
    if (kind !== 'object') return;
    // Inherited accessors matter where they stand in for the sample's own data.
    for (const key of Object.keys(original)) {
      const accessor = Object.hasOwn(object, key) ? undefined : info.accessors.get(key);
      if (accessor === undefined) continue;
      const label = accessorLabel(accessor.getter, accessor.setter, `inherited from ${accessor.owner}`);
      add('accessor', patternOf(node.child(key), root), label, 'objects', label);
    }
  };

  walkPairs(original, decoded, {
    difference: (at, finding) => {
      // Value and length changes are the round trip's business, not the decoded shape's.
      if (finding.kind !== 'type-change' && finding.kind !== 'precision') return;
      add(finding.kind, patternOf(at, root), finding.label, 'values', finding.detail);
    },
    keys: (node, object, missing, extra) => {
      const match = matchRenames(
        missing,
        extra.map((entry) => entry.key),
      );
      for (const { from, to } of match.renames) {
        const label = `${from} → ${to}`;
        add('rename', patternOf(node.child(from), root), label, 'objects', label);
      }
      for (const key of match.missing) {
        const example = `missing after the round trip (was ${describeOriginal(object[key])})`;
        add('missing-key', patternOf(node.child(key), root), 'missing', 'objects', example);
      }
      const extraValues = new Map(extra.map((entry) => [entry.key, entry.value]));
      for (const key of match.extra) {
        const example = `not in the original (${kindName(extraValues.get(key))})`;
        add('extra-key', patternOf(node.child(key), root), 'extra', 'objects', example);
      }
    },
    container: structure,
  });

  return listRemnants([...groups.values()], maxRemnants);
}

function listRemnants(groups: RemnantGroup[], maxRemnants: number): Remnant[] {
  const toRemnant = (group: RemnantGroup): Remnant => ({
    path: group.pattern.toString(),
    kind: group.kind,
    detail: detailOf(group),
  });
  if (groups.length <= maxRemnants) return groups.map(toRemnant);
  if (maxRemnants === 0) return [];

  // The last slot summarises what did not fit, so a capped list still says it is capped.
  const listed = groups.slice(0, maxRemnants - 1);
  const omitted = groups.slice(maxRemnants - 1);
  const byKind = new Map<RemnantKind, number>();
  for (const group of omitted) byKind.set(group.kind, (byKind.get(group.kind) ?? 0) + 1);
  const breakdown = [...byKind].map(([kind, count]) => `${kind} ${formatCount(count)}`).join(', ');
  const summary: Remnant = {
    path: '$',
    kind: omitted[0]!.kind,
    detail: `${formatCount(omitted.length)} more remnants not listed (${breakdown})`,
  };
  return [...listed.map(toRemnant), summary];
}
