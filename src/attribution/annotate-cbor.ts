/**
 * Byte ranges of a CBOR encoding (RFC 8949) and the sample paths they encode. Like the
 * MessagePack walk, it reads only initial bytes and arguments until it reaches the window.
 *
 * A tag is a header of the item after it (same path). cbor-x's defaults (the codec's) emit no
 * record or structure tags for JSON samples; if bytes hold them they are labelled, and the
 * arrays they tag are walked as arrays, since their keys live in structures defined elsewhere.
 */
import { ANNOTATIONS_PAGE_LIMIT } from '../shared/inspector';
import {
  AnnotationSink,
  count,
  halfToNumber,
  hexPreview,
  integerSegment,
  textPreview,
  truncatedAt,
  type AnnotationPage,
  type ByteWindow,
} from './annotation-page';
import type { Checkpoints } from './checkpoints';
import { resumeWalk, type StackSnapshot } from './container-stack';

const enum Major {
  Unsigned,
  Negative,
  Bytes,
  Text,
  Array,
  Map,
  Tag,
  Simple,
}

const INDEFINITE = 31;
const BREAK = 0xff;

/** Walk states along encodings already walked (see checkpoints.ts). */
const CHECKPOINTS = new WeakMap<Uint8Array, Checkpoints<StackSnapshot>>();

