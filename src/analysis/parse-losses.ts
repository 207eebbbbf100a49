/**
 * Integers that JSON.parse already rounded: an int64 id such as 9007199254740993 in the file
 * becomes 9007199254740992 before any codec sees it, so no round trip can notice. Only the
 * file's text can: this scans its number tokens, keeping the JSON path of each.
 *
 * The scan reads bytes, not decoded text (JSON's structural characters are ASCII, and UTF-8
 * never puts an ASCII byte inside a multi-byte character); keys are decoded only for the paths
 * of findings. It runs only when the file holds an integer run of 16 digits, the fewest one
 * above 2^53 needs, so ordinary samples pay one pass over their bytes.
 */
import type { PathSegment } from './json-path';

export interface RoundedInteger {
  path: PathSegment[];
  /** The integer as written in the file. */
  literal: string;
  /** What JSON.parse made of it. */
  parsed: number;
}

export interface ParseLosses {
  /** The first findings, in file order. */
  found: RoundedInteger[];
  /** All findings, listed or not. */
  total: number;
}

export const DEFAULT_MAX_PARSE_LOSSES = 100;

const DOT = 0x2e;

/**
 * Whether the bytes hold 16 digits in a row outside a fraction (doubles such as 0.1234567890123456
 * are common and irrelevant); a byte loop, with no string made of the file.
 */
function hasLongIntegerRun(bytes: Uint8Array): boolean {
  let run = 0;
  let fraction = false;
  for (let at = 0; at < bytes.length; at++) {
    const byte = bytes[at]!;
    if (byte >= 0x30 && byte <= 0x39) {
      if (run === 0) fraction = at > 0 && bytes[at - 1] === DOT;
      if (++run === 16 && !fraction) return true;
    } else {
      run = 0;
    }
  }
  return false;
}

interface Frame {
  isObject: boolean;
  index: number;
  /** Byte range of the current key, quotes included; decoded when a finding needs it. */
  keyStart: number;
  keyEnd: number;
  expectingKey: boolean;
}

const utf8 = new TextDecoder();

/**
 * The bytes as text of one char per byte. Node's latin1 decoding is the fast path; a browser
 * worker (no Buffer) uses windows-1252, which is also one char per byte and agrees on ASCII,
 * the only codes the scan compares.
 */
function oneCharPerByte(bytes: Uint8Array): string {
  const nodeBuffer = (globalThis as { Buffer?: typeof Buffer }).Buffer;
  if (nodeBuffer) return nodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return new TextDecoder('windows-1252').decode(bytes);
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

function isNumberByte(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || code === 0x2d || code === 0x2b || code === 0x2e || code === 0x45 || code === 0x65;
}

/**
 * `kind: 'jsonl'` reads one document per line, each a record of a root array (as the sample
 * reader builds it). The text is assumed valid: it has already been parsed.
 */
export function findParseLosses(bytes: Uint8Array, kind: 'json' | 'jsonl', maxFound = DEFAULT_MAX_PARSE_LOSSES): ParseLosses {
  const result: ParseLosses = { found: [], total: 0 };
  if (!hasLongIntegerRun(bytes)) return result;
  const text = oneCharPerByte(bytes); // indexes are byte offsets

  const stack: Frame[] = [];
  let record = 0;
  const key = (frame: Frame): string => JSON.parse(utf8.decode(bytes.subarray(frame.keyStart, frame.keyEnd))) as string;
  const pathHere = (): PathSegment[] => {
    const path: PathSegment[] = kind === 'jsonl' ? [record] : [];
    for (const frame of stack) path.push(frame.isObject ? key(frame) : frame.index);
    return path;
  };
  const valueDone = () => {
    if (stack.length === 0) record++;
  };

  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    switch (code) {
      case 0x7b: // {
        stack.push({ isObject: true, index: 0, keyStart: 0, keyEnd: 0, expectingKey: true });
        continue;
      case 0x5b: // [
        stack.push({ isObject: false, index: 0, keyStart: 0, keyEnd: 0, expectingKey: false });
        continue;
      case 0x7d: // }
      case 0x5d: // ]
        stack.pop();
        valueDone();
        continue;
      case 0x2c: {
        // ,
        const top = stack[stack.length - 1];
        if (top?.isObject) top.expectingKey = true;
        else if (top) top.index++;
        continue;
      }
      case 0x3a: // :
        stack[stack.length - 1]!.expectingKey = false;
        continue;
      case QUOTE: {
        const start = at;
        for (at++; at < text.length && text.charCodeAt(at) !== QUOTE; at++) if (text.charCodeAt(at) === BACKSLASH) at++;
        const top = stack[stack.length - 1];
        if (top?.isObject && top.expectingKey) {
          top.keyStart = start;
          top.keyEnd = at + 1;
        } else {
          valueDone();
        }
        continue;
      }
      default:
        break;
    }
    if (code === 0x2d || (code >= 0x30 && code <= 0x39)) {
      const start = at;
      while (at + 1 < text.length && isNumberByte(text.charCodeAt(at + 1))) at++;
      const literal = text.slice(start, at + 1);
      // Integers only: 9.007199254740993e15 was written as a float and read as one.
      if (literal.length >= 16 && /^-?[0-9]+$/.test(literal)) {
        const parsed = Number(literal);
        if (BigInt(literal) !== BigInt(parsed)) {
          result.total++;
          if (result.found.length < maxFound) result.found.push({ path: pathHere(), literal, parsed });
        }
      }
      valueDone();
    } else if (code === 0x74 || code === 0x66 || code === 0x6e) {
      // true, false, null
      while (at + 1 < text.length && text.charCodeAt(at + 1) >= 0x61 && text.charCodeAt(at + 1) <= 0x7a) at++;
      valueDone();
    }
  }
  return result;
}
