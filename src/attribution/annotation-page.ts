/**
 * What the byte annotators return, and the pieces they share: the window filter with its limit,
 * and labels. Pure functions over bytes (no Node, no vscode): they run in the inspection worker.
 */
import type { ByteAnnotation } from '../shared/inspector';

export interface AnnotationPage {
  /** Ranges overlapping the window, in byte order. */
  annotations: ByteAnnotation[];
  /** More ranges overlap the window than the limit allowed. */
  truncated: boolean;
  /** The bytes are not what the format allows (`truncated at byte N: …`); ranges before it stand. */
  error?: string;
}

/** Bytes `[start, end)` of the encoding. */
export interface ByteWindow {
  start: number;
  end: number;
}

/**
 * Collects the ranges that overlap the window, up to the limit. Walkers check the window
 * (`overlaps`, or `start`/`end` in their hot loops) before building a path or a label, so
 * nothing is formatted for the bytes outside it.
 */
export class AnnotationSink {
  readonly annotations: ByteAnnotation[] = [];
  readonly start: number;
  readonly end: number;
  truncated = false;

  constructor(
    window: ByteWindow,
    private readonly limit: number,
  ) {
    const start = Math.max(0, window.start);
    const empty = !(window.end > start);
    // An empty window overlaps nothing: [0, 0) stops the walk before its first byte.
    this.start = empty ? 0 : start;
    this.end = empty ? 0 : window.end;
  }

  overlaps(start: number, end: number): boolean {
    return end > this.start && start < this.end && start < end;
  }

  /** Whether the walk can stop: past the window, or the page is full. */
  isDoneAt(position: number): boolean {
    return this.truncated || position >= this.end;
  }

  add(start: number, end: number, path: string, role: ByteAnnotation['role'], label: string): void {
    if (this.annotations.length >= this.limit) {
      this.truncated = true;
      return;
    }
    this.annotations.push({ start, end, path, role, label });
  }

  page(error?: string): AnnotationPage {
    const page: AnnotationPage = { annotations: this.annotations, truncated: this.truncated };
    if (error !== undefined) page.error = error;
    return page;
  }
}

const utf8 = new TextDecoder();
const PREVIEW_BYTES = 48;

export function decodeUtf8(bytes: Uint8Array, start: number, end: number): string {
  return utf8.decode(bytes.subarray(start, end));
}

/** `"héllo"`, cut at a character boundary with `…` when longer than a label should be. */
export function textPreview(bytes: Uint8Array, start: number, end: number): string {
  if (end - start <= PREVIEW_BYTES) return JSON.stringify(decodeUtf8(bytes, start, end));
  let cut = start + PREVIEW_BYTES;
  while (cut > start && (bytes[cut]! & 0xc0) === 0x80) cut--;
  return `${JSON.stringify(decodeUtf8(bytes, start, cut))}…`;
}

/** `h'0a1b'`, as CBOR's diagnostic notation writes bytes (cut with `…` past a few). */
export function hexPreview(bytes: Uint8Array, start: number, end: number, max = 16): string {
  let text = '';
  for (let i = start; i < Math.min(end, start + max); i++) text += bytes[i]!.toString(16).padStart(2, '0');
  return `h'${text}${end - start > max ? '…' : ''}'`;
}

export function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

/** An IEEE 754 half-precision float (CBOR's major type 7, additional info 25). */
export function halfToNumber(half: number): number {
  const exponent = (half >> 10) & 0x1f;
  const fraction = half & 0x3ff;
  const sign = half & 0x8000 ? -1 : 1;
  if (exponent === 0) return sign * fraction * 2 ** -24;
  if (exponent === 0x1f) return fraction === 0 ? sign * Infinity : NaN;
  return sign * (1024 + fraction) * 2 ** (exponent - 25);
}

/** `truncated at byte N: string at byte 12 needs 40 bytes, 3 left`. */
export function truncatedAt(end: number, what: string, start: number, needed: number, available: number): string {
  return `truncated at byte ${end}: ${what} at byte ${start} needs ${count(needed, 'byte')}, ${Math.max(0, available)} left`;
}

/** A 64-bit integer as a path segment: a number while it is exact, else its digits. */
export function integerSegment(value: bigint | number): number | string {
  if (typeof value === 'number') return value;
  return value >= -BigInt(Number.MAX_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value.toString();
}
