/**
 * Byte ranges of a MessagePack encoding and the sample paths they encode. The walk reads only
 * type bytes and lengths until it reaches the window (string and bin payloads are skipped by
 * length), so the last page of a 50 MB encoding costs one pass and no values.
 */
import type { PathSegment } from '../analysis/json-path';
import { ANNOTATIONS_PAGE_LIMIT } from '../shared/inspector';
import { AnnotationSink, count, hexPreview, integerSegment, textPreview, truncatedAt, type AnnotationPage, type ByteWindow } from './annotation-page';
import type { Checkpoints } from './checkpoints';
import { resumeWalk, type StackSnapshot } from './container-stack';

const enum Item {
  Scalar,
  Str,
  Bin,
  Ext,
  Array,
  Map,
}

/** Walk states along encodings already walked (see checkpoints.ts). */
const CHECKPOINTS = new WeakMap<Uint8Array, Checkpoints<StackSnapshot>>();

export function annotateMsgpack(bytes: Uint8Array, window: ByteWindow, limit = ANNOTATIONS_PAGE_LIMIT): AnnotationPage {
  const sink = new AnnotationSink(window, limit);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size = bytes.length;
  // The window's bounds as locals: before the window, each item costs a few comparisons.
  const { start: windowStart, end: windowEnd } = sink;
  const { checkpoints, stack, position } = resumeWalk(CHECKPOINTS, bytes, windowStart);
  let pos = position;
  let nextCheckpoint = checkpoints.nextAfter(pos, stack.depth);
  while (!stack.rootDone) {
    if (pos >= windowEnd || sink.truncated) return sink.page();
    if (pos >= size) return sink.page(`truncated at byte ${size}: ${stack.describeOpen()}`);
    if (pos >= nextCheckpoint) {
      checkpoints.save(pos, stack.snapshot());
      nextCheckpoint = checkpoints.nextAfter(pos, stack.depth);
    }
    const type = bytes[pos]!;
    let item: Item;
    /** Type byte plus length (and ext type) bytes. */
    let header = 1;
    /** Bytes of a length prefix, or 0 when the type byte holds the length. */
    let lengthBytes = 0;
    /** Payload bytes (strings, bin, ext) or items (arrays) or entries (maps). */
    let length = 0;
    if (type <= 0x7f || type >= 0xe0) item = Item.Scalar;
    else if (type <= 0x8f) {
      item = Item.Map;
      length = type & 0x0f;
    } else if (type <= 0x9f) {
      item = Item.Array;
      length = type & 0x0f;
    } else if (type <= 0xbf) {
      item = Item.Str;
      length = type & 0x1f;
    } else if (type === 0xc1) {
      return sink.page(`invalid type byte 0xc1 at byte ${pos} (never used in MessagePack)`);
    } else if (type <= 0xc3) item = Item.Scalar;
    else if (type <= 0xc6) {
      item = Item.Bin;
      lengthBytes = 1 << (type - 0xc4);
    } else if (type <= 0xc9) {
      item = Item.Ext;
      lengthBytes = 1 << (type - 0xc7);
      header = 2; // and the ext type byte
    } else if (type <= 0xd3) {
      item = Item.Scalar;
      header = 1 + numberBytes(type);
    } else if (type <= 0xd8) {
      item = Item.Ext;
      length = 1 << (type - 0xd4);
      header = 2;
    } else if (type <= 0xdb) {
      item = Item.Str;
      lengthBytes = 1 << (type - 0xd9);
    } else if (type <= 0xdd) {
      item = Item.Array;
      lengthBytes = type === 0xdc ? 2 : 4;
    } else {
      item = Item.Map;
      lengthBytes = type === 0xde ? 2 : 4;
    }
    header += lengthBytes;
    if (pos + header > size) return sink.page(truncatedAt(size, describeType(type), pos, header, size - pos));
    if (lengthBytes === 1) length = bytes[pos + 1]!;
    else if (lengthBytes === 2) length = view.getUint16(pos + 1);
    else if (lengthBytes === 4) length = view.getUint32(pos + 1);
    const end = pos + header;
    const atKey = stack.atKey();

    if (item === Item.Scalar) {
      if (atKey) stack.setLiteralKey(scalarSegment(view, type, pos));
      if (end > windowStart) {
        const value = scalarValue(view, type, pos);
        const label = atKey ? `key ${renderScalar(value)}` : scalarLabel(type, value);
        sink.add(pos, end, stack.slotPath(), stack.inKey() ? 'key' : 'value', label);
      }
      stack.complete();
      pos = end;
      continue;
    }
    if (item === Item.Array || item === Item.Map) {
      if (atKey) stack.setLiteralKey(`{key at byte ${pos}}`);
      if (end > windowStart) {
        const label = item === Item.Array ? `array, ${count(length, 'item')}` : `map, ${count(length, 'entry', 'entries')}`;
        sink.add(pos, end, stack.slotPath(), stack.inKey() ? 'key' : 'header', atKey ? `key: ${label}` : label);
      }
      if (item === Item.Array) stack.pushArray(length, pos);
      else stack.pushMap(length, pos);
      pos = end;
      continue;
    }
    // Strings, bin and ext: a header range, then the payload, skipped by length. A cut payload
    // gets no range: a key's path would be wrong.
    const payloadEnd = end + length;
    if (payloadEnd > size) return sink.page(truncatedAt(size, describeType(type), pos, header + length, size - pos));
    const extType = item === Item.Ext ? view.getInt8(end - 1) : 0;
    if (atKey) {
      if (item === Item.Str) stack.setTextKey(end, payloadEnd);
      else if (item === Item.Bin) stack.setBytesKey(end, payloadEnd);
      else stack.setLiteralKey(`{ext ${extType} key at byte ${pos}}`);
    }
    if (end > windowStart) {
      // An empty key has no payload: its header stands for it.
      const emptyKey = atKey && length === 0 && item !== Item.Ext;
      const label = emptyKey ? `key ${item === Item.Str ? '""' : "h''"}` : payloadHeaderLabel(item, length, extType);
      sink.add(pos, end, stack.slotPath(), emptyKey ? 'key' : 'header', label);
    }
    if (payloadEnd > windowStart && end < windowEnd && payloadEnd > end) {
      const label =
        item === Item.Str
          ? textPreview(bytes, end, payloadEnd)
          : item === Item.Ext && extType === -1
            ? timestampLabel(view, end, length)
            : hexPreview(bytes, end, payloadEnd);
      sink.add(end, payloadEnd, stack.slotPath(), stack.inKey() ? 'key' : 'value', atKey ? `key ${label}` : label);
    }
    stack.complete();
    pos = payloadEnd;
  }
  if (pos < size && pos < windowEnd && !sink.truncated) {
    return sink.page(`${count(size - pos, 'byte')} after the value, from byte ${pos}`);
  }
  return sink.page();
}