export function annotateCbor(bytes: Uint8Array, window: ByteWindow, limit = ANNOTATIONS_PAGE_LIMIT): AnnotationPage {
  const sink = new AnnotationSink(window, limit);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size = bytes.length;
  /** The item at `pos` follows a tag (a break may not). */
  let tagged = false;
  // The window's bounds as locals: before the window, each item costs a few comparisons.
  const { start: windowStart, end: windowEnd } = sink;
  const { checkpoints, stack, position } = resumeWalk(CHECKPOINTS, bytes, windowStart);
  let pos = position;
  let nextCheckpoint = checkpoints.nextAfter(pos, stack.depth);
  while (!stack.rootDone) {
    if (pos >= windowEnd || sink.truncated) return sink.page();
    if (pos >= size) return sink.page(`truncated at byte ${size}: ${tagged ? 'a tag has no content' : stack.describeOpen()}`);
    if (pos >= nextCheckpoint && !tagged) {
      checkpoints.save(pos, stack.snapshot());
      nextCheckpoint = checkpoints.nextAfter(pos, stack.depth);
    }
    const initial = bytes[pos]!;
    const major = initial >> 5;
    const info = initial & 0x1f;
    let header = 1;
    /** The argument: a count, a length, a tag number, or (major 0/1) the integer; exact below 2^53. */
    let argument = info;
    if (info >= 24 && info <= 27) {
      header += 1 << (info - 24);
      if (pos + header > size) return sink.page(truncatedAt(size, describeMajor(major), pos, header, size - pos));
      if (info === 24) argument = bytes[pos + 1]!;
      else if (info === 25) argument = view.getUint16(pos + 1);
      else if (major === Major.Simple)
        argument = 0; // a float: read as one where it is labelled
      else if (info === 26) argument = view.getUint32(pos + 1);
      else argument = view.getUint32(pos + 1) * 2 ** 32 + view.getUint32(pos + 5);
    } else if (info > 27 && (info !== INDEFINITE || major < Major.Bytes || major === Major.Tag)) {
      return sink.page(`malformed at byte ${pos}: additional information ${info} is not valid for ${describeMajor(major)}`);
    }
    const indefinite = info === INDEFINITE;
    const end = pos + header;
    const atKey = stack.atKey();
    const chunks = stack.inChunks();

    if (initial === BREAK) {
      if (!stack.canBreak() || tagged) return sink.page(`malformed at byte ${pos}: a break where no indefinite-length item can end`);
      if (end > windowStart) sink.add(pos, end, stack.openPath(), 'header', 'break');
      stack.closeIndefinite();
      pos = end;
      continue;
    }
    if (chunks && (major !== stack.chunkMajor() || indefinite)) {
      return sink.page(`malformed at byte ${pos}: a chunk of an indefinite-length ${describeMajor(stack.chunkMajor())} must be a definite one`);
    }

    switch (major) {
      case Major.Unsigned:
      case Major.Negative: {
        if (atKey || end > windowStart) {
          const value = integerValue(view, major, info, pos, argument);
          if (atKey) stack.setLiteralKey(integerSegment(value));
          if (end > windowStart) {
            const label = atKey ? `key ${value}` : `${integerName(major, info)} ${value}`;
            sink.add(pos, end, stack.slotPath(), stack.inKey() ? 'key' : 'value', label);
          }
        }
        stack.complete();
        pos = end;
        break;
      }
      case Major.Bytes:
      case Major.Text: {
        const noun = major === Major.Text ? 'string' : 'bytes';
        if (indefinite) {
          if (atKey) stack.setLiteralKey(`{key at byte ${pos}}`);
          if (end > windowStart) sink.add(pos, end, stack.slotPath(), 'header', `${noun}, indefinite length`);
          stack.pushChunks(major, pos);
          pos = end;
          break;
        }
        // A cut payload gets no range: a key's path would be wrong.
        const payloadEnd = end + argument;
        if (payloadEnd > size) return sink.page(truncatedAt(size, noun, pos, header + argument, size - pos));
        if (atKey) {
          if (major === Major.Text) stack.setTextKey(end, payloadEnd);
          else stack.setBytesKey(end, payloadEnd);
        }
        if (end > windowStart) {
          // An empty key has no payload: its header stands for it.
          const emptyKey = atKey && argument === 0;
          const label = emptyKey ? `key ${major === Major.Text ? '""' : "h''"}` : `${chunks ? 'chunk' : noun}, ${count(argument, 'byte')}`;
          sink.add(pos, end, stack.slotPath(), emptyKey ? 'key' : 'header', label);
        }
        if (payloadEnd > windowStart && end < windowEnd && payloadEnd > end) {
          const preview = major === Major.Text ? textPreview(bytes, end, payloadEnd) : hexPreview(bytes, end, payloadEnd);
          sink.add(end, payloadEnd, stack.slotPath(), stack.inKey() ? 'key' : 'value', atKey ? `key ${preview}` : preview);
        }
        stack.complete();
        pos = payloadEnd;
        break;
      }
      case Major.Array:
      case Major.Map: {
        if (atKey) stack.setLiteralKey(`{key at byte ${pos}}`);
        if (end > windowStart) {
          const label = containerLabel(major, indefinite, argument);
          sink.add(pos, end, stack.slotPath(), stack.inKey() ? 'key' : 'header', atKey ? `key: ${label}` : label);
        }
        if (major === Major.Array) stack.pushArray(indefinite ? Infinity : argument, pos);
        else stack.pushMap(indefinite ? Infinity : argument, pos);
        pos = end;
        break;
      }
      case Major.Tag:
        if (end > windowStart) sink.add(pos, end, stack.slotPath(), stack.inKey() ? 'key' : 'header', tagLabel(argument));
        tagged = true;
        pos = end;
        continue;
      default: {
        if (info === 24 && argument < 32) return sink.page(`malformed at byte ${pos}: simple value ${argument} must be written in one byte`);
        if (atKey || end > windowStart) {
          const value = simpleValue(view, info, pos, argument);
          if (atKey) stack.setLiteralKey(value);
          if (end > windowStart) {
            const label = atKey ? `key ${value}` : typeof value === 'number' ? `${floatName(info)} ${value}` : value;
            sink.add(pos, end, stack.slotPath(), stack.inKey() ? 'key' : 'value', label);
          }
        }
        stack.complete();
        pos = end;
      }
    }
    tagged = false;
  }
  if (pos < size && pos < windowEnd && !sink.truncated) {
    return sink.page(`${count(size - pos, 'byte')} after the value, from byte ${pos}`);
  }
  return sink.page();
}

