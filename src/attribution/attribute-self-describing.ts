/**
 * MessagePack's and CBOR's bytes by what they carry, counted in one pass over type bytes and
 * lengths. The inspector's annotators (annotate-msgpack.ts, annotate-cbor.ts) give the same
 * categories, but name a path and write a label for every item: 0.3–0.5 s per MB, which sat
 * between two codecs' timings in every first round. The categories follow the annotators' ranges
 * exactly (test/unit/byte-attribution.test.ts compares the two): a key's bytes, and all of a
 * container that is a key, are keys; a string's payload is strings, its header structure;
 * numbers are numbers (a MessagePack timestamp too, as the annotators label it with its date);
 * booleans, nulls, binary and other extensions are other; container headers are structure.
 * What this pass does not follow (CBOR's indefinite lengths, bytes that end early) throws an
 * UnattributableError; the caller then takes the annotators' walk.
 */
import type { ByteAttribution, ByteCategory } from '../shared/results';
import { emptyAttribution, UnattributableError } from './attribution-totals';

/**
 * Open arrays and maps: items left (a map's entries count twice, key then value, so a map is at
 * a key when an even count is left), and whether the container is itself part of a key.
 */
class Containers {
  private readonly remaining: number[] = [];
  private readonly isMap: boolean[] = [];
  private readonly partOfKey: boolean[] = [];
  private openKeys = 0;
  done = false;

  /** The next item is a map's key. */
  atKey(): boolean {
    const top = this.remaining.length - 1;
    return top >= 0 && this.isMap[top]! && this.remaining[top]! % 2 === 0;
  }

  /** The next item is a key or inside one. */
  inKey(): boolean {
    return this.openKeys > 0 || this.atKey();
  }

  open(entries: number, isMap: boolean): void {
    const items = isMap ? entries * 2 : entries;
    if (items === 0) {
      this.complete();
      return;
    }
    const key = this.inKey();
    this.remaining.push(items);
    this.isMap.push(isMap);
    this.partOfKey.push(key);
    if (key) this.openKeys++;
  }

  /** An item ended: count it, and close every container it filled. */
  complete(): void {
    for (;;) {
      const top = this.remaining.length - 1;
      if (top < 0) {
        this.done = true;
        return;
      }
      if (--this.remaining[top]! > 0) return;
      this.remaining.pop();
      this.isMap.pop();
      if (this.partOfKey.pop()) this.openKeys--;
    }
  }
}

type Add = (category: ByteCategory, bytes: number) => void;

/** One item at `pos` of a format: its bytes counted, the containers updated; returns where the next item starts. */
type ReadItem = (bytes: Uint8Array, view: DataView, pos: number, stack: Containers, add: Add) => number;

/** Reads items from the start until the root value ends, which must be at the last byte. */
function countItems(bytes: Uint8Array, readItem: ReadItem): ByteAttribution {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size = bytes.length;
  const totals = emptyAttribution();
  let counted = 0;
  const add: Add = (category, length) => {
    counted += length;
    if (length < 0 || counted > size) throw new UnattributableError(`truncated at byte ${size}`);
    totals[category] += length;
  };
  const stack = new Containers();
  let pos = 0;
  while (!stack.done) {
    if (pos >= size) throw new UnattributableError(`truncated at byte ${size}`);
    pos = readItem(bytes, view, pos, stack, add);
  }
  if (pos !== size) throw new UnattributableError(`${size - pos} bytes after the value`);
  return totals;
}

export function attributeMsgpackBytes(bytes: Uint8Array): ByteAttribution {
  return countItems(bytes, readMsgpackItem);
}

