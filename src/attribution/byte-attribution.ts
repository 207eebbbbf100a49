/**
 * Where a codec's encoded bytes go: keys, string values, numbers, other values, structure.
 * protobuf is read through the inspector's own byte annotators, a page at a time; JSON, BSON,
 * Avro, MessagePack and CBOR have walkers of their own (attribute-*.ts). Each byte is given
 * exactly one category, and a byte no range claims is structure, so the categories add up to
 * the encoded size by construction. Bytes a walker cannot follow give no attribution at all,
 * rather than a wrong one.
 */
import type { EncodingLayout } from '../codecs/codec';
import type { ByteAnnotation } from '../shared/inspector';
import { BYTE_CATEGORIES, type ByteAttribution, type ByteCategory } from '../shared/results';
import { annotateEncoding } from './annotate-encoding';
import { attributeAvro } from './attribute-avro';
import { attributeBson } from './attribute-bson';
import { attributeJson } from './attribute-json';
import { attributeCborBytes, attributeMsgpackBytes } from './attribute-self-describing';
import { emptyAttribution, UnattributableError } from './attribution-totals';

/** Bytes walked per annotator page: bounds the memory of the ranges a page holds. */
const PAGE_BYTES = 256 * 1024;
/**
 * The annotators name a path and a label for every item: about a second per MB of MessagePack
 * or protobuf on a loaded machine. Past this size a protobuf encoding (and MessagePack or CBOR
 * the one-pass count cannot follow) gets no attribution, so a quick run of a large file stays
 * quick (JSON, BSON, Avro, MessagePack and CBOR are counted fast and have no limit).
 */
export const ANNOTATED_ATTRIBUTION_LIMIT = 2 * 1024 * 1024;
/** More ranges than bytes cannot happen in a page; the limit only guards against a bug. */
const PAGE_RANGES = PAGE_BYTES + 1;

/** The attribution of `bytes`, or undefined for a format without a walker or bytes it cannot follow. */
export function attributeBytes(layout: EncodingLayout | undefined, bytes: Uint8Array): ByteAttribution | undefined {
  try {
    switch (layout?.kind) {
      case 'msgpack':
      case 'cbor':
        return countedOrAnnotated(layout, bytes);
      case 'protobuf':
        return bytes.length <= ANNOTATED_ATTRIBUTION_LIMIT ? attributeAnnotated(layout, bytes) : undefined;
      case 'json':
        return attributeJson(bytes);
      case 'bson':
        return attributeBson(bytes);
      case 'avro':
        return attributeAvro(layout.type, bytes);
      default:
        return undefined;
    }
  } catch (error) {
    if (error instanceof UnattributableError) return undefined;
    throw error;
  }
}

/**
 * MessagePack and CBOR counted in one pass (attribute-self-describing.ts), at any size; what that
 * pass does not follow goes through the annotators, within their size limit.
 */
function countedOrAnnotated(layout: EncodingLayout & { kind: 'msgpack' | 'cbor' }, bytes: Uint8Array): ByteAttribution | undefined {
  try {
    return layout.kind === 'msgpack' ? attributeMsgpackBytes(bytes) : attributeCborBytes(bytes);
  } catch (error) {
    if (!(error instanceof UnattributableError)) throw error;
    return bytes.length <= ANNOTATED_ATTRIBUTION_LIMIT ? attributeAnnotated(layout, bytes) : undefined;
  }
}

const CATEGORY_CODE: Record<ByteCategory, number> = { structure: 0, keys: 1, strings: 2, numbers: 3, other: 4 };

/** Through the annotators: each byte takes the category of the range covering it, structure if none. */
export function attributeAnnotated(layout: EncodingLayout, bytes: Uint8Array): ByteAttribution {
  const totals = emptyAttribution();
  const marks = new Uint8Array(PAGE_BYTES);
  for (let start = 0; start < bytes.length; start += PAGE_BYTES) {
    const end = Math.min(bytes.length, start + PAGE_BYTES);
    const page = annotateEncoding(layout, bytes, { start, end }, PAGE_RANGES);
    if (page.error !== undefined || page.truncated) throw new UnattributableError(page.error ?? 'too many ranges');
    marks.fill(0, 0, end - start);
    for (const annotation of page.annotations) {
      marks.fill(CATEGORY_CODE[categoryOf(annotation)], Math.max(annotation.start, start) - start, Math.min(annotation.end, end) - start);
    }
    const counts = [0, 0, 0, 0, 0];
    for (let i = 0; i < end - start; i++) counts[marks[i]!]!++;
    for (const category of BYTE_CATEGORIES) totals[category] += counts[CATEGORY_CODE[category]]!;
  }
  return totals;
}

/**
 * A range's category from its role and label. Value labels are the annotators' own: a string's
 * text in quotes, bytes as h'…', a number after its type name (`uint16 300`, `float64 1.5`,
 * `enum Kind 2 (B)`), booleans and nulls as words.
 */
export function categoryOf(annotation: ByteAnnotation): ByteCategory {
  if (annotation.role === 'key') return 'keys';
  if (annotation.role === 'header') return 'structure';
  const label = annotation.label;
  if (label.startsWith('"')) return 'strings';
  if (label.startsWith('enum ') || label.startsWith("h'")) return 'other';
  if (/^\S+ [-+]?(\d|NaN|Infinity)/.test(label)) return 'numbers';
  return 'other';
}
