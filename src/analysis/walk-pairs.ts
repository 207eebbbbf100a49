/**
 * Walks an original JSON value and a decoded value side by side, the way a JSON consumer
 * reads them, and tells a visitor what it finds. Shared by round-trip verification and
 * remnant detection so that both agree on what "the same" means.
 *
 * The walk follows the original (a tree from JSON.parse), so cycles or huge extras in the
 * decoded value cannot make it loop or wander. It keeps an explicit stack of cursors, one per
 * open container: 10,000-deep samples do not touch the call stack, and children are visited
 * in document order.
 */
import { valueTypes as types } from './value-types';
import { PathNode, type PathSegment } from './json-path';
import { compareScalar, kindName, shapeOf, type Finding } from './values';

type JsonObject = Record<string, unknown>;

export type ContainerKind = 'object' | 'array' | 'map' | 'typed-array';

export interface ExtraKey {
  key: string;
  value: unknown;
}

export interface PairVisitor {
  /** `expected` and `actual` are given for leaves (a format may hold a value in another text). */
  difference(at: PathNode, finding: Finding, expected?: unknown, actual?: unknown): void;
  /**
   * The keys of one object that did not survive: `missing` are original keys the decoded
   * object does not give back (absent, or undefined), `extra` are decoded own enumerable keys
   * with a value that the original does not have. Called after the object's children, only
   * when one of the lists is non-empty.
   */
  keys(node: PathNode, original: JsonObject, missing: readonly string[], extra: readonly ExtraKey[], decoded: object): void;
  /** A decoded container reached in step with an original one, before its children. */
  container?(decoded: object, node: PathNode, kind: ContainerKind, original: object): void;
  /**
   * A zero whose sign changed (-0 became 0 or back). JSON semantics treat them as equal, so
   * this is not a difference; remnants still say so.
   */
  signedZero?(at: PathNode, expected: number): void;
}

/**
 * An open container. It is also the container's path node, which saves one allocation per
 * container on samples with millions of them.
 */
class KeyedCursor extends PathNode {
  next = 0;
  missing: string[] | null = null;

  constructor(
    parent: PathNode | null,
    segment: PathSegment | null,
    readonly isMap: boolean,
    readonly original: JsonObject,
    readonly decoded: object,
    readonly keys: string[],
  ) {
    super(parent, segment);
  }
}

class ListCursor extends PathNode {
  next = 0;

  constructor(
    parent: PathNode | null,
    segment: PathSegment | null,
    readonly original: unknown[],
    readonly decoded: ArrayLike<unknown>,
    /** Only the common prefix is compared; a length change is reported once. */
    readonly length: number,
  ) {
    super(parent, segment);
  }
}

type Cursor = KeyedCursor | ListCursor;

/** Marks a key that is not readable at all on the decoded object. */
const ABSENT: unique symbol = Symbol('absent');