const readMsgpackItem: ReadItem = (bytes, view, pos, stack, add) => {
  const size = bytes.length;
  const type = bytes[pos]!;
  const inKey = stack.inKey();
  const atKey = stack.atKey();
  if (type === 0xc1) throw new UnattributableError(`invalid type byte 0xc1 at byte ${pos}`);
  if (type <= 0x7f || type >= 0xe0 || (type >= 0xc0 && type <= 0xc3) || (type >= 0xca && type <= 0xd3)) {
    // A scalar: its type byte and value are one range.
    const length = type <= 0x7f || type >= 0xe0 || type <= 0xc3 ? 1 : 1 + scalarBytes(type);
    add(inKey ? 'keys' : type >= 0xc0 && type <= 0xc3 ? 'other' : 'numbers', length);
    stack.complete();
    return pos + length;
  }
  if ((type >= 0x80 && type <= 0x9f) || type >= 0xdc) {
    const isMap = (type >= 0x80 && type <= 0x8f) || type >= 0xde;
    const lengthBytes = type <= 0x9f ? 0 : type === 0xdc || type === 0xde ? 2 : 4;
    if (pos + 1 + lengthBytes > size) throw new UnattributableError(`truncated at byte ${size}`);
    const entries = lengthBytes === 0 ? type & 0x0f : lengthBytes === 2 ? view.getUint16(pos + 1) : view.getUint32(pos + 1);
    add(inKey ? 'keys' : 'structure', 1 + lengthBytes);
    stack.open(entries, isMap);
    return pos + 1 + lengthBytes;
  }
  // Strings, bin and ext: a header, then a payload skipped by its length.
  const isStr = (type >= 0xa0 && type <= 0xbf) || (type >= 0xd9 && type <= 0xdb);
  const isExt = (type >= 0xc7 && type <= 0xc9) || (type >= 0xd4 && type <= 0xd8);
  let header = 1;
  let length: number;
  if (type >= 0xa0 && type <= 0xbf) length = type & 0x1f;
  else if (type >= 0xd4 && type <= 0xd8) {
    length = 1 << (type - 0xd4);
    header = 2;
  } else {
    const lengthBytes = isStr ? 1 << (type - 0xd9) : 1 << (type - (isExt ? 0xc7 : 0xc4));
    header = 1 + lengthBytes + (isExt ? 1 : 0);
    if (pos + header > size) throw new UnattributableError(`truncated at byte ${size}`);
    length = lengthBytes === 1 ? bytes[pos + 1]! : lengthBytes === 2 ? view.getUint16(pos + 1) : view.getUint32(pos + 1);
  }
  if (pos + header + length > size) throw new UnattributableError(`truncated at byte ${size}`);
  // An empty key has no payload: its header stands for it (as the annotators mark it).
  add(atKey && length === 0 && !isExt ? 'keys' : 'structure', header);
  if (length > 0) {
    const extType = isExt ? view.getInt8(pos + header - 1) : 0;
    add(inKey ? 'keys' : isStr ? 'strings' : isExt && extType === -1 && [4, 8, 12].includes(length) ? 'numbers' : 'other', length);
  }
  stack.complete();
  return pos + header + length;
};

/** Value bytes after the type byte of MessagePack's fixed-size numbers 0xca–0xd3. */
function scalarBytes(type: number): number {
  if (type === 0xca) return 4;
  if (type === 0xcb) return 8;
  return 1 << ((type - 0xcc) & 3);
}

export function attributeCborBytes(bytes: Uint8Array): ByteAttribution {
  return countItems(bytes, readCborItem);
}

const readCborItem: ReadItem = (bytes, view, pos, stack, add) => {
  const initial = bytes[pos]!;
  const major = initial >> 5;
  const info = initial & 0x1f;
  if (info > 27) throw new UnattributableError(`indefinite length or reserved value at byte ${pos}`);
  const header = info < 24 ? 1 : 1 + (1 << (info - 24));
  if (pos + header > bytes.length) throw new UnattributableError(`truncated at byte ${bytes.length}`);
  let argument = info;
  if (info === 24) argument = bytes[pos + 1]!;
  else if (info === 25) argument = view.getUint16(pos + 1);
  else if (info === 26) argument = view.getUint32(pos + 1);
  else if (info === 27) argument = view.getUint32(pos + 1) * 2 ** 32 + view.getUint32(pos + 5);
  const inKey = stack.inKey();
  switch (major) {
    case 0:
    case 1:
      add(inKey ? 'keys' : 'numbers', header);
      stack.complete();
      return pos + header;
    case 2:
    case 3:
      if (pos + header + argument > bytes.length) throw new UnattributableError(`truncated at byte ${bytes.length}`);
      add(stack.atKey() && argument === 0 ? 'keys' : 'structure', header);
      add(inKey ? 'keys' : major === 3 ? 'strings' : 'other', argument);
      stack.complete();
      return pos + header + argument;
    case 4:
    case 5:
      add(inKey ? 'keys' : 'structure', header);
      stack.open(argument, major === 5);
      return pos + header;
    case 6:
      // A tag heads the item after it.
      add(inKey ? 'keys' : 'structure', header);
      return pos + header;
    default:
      if (info === 24 && argument < 32) throw new UnattributableError(`malformed simple value at byte ${pos}`);
      add(inKey ? 'keys' : info >= 25 ? 'numbers' : 'other', header);
      stack.complete();
      return pos + header;
  }
};
