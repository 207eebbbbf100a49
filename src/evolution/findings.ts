/**
 * What one reading of a cell found, value by value, gathered into the report's plain data:
 * counts per path pattern, the first examples, and the dropped paths of each record (the
 * re-encode check looks them up again).
 *
 * The comparisons walk every value; only findings build strings, so the path is a stack the
 * walkers push to and pop from, formatted when something is found.
 */
import { ANY_INDEX, formatPath, type PatternSegment } from '../analysis/json-path';
import type { CellReading, DefaultFilled, Reinterpretation } from '../shared/evolution';
import { ABSENT, toJsonValue } from './json-values';

/** A map key on the path: shown as the key, grouped like a list index. */
export class MapKey {
  constructor(readonly key: string) {}
}

export type Segment = string | number | MapKey;

const EXAMPLES_PER_PATH = 3;
/** Records whose dropped paths are kept for the re-encode check. */
export const REENCODE_RECORDS = 5;

export class ReadingFindings {
  readonly path: Segment[] = [];
  record = 0;
  equal = 0;
  compared = 0;
  private droppedValues = 0;
  private readonly dropped = new Map<string, number>();
  private readonly defaults = new Map<string, DefaultFilled>();
  private readonly reinterpreted = new Map<string, Reinterpretation>();
  /** Concrete dropped paths by record, for the first records that dropped anything. */
  readonly droppedByRecord = new Map<number, Segment[][]>();

  push(segment: Segment): void {
    this.path.push(segment);
  }

  pop(): void {
    this.path.pop();
  }

  same(): void {
    this.equal++;
    this.compared++;
  }

  /** `segment` (a field the reader does not know) holds `values` leaf values. */
  drop(segment: Segment, values: number): void {
    this.push(segment);
    const pattern = this.pattern();
    this.dropped.set(pattern, (this.dropped.get(pattern) ?? 0) + values);
    this.droppedValues += values;
    const known = this.droppedByRecord.get(this.record);
    if (known) known.push([...this.path]);
    else if (this.droppedByRecord.size < REENCODE_RECORDS) this.droppedByRecord.set(this.record, [[...this.path]]);
    this.pop();
  }

  /** The reader gives its default at `segment`, the writer having written nothing there. */
  fill(segment: Segment, value: unknown): void {
    this.push(segment);
    const pattern = this.pattern();
    const known = this.defaults.get(pattern);
    if (known) known.count++;
    else this.defaults.set(pattern, { path: pattern, count: 1, value: toJsonValue(value) });
    this.pop();
  }

  /** The value at the current path was read as something else. */
  differ(written: unknown, read: unknown, reason: string): void {
    this.compared++;
    const pattern = this.pattern();
    let entry = this.reinterpreted.get(pattern);
    if (!entry) {
      entry = { path: pattern, count: 0, reason, examples: [] };
      this.reinterpreted.set(pattern, entry);
    }
    entry.count++;
    if (entry.examples.length < EXAMPLES_PER_PATH) {
      const example = { record: this.record, path: formatPath(this.path.map(concrete)), written: toJsonValue(written), read: toJsonValue(read) };
      entry.examples.push(read === ABSENT ? { ...example, absent: true } : example);
    }
  }

  result(): Pick<CellReading, 'dropped' | 'defaults' | 'reinterpreted' | 'equal' | 'compared'> {
    return {
      dropped: { paths: [...this.dropped].map(([path, count]) => ({ path, count })), values: this.droppedValues },
      defaults: [...this.defaults.values()],
      reinterpreted: [...this.reinterpreted.values()],
      equal: this.equal,
      compared: this.compared,
    };
  }

  private pattern(): string {
    return formatPath(this.path.map(grouped));
  }
}

function concrete(segment: Segment): PatternSegment {
  return segment instanceof MapKey ? segment.key : segment;
}

function grouped(segment: Segment): PatternSegment {
  return typeof segment === 'number' || segment instanceof MapKey ? ANY_INDEX : segment;
}

/** The value at a concrete path in a decoded value (through single-key union wrappers), or ABSENT. */
export function valueAt(root: unknown, path: readonly Segment[]): unknown {
  let current = root;
  for (const segment of path) {
    const key = segment instanceof MapKey ? segment.key : segment;
    if (current === null || typeof current !== 'object') return ABSENT;
    let holder = current as Record<string | number, unknown>;
    if (!(key in holder) && !Array.isArray(holder)) {
      // An Avro wrapped union ({ "string": … }) sits between a field and its value.
      const keys = Object.keys(holder);
      const inner = keys.length === 1 ? holder[keys[0]!] : undefined;
      if (inner === null || typeof inner !== 'object' || !(key in (inner as object))) return ABSENT;
      holder = inner as Record<string | number, unknown>;
    }
    current = holder[key];
  }
  return current;
}