/** Payload bytes of the fixed-size numbers 0xca–0xd3. */
function numberBytes(type: number): number {
  if (type === 0xca) return 4;
  if (type === 0xcb) return 8;
  return 1 << ((type - 0xcc) & 3);
}

function describeType(type: number): string {
  if (type >= 0x80 && type <= 0x8f) return 'fixmap';
  if (type >= 0x90 && type <= 0x9f) return 'fixarray';
  if (type >= 0xa0 && type <= 0xbf) return 'fixstr';
  const names: Record<number, string> = {
    0xc4: 'bin 8',
    0xc5: 'bin 16',
    0xc6: 'bin 32',
    0xc7: 'ext 8',
    0xc8: 'ext 16',
    0xc9: 'ext 32',
    0xca: 'float32',
    0xcb: 'float64',
    0xcc: 'uint8',
    0xcd: 'uint16',
    0xce: 'uint32',
    0xcf: 'uint64',
    0xd0: 'int8',
    0xd1: 'int16',
    0xd2: 'int32',
    0xd3: 'int64',
    0xd4: 'fixext 1',
    0xd5: 'fixext 2',
    0xd6: 'fixext 4',
    0xd7: 'fixext 8',
    0xd8: 'fixext 16',
    0xd9: 'str 8',
    0xda: 'str 16',
    0xdb: 'str 32',
    0xdc: 'array 16',
    0xdd: 'array 32',
    0xde: 'map 16',
    0xdf: 'map 32',
  };
  return names[type] ?? `type 0x${type.toString(16)}`;
}

/** The value of a scalar whose type byte is at `pos` (its bytes are known to be there). */
function scalarValue(view: DataView, type: number, pos: number): number | bigint | boolean | null {
  if (type <= 0x7f) return type;
  if (type >= 0xe0) return type - 0x100;
  switch (type) {
    case 0xc0:
      return null;
    case 0xc2:
      return false;
    case 0xc3:
      return true;
    case 0xca:
      return view.getFloat32(pos + 1);
    case 0xcb:
      return view.getFloat64(pos + 1);
    case 0xcc:
      return view.getUint8(pos + 1);
    case 0xcd:
      return view.getUint16(pos + 1);
    case 0xce:
      return view.getUint32(pos + 1);
    case 0xcf:
      return view.getBigUint64(pos + 1);
    case 0xd0:
      return view.getInt8(pos + 1);
    case 0xd1:
      return view.getInt16(pos + 1);
    case 0xd2:
      return view.getInt32(pos + 1);
    default:
      return view.getBigInt64(pos + 1);
  }
}

function scalarSegment(view: DataView, type: number, pos: number): PathSegment {
  const value = scalarValue(view, type, pos);
  if (typeof value === 'bigint') return integerSegment(value);
  return typeof value === 'number' ? value : String(value);
}

function renderScalar(value: number | bigint | boolean | null): string {
  return value === null ? 'nil' : String(value);
}

/** `uint16 65535`, `fixint -3`, `float64 4.104`, `true`, `nil`. */
function scalarLabel(type: number, value: number | bigint | boolean | null): string {
  if (value === null || typeof value === 'boolean') return renderScalar(value);
  const name = type <= 0x7f || type >= 0xe0 ? 'fixint' : describeType(type);
  return `${name} ${value}`;
}

function payloadHeaderLabel(item: Item, length: number, extType: number): string {
  const bytes = count(length, 'byte');
  if (item === Item.Str) return `string, ${bytes}`;
  if (item === Item.Bin) return `bin, ${bytes}`;
  return extType === -1 ? `timestamp (ext -1), ${bytes}` : `ext type ${extType}, ${bytes}`;
}

/** The MessagePack timestamp extension: 32-bit seconds, 30+34 bits, or 32-bit ns + 64-bit s. */
function timestampLabel(view: DataView, pos: number, length: number): string {
  let seconds: number;
  let nanoseconds = 0;
  if (length === 4) seconds = view.getUint32(pos);
  else if (length === 8) {
    const high = view.getUint32(pos);
    nanoseconds = high >>> 2;
    seconds = (high & 0x3) * 2 ** 32 + view.getUint32(pos + 4);
  } else if (length === 12) {
    nanoseconds = view.getUint32(pos);
    seconds = Number(view.getBigInt64(pos + 4));
  } else return `timestamp of ${count(length, 'byte')} (4, 8 or 12 expected)`;
  const date = new Date(seconds * 1000 + Math.floor(nanoseconds / 1e6));
  return Number.isNaN(date.getTime()) ? `timestamp ${seconds} s ${nanoseconds} ns` : `timestamp ${date.toISOString()}`;
}