function describeMajor(major: number): string {
  return ['unsigned integer', 'negative integer', 'byte string', 'text string', 'array', 'map', 'tag', 'simple value or float'][major]!;
}

function integerValue(view: DataView, major: number, info: number, pos: number, argument: number): bigint | number {
  const magnitude = info === 27 ? view.getBigUint64(pos + 1) : argument;
  if (major === Major.Unsigned) return magnitude;
  return typeof magnitude === 'bigint' ? -1n - magnitude : -1 - magnitude;
}

/** `uint16`, `negint8`: the argument's width, as a user reading bytes counts it. */
function integerName(major: number, info: number): string {
  const width = info < 24 ? '' : String(8 << (info - 24));
  return `${major === Major.Unsigned ? 'uint' : 'negint'}${width}`;
}

function containerLabel(major: number, indefinite: boolean, items: number): string {
  if (major === Major.Array) return `array, ${indefinite ? 'indefinite length' : count(items, 'item')}`;
  return `map, ${indefinite ? 'indefinite length' : count(items, 'entry', 'entries')}`;
}

/** A number for floats; `false`, `null`, `undefined`, `simple(16)` for the rest. */
function simpleValue(view: DataView, info: number, pos: number, argument: number): number | string {
  switch (info) {
    case 20:
      return 'false';
    case 21:
      return 'true';
    case 22:
      return 'null';
    case 23:
      return 'undefined';
    case 25:
      return halfToNumber(argument);
    case 26:
      return view.getFloat32(pos + 1);
    case 27:
      return view.getFloat64(pos + 1);
    default:
      return `simple(${argument})`;
  }
}

function floatName(info: number): string {
  return info === 25 ? 'float16' : info === 26 ? 'float32' : 'float64';
}

const TAG_NAMES: Record<number, string> = {
  0: 'date',
  1: 'epoch date',
  2: 'bignum',
  3: 'negative bignum',
  4: 'decimal fraction',
  5: 'bigfloat',
  6: 'cbor-x packed reference',
  14: 'cbor-x bundled string',
  15: 'cbor-x bundled string',
  21: 'base64url expected',
  22: 'base64 expected',
  23: 'base16 expected',
  24: 'embedded CBOR',
  27: 'serialized object',
  28: 'shared value',
  29: 'shared reference',
  32: 'URI',
  33: 'base64url',
  34: 'base64',
  35: 'regular expression',
  36: 'MIME message',
  37: 'UUID',
  51: 'cbor-x packed values',
  105: 'cbor-x record (legacy)',
  258: 'set',
  259: 'map with any keys',
  55799: 'self-described CBOR',
  0xdff9: 'cbor-x bundled strings',
  0xdffe: 'cbor-x record definitions',
  0xdfff: 'cbor-x record with its structure',
};

const TYPED_ARRAYS = [
  'uint8',
  'uint16 big-endian',
  'uint32 big-endian',
  'uint64 big-endian',
  'uint8 clamped',
  'uint16 little-endian',
  'uint32 little-endian',
  'uint64 little-endian',
  'sint8',
  'sint16 big-endian',
  'sint32 big-endian',
  'sint64 big-endian',
  'reserved',
  'sint16 little-endian',
  'sint32 little-endian',
  'sint64 little-endian',
  'float16 big-endian',
  'float32 big-endian',
  'float64 big-endian',
  'float128 big-endian',
  'float16 little-endian',
  'float32 little-endian',
  'float64 little-endian',
  'float128 little-endian',
];

/** `tag 1 (epoch date)`, `tag 64 (uint8 array)`, `tag 57345 (cbor-x record 1)`. */
function tagLabel(tag: number): string {
  let name = TAG_NAMES[tag];
  if (name === undefined && tag >= 64 && tag <= 87) name = `${TYPED_ARRAYS[tag - 64]} array`;
  if (name === undefined && tag >= 0xe000 && tag <= 0xffff) name = `cbor-x record ${tag - 0xe000}`;
  return name === undefined ? `tag ${tag}` : `tag ${tag} (${name})`;
}
