/**
 * The open arrays and maps of a MessagePack or CBOR walk, as an explicit stack (samples nest
 * 10,000 deep). The stack is also the path: the current value sits at each open container's
 * current index or key. Keys are kept as byte offsets and decoded, and paths formatted, only
 * when a range inside the window asks for its path; a container's path is cached while it is
 * open, so a page of deep values formats each prefix once.
 *
 * Frames live in typed arrays: the walk before the window does a few million pushes and
 * completions, and this keeps each one a handful of loads and stores.
 */
import { checkpointsOf, type Checkpoints } from './checkpoints';
import { formatSegment, type PathSegment } from '../analysis/json-path';
import { count, decodeUtf8, hexPreview } from './annotation-page';

/** What a frame is waiting for (module-private constants: no enum object read in the hot loop). */
const enum State {
  ArrayItem,
  MapKey,
  MapValue,
  /** An indefinite-length CBOR string: its chunks, until a break. */
  Chunk,
}

const enum KeyKind {
  /** The entry's key is not read yet (a CBOR tag can come first). */
  None,
  Text,
  Bytes,
  Literal,
}

const INITIAL_CAPACITY = 64;
/** Numbers per frame in a snapshot. */
const FRAME_FIELDS = 9;

/** An open stack saved at an item boundary (see checkpoints.ts). */
export interface StackSnapshot {
  depth: number;
  openKeys: number;
  /** `FRAME_FIELDS` numbers per frame, in the order `snapshot` writes them. */
  frames: Float64Array;
  keyLiterals: PathSegment[];
}

export class ContainerStack {
  depth = 0;
  /** The top-level value is complete. */
  rootDone = false;
  private capacity = INITIAL_CAPACITY;
  private states = new Uint8Array(INITIAL_CAPACITY);
  /** Items (arrays) or entries (maps) still expected; Infinity until a CBOR break. */
  private remaining = new Float64Array(INITIAL_CAPACITY);
  private indexes = new Float64Array(INITIAL_CAPACITY);
  private headers = new Float64Array(INITIAL_CAPACITY);
  private keyKinds = new Uint8Array(INITIAL_CAPACITY);
  private keyStarts = new Float64Array(INITIAL_CAPACITY);
  private keyEnds = new Float64Array(INITIAL_CAPACITY);
  /** Opened in a key position: everything inside is part of a key. */
  private isKey = new Uint8Array(INITIAL_CAPACITY);
  private chunkMajors = new Uint8Array(INITIAL_CAPACITY);
  private readonly keyLiterals: PathSegment[] = [];
  /** Formatted paths of open containers; levels from `pathsValid` up are stale. */
  private readonly paths: string[] = [];
  private pathsValid = 0;
  private openKeys = 0;

  constructor(private readonly bytes: Uint8Array) {}

  static restore(bytes: Uint8Array, snapshot: StackSnapshot): ContainerStack {
    const stack = new ContainerStack(bytes);
    while (stack.capacity < snapshot.depth) stack.grow();
    const { frames } = snapshot;
    for (let d = 0, at = 0; d < snapshot.depth; d++, at += FRAME_FIELDS) {
      stack.states[d] = frames[at]!;
      stack.remaining[d] = frames[at + 1]!;
      stack.indexes[d] = frames[at + 2]!;
      stack.headers[d] = frames[at + 3]!;
      stack.keyKinds[d] = frames[at + 4]!;
      stack.keyStarts[d] = frames[at + 5]!;
      stack.keyEnds[d] = frames[at + 6]!;
      stack.isKey[d] = frames[at + 7]!;
      stack.chunkMajors[d] = frames[at + 8]!;
      const literal = snapshot.keyLiterals[d];
      if (literal !== undefined) stack.keyLiterals[d] = literal;
    }
    stack.depth = snapshot.depth;
    stack.openKeys = snapshot.openKeys;
    return stack;
  }

