/**
 * JSONPath-like locations (`$.items[0].x`, `$["odd key"]`) for findings.
 *
 * The walkers visit millions of values but report at most a few hundred findings, so paths
 * are kept as parent-linked nodes (one small object per container) and turned into strings
 * only when a finding is reported.
 */

export type PathSegment = string | number;

/** Stands for "any index" in a pattern path: `$.items[*].x`. */
export const ANY_INDEX: unique symbol = Symbol('any index');

export type PatternSegment = PathSegment | typeof ANY_INDEX;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export function formatSegment(segment: PatternSegment): string {
  if (segment === ANY_INDEX) return '[*]';
  if (typeof segment === 'number') return `[${segment}]`;
  // `$.__proto__` reads like the accessor, not like a key that was in the data.
  if (segment !== '__proto__' && IDENTIFIER.test(segment)) return `.${segment}`;
  return `[${JSON.stringify(segment)}]`;
}

export function formatPath(segments: readonly PatternSegment[]): string {
  let text = '$';
  for (const segment of segments) text += formatSegment(segment);
  return text;
}

/** Collects the segments from the root down without recursion (paths can be 10,000 deep). */
function segmentsOf<S>(node: { parent: unknown; segment: S | null }): S[] {
  const segments: S[] = [];
  let current = node as { parent: unknown; segment: S | null } | null;
  while (current !== null && current.parent !== null) {
    segments.push(current.segment as S);
    current = current.parent as { parent: unknown; segment: S | null };
  }
  return segments.reverse();
}

/** One concrete location in a walked value; the root has no parent and no segment. */
export class PathNode {
  /** Memo filled by `patternOf`, so each container's pattern is looked up once. */
  pattern: PatternNode | undefined = undefined;

  constructor(
    readonly parent: PathNode | null,
    readonly segment: PathSegment | null,
  ) {}

  static root(): PathNode {
    return new PathNode(null, null);
  }

  child(segment: PathSegment): PathNode {
    return new PathNode(this, segment);
  }

  segments(): PathSegment[] {
    return segmentsOf<PathSegment>(this);
  }

  toString(): string {
    return formatPath(this.segments());
  }
}

/**
 * A location with array indexes replaced by `[*]`, interned in a trie so that equal patterns
 * are the same object: findings are grouped by pattern without building strings.
 */
export class PatternNode {
  private readonly children = new Map<PatternSegment, PatternNode>();

  private constructor(
    readonly parent: PatternNode | null,
    readonly segment: PatternSegment | null,
    readonly id: number,
    private readonly counter: { next: number },
  ) {}

  static root(): PatternNode {
    return new PatternNode(null, null, 0, { next: 1 });
  }

  child(segment: PathSegment): PatternNode {
    const key: PatternSegment = typeof segment === 'number' ? ANY_INDEX : segment;
    let node = this.children.get(key);
    if (node === undefined) {
      node = new PatternNode(this, key, this.counter.next++, this.counter);
      this.children.set(key, node);
    }
    return node;
  }

  toString(): string {
    return formatPath(segmentsOf<PatternSegment>(this));
  }
}

/**
 * The pattern of `node` within the trie rooted at `root`. Ancestors are memoized on their
 * nodes, so walking a tree top-down costs one trie lookup per node.
 */
export function patternOf(node: PathNode, root: PatternNode): PatternNode {
  const unresolved: PathNode[] = [];
  let current: PathNode | null = node;
  while (current !== null && current.pattern === undefined) {
    unresolved.push(current);
    current = current.parent;
  }
  let pattern = current?.pattern ?? root;
  for (let i = unresolved.length - 1; i >= 0; i--) {
    const pending = unresolved[i]!;
    pattern = pending.segment === null ? root : pattern.child(pending.segment);
    pending.pattern = pattern;
  }
  return pattern;
}
