/** Byte attribution in words, the same in the CLI (`--bytes`), the panel and the exports. */
import { formatBytes, formatPercent } from './format';
import { BYTE_CATEGORIES, type ByteAttribution, type ByteCategory } from './results';

export const BYTE_CATEGORY_LABELS: Record<ByteCategory, string> = {
  keys: 'keys & tags',
  strings: 'strings',
  numbers: 'numbers',
  other: 'other values',
  structure: 'structure',
};

export const BYTE_CATEGORY_MEANINGS: Record<ByteCategory, string> = {
  keys: 'map keys, field tags and BSON element names',
  strings: "string values' text",
  numbers: 'integers and floats',
  other: 'booleans, nulls, binary, enums',
  structure: 'type bytes, lengths, counts, framing and punctuation',
};

/** Each category with bytes, largest first: `strings 524,814 B (60%)`. */
export function attributionParts(parts: ByteAttribution): { category: ByteCategory; bytes: number; share: number; text: string }[] {
  const total = BYTE_CATEGORIES.reduce((sum, category) => sum + parts[category], 0);
  return BYTE_CATEGORIES.filter((category) => parts[category] > 0)
    .map((category) => ({ category, bytes: parts[category], share: total > 0 ? parts[category] / total : 0 }))
    .sort((a, b) => b.bytes - a.bytes)
    .map((part) => ({ ...part, text: `${BYTE_CATEGORY_LABELS[part.category]} ${formatBytes(part.bytes)} (${formatPercent(part.share)})` }));
}

export function describeAttribution(parts: ByteAttribution): string {
  return attributionParts(parts)
    .map((part) => part.text)
    .join(' · ');
}