  snapshot(): StackSnapshot {
    const frames = new Float64Array(this.depth * FRAME_FIELDS);
    for (let d = 0, at = 0; d < this.depth; d++, at += FRAME_FIELDS) {
      frames[at] = this.states[d]!;
      frames[at + 1] = this.remaining[d]!;
      frames[at + 2] = this.indexes[d]!;
      frames[at + 3] = this.headers[d]!;
      frames[at + 4] = this.keyKinds[d]!;
      frames[at + 5] = this.keyStarts[d]!;
      frames[at + 6] = this.keyEnds[d]!;
      frames[at + 7] = this.isKey[d]!;
      frames[at + 8] = this.chunkMajors[d]!;
    }
    return { depth: this.depth, openKeys: this.openKeys, frames, keyLiterals: this.keyLiterals.slice(0, this.depth) };
  }

  /** The next item is a map key. */
  atKey(): boolean {
    return this.depth > 0 && this.states[this.depth - 1] === State.MapKey;
  }

  /** The next item is a key or part of one. */
  inKey(): boolean {
    return this.openKeys > 0 || this.atKey();
  }

  /** An indefinite-length CBOR string is open: the next item is one of its chunks. */
  inChunks(): boolean {
    return this.depth > 0 && this.states[this.depth - 1] === State.Chunk;
  }

  /** A CBOR break may come now: an indefinite container is open, not between a key and its value. */
  canBreak(): boolean {
    const top = this.depth - 1;
    return top >= 0 && this.remaining[top] === Infinity && this.states[top] !== State.MapValue;
  }

  setTextKey(start: number, end: number): void {
    this.setKey(KeyKind.Text, start, end);
  }

  setBytesKey(start: number, end: number): void {
    this.setKey(KeyKind.Bytes, start, end);
  }

  setLiteralKey(segment: PathSegment): void {
    this.setKey(KeyKind.Literal, 0, 0);
    this.keyLiterals[this.depth - 1] = segment;
  }

  private setKey(kind: KeyKind, start: number, end: number): void {
    const top = this.depth - 1;
    this.keyKinds[top] = kind;
    this.keyStarts[top] = start;
    this.keyEnds[top] = end;
  }

  /** Opens an array of `items` (Infinity: until a break) whose header starts at byte `header`. */
  pushArray(items: number, header: number): void {
    this.push(State.ArrayItem, items, header);
  }

  /** Opens a map of `entries` (Infinity: until a break) whose header starts at byte `header`. */
  pushMap(entries: number, header: number): void {
    this.push(State.MapKey, entries, header);
  }

  /** Opens an indefinite-length CBOR string whose chunks are of major type `major`. */
  pushChunks(major: number, header: number): void {
    this.push(State.Chunk, Infinity, header);
    this.chunkMajors[this.depth - 1] = major;
  }

  chunkMajor(): number {
    return this.depth > 0 ? this.chunkMajors[this.depth - 1]! : -1;
  }

  /** Opens a container at the current slot; an empty one is complete at once. */
  private push(state: State, items: number, header: number): void {
    if (items === 0) {
      this.complete();
      return;
    }
    const key = this.inKey();
    if (this.depth === this.capacity) this.grow();
    const d = this.depth++;
    this.states[d] = state;
    this.remaining[d] = items;
    this.indexes[d] = 0;
    this.headers[d] = header;
    this.keyKinds[d] = KeyKind.None;
    this.isKey[d] = key ? 1 : 0;
    if (this.pathsValid > d) this.pathsValid = d;
    if (key) this.openKeys++;
  }

  /** The item at the current slot is complete: advance, closing containers that are full. */
  complete(): void {
    for (;;) {
      const top = this.depth - 1;
      if (top < 0) {
        this.rootDone = true;
        return;
      }
      const state = this.states[top];
      if (state === State.Chunk) return;
      if (state === State.MapKey) {
        this.states[top] = State.MapValue;
        return;
      }
      if (state === State.MapValue) {
        this.states[top] = State.MapKey;
        this.keyKinds[top] = KeyKind.None;
      }
      this.indexes[top]!++;
      if (--this.remaining[top]! > 0) return;
      this.pop();
    }
  }

  /** A CBOR break closes the indefinite container on top, which completes its own slot. */
  closeIndefinite(): void {
    this.pop();
    this.complete();
  }

  private pop(): void {
    this.depth--;
    if (this.isKey[this.depth]) this.openKeys--;
  }

