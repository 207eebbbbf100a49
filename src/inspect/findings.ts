/**
 * Every place the inspector can jump to, located exactly: differences from the sample and
 * remnant occurrences, from one walk of the remnant analysis (so the panel's findings are the
 * report's, occurrence by occurrence). Lists are capped per filter; counts are not.
 */
import { detectRemnants } from '../analysis/remnants';
import type { RemnantOccurrence } from '../analysis/remnant-groups';
import type { ParseLosses } from '../analysis/parse-losses';
import { ANY_INDEX, formatPath, type PathNode } from '../analysis/json-path';
import { type Finding, type FindingCount, type FindingFilter, type NodeRemnant, FINDINGS_PER_KIND_LIMIT } from '../shared/inspector';
import type { Remnant, RemnantKind } from '../shared/results';

/** Remnants marked on tree rows at most; past this, rows are marked by their pattern path. */
export const LOCATED_REMNANTS_LIMIT = 200_000;

/** Remnant kinds that are also differences from the sample (a key gone, renamed or added). */
const KEY_DIFFERENCES: ReadonlySet<RemnantKind> = new Set(['missing-key', 'extra-key', 'rename']);

interface FindingList {
  items: Finding[];
  total: number;
}

function exampleText(occurrence: RemnantOccurrence): string {
  const text = typeof occurrence.example === 'function' ? occurrence.example() : occurrence.example;
  if (text !== '') return text;
  switch (occurrence.kind) {
    case 'prototype':
      return occurrence.label === '' ? 'null prototype (no hasOwnProperty or toString)' : `prototype ${occurrence.label}`;
    case 'inherited-enumerable':
      return `inherits enumerable properties from ${occurrence.label}: for…in sees them`;
    case 'rename':
      return `renamed: ${occurrence.label}`;
    default:
      return occurrence.label;
  }
}

/** `$.items[3].x` → `$.items[*].x`: the pattern the report's grouped remnants are listed by. */
export function patternPathOf(steps: readonly (string | number)[]): string {
  return formatPath(steps.map((step) => (typeof step === 'number' ? ANY_INDEX : step)));
}

export class FindingIndex {
  private readonly lists = new Map<FindingFilter, FindingList>();
  private readonly located = new Map<string, NodeRemnant[]>();
  private locatedCount = 0;
  /** The report's grouped remnants, by pattern path: rows past the located limit use these. */
  private readonly byPattern = new Map<string, Remnant[]>();

  private constructor() {}

  static collect(original: unknown, decoded: unknown, parseLosses?: ParseLosses): FindingIndex {
    const index = new FindingIndex();
    const remnants = detectRemnants(original, decoded, {
      parseLosses,
      maxRemnants: Number.MAX_SAFE_INTEGER,
      onOccurrence: (occurrence) => index.addRemnant(occurrence),
      onDifference: (at, finding) => {
        // Type changes and precision are remnants too: listed once, under their remnant kind.
        if (finding.kind === 'type-change' || finding.kind === 'precision') return;
        index.add(['difference', 'all'], at, 'difference', () => finding.detail);
      },
    });
    for (const remnant of remnants) {
      const list = index.byPattern.get(remnant.path) ?? [];
      list.push(remnant);
      index.byPattern.set(remnant.path, list);
    }
    return index;
  }

  private addRemnant(occurrence: RemnantOccurrence): void {
    const filters: FindingFilter[] = [occurrence.kind, 'all'];
    if (KEY_DIFFERENCES.has(occurrence.kind)) filters.push('difference');
    let detail: string | undefined;
    const text = () => (detail ??= exampleText(occurrence));
    this.add(filters, occurrence.at, occurrence.kind, text);
    if (this.locatedCount >= LOCATED_REMNANTS_LIMIT) return;
    this.locatedCount++;
    const path = occurrence.at.toString();
    const here = this.located.get(path);
    const remnant = { kind: occurrence.kind, detail: text() };
    if (here) here.push(remnant);
    else this.located.set(path, [remnant]);
  }

  private add(filters: FindingFilter[], at: PathNode, kind: Finding['kind'], detail: () => string): void {
    let finding: Finding | undefined;
    for (const filter of filters) {
      let list = this.lists.get(filter);
      if (!list) this.lists.set(filter, (list = { items: [], total: 0 }));
      list.total++;
      if (list.items.length >= FINDINGS_PER_KIND_LIMIT) continue;
      if (!finding) {
        const steps = at.segments();
        finding = { steps, path: formatPath(steps), kind, detail: detail() };
      }
      list.items.push(finding);
    }
  }

  counts(): Partial<Record<FindingFilter, FindingCount>> {
    const counts: Partial<Record<FindingFilter, FindingCount>> = {};
    const all = this.lists.get('all');
    if (all) counts.all = { total: all.total, listed: all.items.length };
    for (const [filter, list] of this.lists) {
      if (filter !== 'all') counts[filter] = { total: list.total, listed: list.items.length };
    }
    return counts;
  }

  /**
   * The finding after (`direction` 1) or before (-1) the `from`th of a filter; from the first
   * (or the last) when `from` is null. Null past either end.
   */
  step(filter: FindingFilter, from: number | null, direction: 1 | -1): { ordinal: number; finding: Finding } | null {
    const items = this.lists.get(filter)?.items ?? [];
    const ordinal = from === null ? (direction === 1 ? 0 : items.length - 1) : from + direction;
    const finding = items[ordinal];
    return finding ? { ordinal, finding } : null;
  }

  /** The remnants at exactly this path; past the located limit, the report's by pattern. */
  remnantsAt(steps: readonly (string | number)[], path: string): NodeRemnant[] {
    const exact = this.located.get(path);
    if (exact) return exact;
    if (this.locatedCount < LOCATED_REMNANTS_LIMIT) return [];
    return (this.byPattern.get(patternPathOf(steps)) ?? []).map((remnant) => ({
      kind: remnant.kind,
      detail: `not checked one by one (past the first ${LOCATED_REMNANTS_LIMIT.toLocaleString('en-US')} remnants): values at ${remnant.path} have ${remnant.detail}`,
    }));
  }
}
