/** MessagePack with @msgpack/msgpack, the format's reference implementation for JavaScript. */
import { decode, encode } from '@msgpack/msgpack';
import { msgpackInterop } from './interop';
import { selfDescribingCodec } from './self-describing';

/** @msgpack/msgpack's default Encoder maxDepth: deeper values throw "Too deep objects in depth 101". */
const MAX_DEPTH = 100;

/** Whether a value sits deeper than `limit`, counted as the Encoder does: the root is at 1, each value inside a container one more. */
function deeperThan(root: unknown, limit: number): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value: root, depth: 1 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (depth > limit) return true;
    if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) continue;
    for (const child of Array.isArray(value) ? value : Object.values(value)) stack.push({ value: child, depth: depth + 1 });
  }
  return false;
}

export const prepare = selfDescribingCodec({
  // encode returns a view of exactly the written bytes.
  encode: (value) => encode(value),
  decode: (bytes) => decode(bytes),
  notes: () => [{ code: 'module-defaults', calls: 'encode/decode' }],
  layout: { kind: 'msgpack' },
  interop: msgpackInterop,
  refuses: (sample) =>
    deeperThan(sample, MAX_DEPTH)
      ? `@msgpack/msgpack's encode stops at ${MAX_DEPTH} levels of nesting (its Encoder's maxDepth, which the module-level encode keeps at the default) and this sample nests deeper: new Encoder({ maxDepth }) takes more`
      : undefined,
});

/** Each record of a stream encoded as its own message (PrepareContext.messages). */
export const messageMode = true;