  private grow(): void {
    const capacity = this.capacity * 2;
    const grown = <T extends Uint8Array | Float64Array>(from: T, make: (n: number) => T): T => {
      const to = make(capacity);
      to.set(from);
      return to;
    };
    this.states = grown(this.states, (n) => new Uint8Array(n));
    this.remaining = grown(this.remaining, (n) => new Float64Array(n));
    this.indexes = grown(this.indexes, (n) => new Float64Array(n));
    this.headers = grown(this.headers, (n) => new Float64Array(n));
    this.keyKinds = grown(this.keyKinds, (n) => new Uint8Array(n));
    this.keyStarts = grown(this.keyStarts, (n) => new Float64Array(n));
    this.keyEnds = grown(this.keyEnds, (n) => new Float64Array(n));
    this.isKey = grown(this.isKey, (n) => new Uint8Array(n));
    this.chunkMajors = grown(this.chunkMajors, (n) => new Uint8Array(n));
    this.capacity = capacity;
  }

  /** The path of the item at the current slot (a map's path while its key is not read yet). */
  slotPath(): string {
    const top = this.depth - 1;
    if (top < 0) return '$';
    const base = this.containerPath(top);
    return this.hasSegment(top) ? base + formatSegment(this.segment(top)) : base;
  }

  /** The path of the innermost open container (`$` when none is open). */
  openPath(): string {
    return this.depth === 0 ? '$' : this.containerPath(this.depth - 1);
  }

  /** Path of the open container at `level`, formatted once while it stays open. */
  private containerPath(level: number): string {
    if (this.pathsValid === 0) {
      this.paths[0] = '$';
      this.pathsValid = 1;
    }
    for (let i = this.pathsValid; i <= level; i++) {
      const parent = this.paths[i - 1]!;
      this.paths[i] = this.hasSegment(i - 1) ? parent + formatSegment(this.segment(i - 1)) : parent;
    }
    if (this.pathsValid <= level) this.pathsValid = level + 1;
    return this.paths[level]!;
  }

  private hasSegment(level: number): boolean {
    const state = this.states[level];
    return state === State.ArrayItem || (state !== State.Chunk && this.keyKinds[level] !== KeyKind.None);
  }

  private segment(level: number): PathSegment {
    if (this.states[level] === State.ArrayItem) return this.indexes[level]!;
    switch (this.keyKinds[level]) {
      case KeyKind.Text:
        return decodeUtf8(this.bytes, this.keyStarts[level]!, this.keyEnds[level]!);
      case KeyKind.Bytes:
        return hexPreview(this.bytes, this.keyStarts[level]!, this.keyEnds[level]!, 64);
      default:
        return this.keyLiterals[level]!;
    }
  }

  /** What is still open, for an error at the end of the bytes. */
  describeOpen(): string {
    const top = this.depth - 1;
    if (top < 0) return 'no value';
    const at = `at byte ${this.headers[top]}`;
    const remaining = this.remaining[top]!;
    const indefinite = remaining === Infinity;
    switch (this.states[top]) {
      case State.Chunk:
        return `indefinite-length string ${at} has no break`;
      case State.ArrayItem:
        return indefinite ? `indefinite-length array ${at} has no break` : `array ${at} expects ${count(remaining, 'more item')}`;
      case State.MapKey:
        return indefinite ? `indefinite-length map ${at} has no break` : `map ${at} expects ${count(remaining, 'more entry', 'more entries')}`;
      default:
        return `map ${at} expects the value of a key`;
    }
  }
}

/** Where a MessagePack or CBOR walk of `bytes` starts for a window: the last state saved before it, or byte 0. */
export function resumeWalk(
  cache: WeakMap<Uint8Array, Checkpoints<StackSnapshot>>,
  bytes: Uint8Array,
  windowStart: number,
): { checkpoints: Checkpoints<StackSnapshot>; stack: ContainerStack; position: number } {
  const checkpoints = checkpointsOf(cache, bytes);
  const resume = checkpoints.before(windowStart);
  const stack = resume ? ContainerStack.restore(bytes, resume.state) : new ContainerStack(bytes);
  return { checkpoints, stack, position: resume ? resume.position : 0 };
}
