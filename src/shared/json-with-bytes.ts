/**
 * JSON that keeps typed arrays: a Uint8Array (any ArrayBuffer view) crosses as
 * `{"$bytes": "<base64>"}` and comes back a Uint8Array. For channel messages over HTTP (the CLI's
 * headless page), where structured clone is not available. Plain code: runs in Node and in a page.
 */
const BYTES_KEY = '$bytes';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DECODE = new Uint8Array(128);
for (let index = 0; index < ALPHABET.length; index++) DECODE[ALPHABET.charCodeAt(index)] = index;

export function toBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  // Chunks keep each string join small; 3 bytes make 4 characters.
  for (let start = 0; start < bytes.length; start += 3 * 8192) {
    const end = Math.min(bytes.length, start + 3 * 8192);
    let chunk = '';
    for (let at = start; at < end; at += 3) {
      const a = bytes[at]!;
      const b = at + 1 < end ? bytes[at + 1]! : 0;
      const c = at + 2 < end ? bytes[at + 2]! : 0;
      chunk +=
        ALPHABET[a >> 2]! +
        ALPHABET[((a & 3) << 4) | (b >> 4)]! +
        (at + 1 < end ? ALPHABET[((b & 15) << 2) | (c >> 6)]! : '=') +
        (at + 2 < end ? ALPHABET[c & 63]! : '=');
    }
    parts.push(chunk);
  }
  return parts.join('');
}

export function fromBase64(text: string): Uint8Array {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const bytes = new Uint8Array((text.length / 4) * 3 - padding);
  let out = 0;
  for (let at = 0; at < text.length; at += 4) {
    const n =
      (DECODE[text.charCodeAt(at)]! << 18) |
      (DECODE[text.charCodeAt(at + 1)]! << 12) |
      (DECODE[text.charCodeAt(at + 2)]! << 6) |
      DECODE[text.charCodeAt(at + 3)]!;
    if (out < bytes.length) bytes[out++] = n >> 16;
    if (out < bytes.length) bytes[out++] = (n >> 8) & 255;
    if (out < bytes.length) bytes[out++] = n & 255;
  }
  return bytes;
}

export function stringifyWithBytes(value: unknown): string {
  // The holder's own value, not `item`: a Node Buffer has already become {type, data} by toJSON.
  return JSON.stringify(value, function (this: Record<string, unknown>, key: string, item: unknown) {
    const original = this[key];
    return ArrayBuffer.isView(original) ? { [BYTES_KEY]: toBase64(new Uint8Array(original.buffer, original.byteOffset, original.byteLength)) } : item;
  });
}

export function parseWithBytes(text: string): unknown {
  return JSON.parse(text, (_key, item: unknown) => {
    if (typeof item !== 'object' || item === null) return item;
    const encoded = (item as Record<string, unknown>)[BYTES_KEY];
    return typeof encoded === 'string' && Object.keys(item).length === 1 ? fromBase64(encoded) : item;
  });
}