/** A getter that threw while read; reported, never rethrown. */
class ReadFailure {
  constructor(readonly message: string) {}
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Reads `key` as a consumer would, through own properties, getters and prototype defaults
 * (protobufjs keeps field defaults on the prototype), but not from Object.prototype: an
 * original key `constructor` or `__proto__` must not be found there.
 */
function readProperty(decoded: object, key: string): unknown {
  for (let owner: object | null = decoded; owner !== null && owner !== Object.prototype;) {
    if (Object.hasOwn(owner, key)) {
      try {
        return (decoded as JsonObject)[key];
      } catch (error) {
        return new ReadFailure(errorMessage(error));
      }
    }
    owner = Object.getPrototypeOf(owner) as object | null;
  }
  return ABSENT;
}

const CANONICAL_INDEX = /^(?:0|[1-9][0-9]{0,15})$/;

/** Map keys may be numbers where JSON had digit strings (CBOR and MessagePack allow both). */
function readMapEntry(decoded: Map<unknown, unknown>, key: string): unknown {
  if (decoded.has(key)) return decoded.get(key);
  if (CANONICAL_INDEX.test(key) && decoded.has(Number(key))) return new NumberKeyed(decoded.get(Number(key)));
  return ABSENT;
}

/** A Map entry found under the number where JSON had a digit string. */
class NumberKeyed {
  constructor(readonly value: unknown) {}
}

/**
 * A key of a decoded object or Map read the way the walk reads it, for the inspector's tree:
 * undefined where the walk would find it missing; a getter that throws gives its error.
 */
export function readDecodedKey(decoded: object, key: string): { value: unknown } | undefined {
  let value = types.isMap(decoded) ? readMapEntry(decoded, key) : readProperty(decoded, key);
  if (value instanceof NumberKeyed) value = value.value;
  if (value === ABSENT || value === undefined) return undefined;
  if (value instanceof ReadFailure) return { value: new Error(`reading it threw: ${value.message}`) };
  return { value };
}

function numberKey(key: string): Finding {
  return {
    kind: 'type-change',
    label: 'string key became a number (Map key)',
    detail: `key "${key}" became the number ${key} (Map key): map.get("${key}") misses it`,
  };
}

function extraKeys(cursor: KeyedCursor): ExtraKey[] | null {
  let extra: ExtraKey[] | null = null;
  const { original, decoded } = cursor;
  if (cursor.isMap) {
    for (const [key, value] of decoded as Map<unknown, unknown>) {
      const name = String(key);
      if (!Object.hasOwn(original, name) && value !== undefined) (extra ??= []).push({ key: name, value });
    }
    return extra;
  }
  // for…in rather than Object.keys: no array per object, and the few inherited keys it also
  // yields are filtered out by the own-property check.
  for (const key in decoded) {
    if (Object.hasOwn(original, key) || !Object.hasOwn(decoded, key)) continue;
    let value: unknown;
    try {
      value = (decoded as JsonObject)[key];
    } catch (error) {
      value = new ReadFailure(errorMessage(error));
    }
    if (value !== undefined) (extra ??= []).push({ key, value });
  }
  return extra;
}

/** Walks two values side by side; `under` places the walk below a node of an outer one (a renamed key's value). */
export function walkPairs(original: unknown, decoded: unknown, visitor: PairVisitor, under?: { parent: PathNode; segment: PathSegment }): void {
  const stack: Cursor[] = [];

  const typeChange = (node: PathNode, from: string, to: unknown): void => {
    const label = `${from} became ${kindName(to)}`;
    visitor.difference(node, { kind: 'type-change', label, detail: label });
  };

  const visit = (expected: unknown, actual: unknown, parent: PathNode | null, segment: PathSegment): void => {
    if (expected === null || typeof expected !== 'object') {
      const finding = actual instanceof ReadFailure ? readFailureFinding(actual) : compareScalar(expected, actual);
      if (finding !== null) visitor.difference(nodeAt(parent, segment), finding, expected, actual);
      else if (expected === 0 && visitor.signedZero !== undefined && 1 / expected !== 1 / (actual as number)) {
        visitor.signedZero(nodeAt(parent, segment), expected);
      }
      return;
    }
    if (actual instanceof ReadFailure) {
      visitor.difference(nodeAt(parent, segment), readFailureFinding(actual));
      return;
    }
    const at = parent === null ? null : segment;
    const shape = shapeOf(actual);
    if (Array.isArray(expected)) {
      if (shape !== 'array' && shape !== 'typed-array') {
        typeChange(nodeAt(parent, segment), 'array', actual);
        return;
      }
      const list = actual as ArrayLike<unknown> & object;
      const cursor = new ListCursor(parent, at, expected, list, Math.min(list.length, expected.length));
      // A typed array reads like an array, so its elements are still worth comparing.
      if (shape === 'typed-array') typeChange(cursor, 'array', actual);
      visitor.container?.(list, cursor, shape === 'array' ? 'array' : 'typed-array', expected);
      if (list.length !== expected.length) {
        visitor.difference(cursor, {
          kind: 'length-change',
          label: 'length changed',
          detail: `expected ${expected.length} items, got ${list.length}`,
        });
      }
      stack.push(cursor);
      return;
    }
    if (shape !== 'record' && shape !== 'map') {
      typeChange(nodeAt(parent, segment), 'object', actual);
      return;
    }
    const keyed = expected as JsonObject;
    const cursor = new KeyedCursor(parent, at, shape === 'map', keyed, actual as object, Object.keys(keyed));
    if (shape === 'map') typeChange(cursor, 'object', actual);
    visitor.container?.(cursor.decoded, cursor, shape === 'map' ? 'map' : 'object', expected);
    stack.push(cursor);
  };

  visit(original, decoded, under?.parent ?? null, under?.segment ?? '');
  while (stack.length > 0) {
    const cursor = stack[stack.length - 1]!;
    if (cursor instanceof ListCursor) {
      if (cursor.next >= cursor.length) {
        stack.pop();
        continue;
      }
      const index = cursor.next++;
      visit(cursor.original[index], cursor.decoded[index], cursor, index);
      continue;
    }
    if (cursor.next >= cursor.keys.length) {
      stack.pop();
      const extra = extraKeys(cursor);
      if (cursor.missing !== null || extra !== null) {
        visitor.keys(cursor, cursor.original, cursor.missing ?? [], extra ?? [], cursor.decoded);
      }
      continue;
    }
    const key = cursor.keys[cursor.next++]!;
    let value = cursor.isMap ? readMapEntry(cursor.decoded as Map<unknown, unknown>, key) : readProperty(cursor.decoded, key);
    if (value instanceof NumberKeyed) {
      visitor.difference(cursor.child(key), numberKey(key));
      value = value.value;
    }
    if (value === ABSENT || value === undefined) (cursor.missing ??= []).push(key);
    else visit(cursor.original[key], value, cursor, key);
  }
}

/** Leaves get a path node only when there is something to report. */
function nodeAt(parent: PathNode | null, segment: PathSegment): PathNode {
  return parent === null ? PathNode.root() : parent.child(segment);
}

function readFailureFinding(failure: ReadFailure): Finding {
  return { kind: 'value-change', label: 'getter threw', detail: `reading it threw: ${failure.message}` };
}
