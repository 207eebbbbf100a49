/**
 * Findings aggregated by pattern path (`$.items[*]`), kind and label, so 100,000 identical
 * messages make one remnant with a count, and a capped list says what it left out.
 */
import type { Remnant, RemnantKind } from '../shared/results';
import type { PathNode, PatternNode } from './json-path';
import { formatCount } from './values';
import { listText } from '../shared/list-text';

export type Noun = 'objects' | 'arrays' | 'values';

export interface RemnantGroup {
  kind: RemnantKind;
  pattern: PatternNode;
  /** What every occurrence in the group shares: a prototype name, "items → itemsList". */
  label: string;
  noun: Noun;
  count: number;
  /** The first occurrence's own detail, shown when it is the only one. */
  example: string;
  /** The first occurrence's exact path. */
  firstPath: string;
  /** Names collected over the group: inherited enumerable keys not shadowed by own data. */
  names: Set<string> | null;
}

function countOf(group: RemnantGroup): string {
  const noun = group.count === 1 ? group.noun.slice(0, -1) : group.noun;
  return `${formatCount(group.count)} ${noun}`;
}

/** One sentence per group, the count and the consequence for the consuming code included. */
function detailOf(group: RemnantGroup): string {
  const many = group.count > 1;
  const times = many ? ` (${countOf(group)})` : '';
  switch (group.kind) {
    case 'prototype':
      if (group.label === '') return `${countOf(group)} with a null prototype (no hasOwnProperty or toString)`;
      return `${countOf(group)} with prototype ${group.label}`;
    case 'inherited-enumerable':
      return (
        `${listText([...(group.names ?? [])], undefined, 8)} inherited as enumerable by ${countOf(group)} (prototype ${group.label}): ` +
        'for…in sees them; Object.keys, spread and JSON.stringify do not'
      );
    case 'accessor':
      return `${group.label} in place of a data property${times}`;
    case 'non-enumerable':
    case 'symbol-key':
      return `${group.label}${times}`;
    case 'to-json':
      return `${group.label} on ${countOf(group)}: JSON.stringify writes what it returns, not these properties`;
    case 'unwrap-required':
      return many ? `${group.label} (${countOf(group)})` : group.example;
    case 'rename':
      return `${group.label}${times}`;
    case 'missing-key':
      if (!many) return group.example;
      if (group.label === 'null became absent')
        return `null in the original, absent after the round trip, in ${countOf(group)}: proto3 sends a null as the field left unset`;
      return group.label === 'default not written'
        ? `absent after the round trip in ${countOf(group)}: proto3 writes no default`
        : `missing after the round trip in ${countOf(group)}`;
    case 'extra-key':
      if (!many) return group.example;
      if (group.label === 'null added') return `absent in the original, decoded as null, in ${countOf(group)}`;
      if (group.label.startsWith(SCHEMA_DEFAULT)) return `${group.label}, in ${countOf(group)}`;
      if (group.label === 'oneof case') return `not in the original: the oneof's case, the name of its member, in ${countOf(group)}`;
      if (group.label === 'unset oneof') return `not in the original: a oneof with no member set, decoded as { oneofKind: undefined }, in ${countOf(group)}`;
      return group.label === 'default' ? `a default filled in, in ${countOf(group)}` : `not in the original, in ${countOf(group)}`;
    case 'type-change':
      return many ? `${group.label} (${countOf(group)})` : group.example;
    case 'precision':
      return many ? `${group.label} in ${countOf(group)}, e.g. ${group.example}` : group.example;
  }
}

/** The start of an extra key's label when the value is the default the codec's schema declares. */
export const SCHEMA_DEFAULT = "the schema's default filled in";

/**
 * One finding where it happened, for a caller that needs every location rather than groups
 * (the decoded-output inspector). `example` is a function when formatting it costs: call it
 * only for the occurrences you keep.
 */
export interface RemnantOccurrence {
  kind: RemnantKind;
  label: string;
  example: string | (() => string);
  at: PathNode;
}

export class RemnantGroups {
  private readonly groups = new Map<string, RemnantGroup>();

  constructor(private readonly onOccurrence?: (occurrence: RemnantOccurrence) => void) {}

  /**
   * Counts one occurrence. `example` and `at` are evaluated for a group's first occurrence
   * only: formatting paths and details for every one of a million values would dominate.
   */
  add(kind: RemnantKind, pattern: PatternNode, label: string, noun: Noun, example: string | (() => string), at: PathNode): RemnantGroup {
    this.onOccurrence?.({ kind, label, example, at });
    const id = `${pattern.id}\u0000${kind}\u0000${label}`;
    let group = this.groups.get(id);
    if (group === undefined) {
      const text = typeof example === 'function' ? example() : example;
      group = { kind, pattern, label, noun, count: 0, example: text, firstPath: at.toString(), names: null };
      this.groups.set(id, group);
    }
    group.count++;
    return group;
  }

  /** At most `max` remnants; when capped, the last one summarises what did not fit. */
  list(max: number): Remnant[] {
    const groups = [...this.groups.values()];
    const toRemnant = (group: RemnantGroup): Remnant => ({
      path: group.pattern.toString(),
      kind: group.kind,
      detail: detailOf(group),
      count: group.count,
      firstPath: group.firstPath,
    });
    if (groups.length <= max) return groups.map(toRemnant);
    if (max === 0) return [];

    const listed = groups.slice(0, max - 1);
    const omitted = groups.slice(max - 1);
    const byKind: Partial<Record<RemnantKind, number>> = {};
    for (const group of omitted) byKind[group.kind] = (byKind[group.kind] ?? 0) + 1;
    const breakdown = Object.entries(byKind)
      .map(([kind, count]) => `${kind} ${formatCount(count)}`)
      .join(', ');
    const summary: Remnant = {
      path: '$',
      kind: omitted[0]!.kind,
      detail: `${formatCount(omitted.length)} more remnants not listed (${breakdown})`,
      count: omitted.reduce((sum, group) => sum + group.count, 0),
      firstPath: omitted[0]!.firstPath,
      omitted: byKind,
    };
    return [...listed.map(toRemnant), summary];
  }
}
