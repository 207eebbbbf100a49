/**
 * BSON's bytes by what they carry, read from its element headers: each element is a type byte
 * (structure), its name as a C string (keys: in an array the names are the indexes "0", "1", …,
 * which BSON spells out too), then its value. Documents and strings carry int32 lengths and NUL
 * terminators (structure).
 */
import type { ByteAttribution } from '../shared/results';
import { emptyAttribution, UnattributableError } from './attribution-totals';

/** Fixed value sizes by element type, and what they carry. */
const FIXED: Record<number, { bytes: number; category: 'numbers' | 'other' }> = {
  0x01: { bytes: 8, category: 'numbers' }, // double
  0x07: { bytes: 12, category: 'other' }, // ObjectId
  0x08: { bytes: 1, category: 'other' }, // boolean
  0x09: { bytes: 8, category: 'numbers' }, // UTC datetime
  0x0a: { bytes: 0, category: 'other' }, // null
  0x06: { bytes: 0, category: 'other' }, // undefined (deprecated)
  0x10: { bytes: 4, category: 'numbers' }, // int32
  0x11: { bytes: 8, category: 'numbers' }, // timestamp
  0x12: { bytes: 8, category: 'numbers' }, // int64
  0x13: { bytes: 16, category: 'numbers' }, // decimal128
  0x7f: { bytes: 0, category: 'other' }, // max key
  0xff: { bytes: 0, category: 'other' }, // min key
};

export function attributeBson(bytes: Uint8Array): ByteAttribution {
  const totals = emptyAttribution();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = walkDocument(bytes, view, 0, totals);
  if (end !== bytes.length) throw new UnattributableError(`${bytes.length - end} bytes after the document`);
  return totals;
}

function int32(view: DataView, pos: number): number {
  if (pos + 4 > view.byteLength) throw new UnattributableError(`truncated at byte ${pos}`);
  return view.getInt32(pos, true);
}

/** The end of a C string starting at `pos`, its NUL included. */
function cstringEnd(bytes: Uint8Array, pos: number): number {
  const nul = bytes.indexOf(0, pos);
  if (nul < 0) throw new UnattributableError(`unterminated name at byte ${pos}`);
  return nul + 1;
}

/** Walks a document (or array) at `pos`; returns the position after it. */
function walkDocument(bytes: Uint8Array, view: DataView, pos: number, totals: ByteAttribution): number {
  const end = pos + int32(view, pos);
  if (end > bytes.length || end < pos + 5) throw new UnattributableError(`a document at byte ${pos} runs past the end`);
  totals.structure += 4 + 1; // its length and its terminating NUL
  pos += 4;
  while (pos < end - 1) {
    const type = bytes[pos]!;
    totals.structure += 1;
    const nameEnd = cstringEnd(bytes, pos + 1);
    totals.keys += nameEnd - (pos + 1);
    pos = walkValue(bytes, view, type, nameEnd, totals);
  }
  if (pos !== end - 1 || bytes[pos] !== 0) throw new UnattributableError(`a document ending at byte ${end} is malformed`);
  return end;
}

function walkValue(bytes: Uint8Array, view: DataView, type: number, pos: number, totals: ByteAttribution): number {
  const fixed = FIXED[type];
  if (fixed) {
    totals[fixed.category] += fixed.bytes;
    return pos + fixed.bytes;
  }
  switch (type) {
    case 0x02: // string: int32 length, UTF-8, NUL
    case 0x0d: // JavaScript code
    case 0x0e: {
      // symbol
      const length = int32(view, pos);
      totals.structure += 4 + 1;
      totals[type === 0x02 ? 'strings' : 'other'] += length - 1;
      return pos + 4 + length;
    }
    case 0x03: // document
    case 0x04: // array
      return walkDocument(bytes, view, pos, totals);
    case 0x05: {
      // binary: int32 length, subtype, bytes
      const length = int32(view, pos);
      totals.structure += 5;
      totals.other += length;
      return pos + 5 + length;
    }
    case 0x0b: {
      // regular expression: two C strings
      const end = cstringEnd(bytes, cstringEnd(bytes, pos));
      totals.other += end - pos;
      return end;
    }
    default:
      throw new UnattributableError(`element type 0x${type.toString(16)} at byte ${pos}`);
  }
}
