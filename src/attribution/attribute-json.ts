/**
 * JSON text's bytes by what they carry: a key's quoted text is keys, a string value's quoted
 * text strings, number literals numbers, true/false/null other, and everything else (braces,
 * brackets, commas, colons, whitespace) structure. One pass over the bytes; strings are skipped
 * to their closing quote (escapes included), so no value is built.
 */
import type { ByteAttribution } from '../shared/results';
import { emptyAttribution, UnattributableError } from './attribution-totals';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const COMMA = 0x2c;

export function attributeJson(bytes: Uint8Array): ByteAttribution {
  const totals = emptyAttribution();
  const size = bytes.length;
  /** For each open container: whether it is an object (the next string in it may be a key). */
  const objects: boolean[] = [];
  /** The last structural byte: a string after `{` or `,` inside an object is a key. */
  let last = 0;
  let pos = 0;
  while (pos < size) {
    const byte = bytes[pos]!;
    if (byte === QUOTE) {
      let end = pos + 1;
      while (end < size && bytes[end] !== QUOTE) end += bytes[end] === BACKSLASH ? 2 : 1;
      if (end >= size) throw new UnattributableError(`unterminated string at byte ${pos}`);
      end++;
      const isKey = objects.at(-1) === true && (last === OPEN_BRACE || last === COMMA);
      totals[isKey ? 'keys' : 'strings'] += end - pos;
      last = QUOTE;
      pos = end;
      continue;
    }
    if (byte === 0x2d || (byte >= 0x30 && byte <= 0x39)) {
      let end = pos + 1;
      while (end < size && isNumberByte(bytes[end]!)) end++;
      totals.numbers += end - pos;
      last = 0x30;
      pos = end;
      continue;
    }
    if (byte === 0x74 || byte === 0x66 || byte === 0x6e) {
      // true, false, null
      const length = byte === 0x66 ? 5 : 4;
      totals.other += length;
      last = byte;
      pos += length;
      continue;
    }
    if (byte === OPEN_BRACE) objects.push(true);
    else if (byte === 0x5b) objects.push(false);
    else if (byte === 0x7d || byte === 0x5d) objects.pop();
    else if (byte !== COMMA && byte !== COLON && byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09) {
      throw new UnattributableError(`unexpected byte 0x${byte.toString(16)} at ${pos}`);
    }
    totals.structure += 1;
    if (byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09) last = byte;
    pos++;
  }
  if (pos !== size) throw new UnattributableError('a literal runs past the end');
  if (objects.length > 0) throw new UnattributableError(`${objects.length} containers left open at the end`);
  return totals;
}

/** Digits, sign, decimal point and exponent. */
function isNumberByte(byte: number): boolean {
  return (byte >= 0x30 && byte <= 0x39) || byte === 0x2e || byte === 0x65 || byte === 0x45 || byte === 0x2b || byte === 0x2d;
}
