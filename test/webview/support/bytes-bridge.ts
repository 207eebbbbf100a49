/**
 * Typed arrays across the test's bridge to the page (page.evaluate and page.exposeFunction
 * carry JSON, where VS Code's webview messaging carries bytes): `{ __bytes: [...] }` on the
 * wire, unpacked and packed by the stand-in (vscode-stand-in.js) on the page's side.
 */
type Mapper = (value: unknown) => unknown;

function mapValues(value: unknown, map: Mapper): unknown {
  if (Array.isArray(value)) return value.map(map);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, map(entry)]));
  return value;
}

export function packBytes(value: unknown): unknown {
  return ArrayBuffer.isView(value) ? { __bytes: Array.from(new Uint8Array(value.buffer, value.byteOffset, value.byteLength)) } : mapValues(value, packBytes);
}

export function unpackBytes(value: unknown): unknown {
  const packed = value !== null && typeof value === 'object' ? (value as { __bytes?: unknown }).__bytes : undefined;
  return Array.isArray(packed) ? new Uint8Array(packed as number[]) : mapValues(value, unpackBytes);
}
