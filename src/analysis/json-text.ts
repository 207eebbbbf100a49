/**
 * A JSON value's minified text, and its UTF-8 size, at any depth. `JSON.stringify` recurses
 * in V8 and throws "Maximum call stack size exceeded" past a few thousand levels (a worker's
 * stack: about 10,000 nested arrays; a file of 50,000 is 100 KB of valid JSON). It is tried
 * first, being exact and fast; only a value too deep for it is written by the walk below, with
 * an explicit stack. The walk covers what JSON.parse builds (plain objects, arrays, strings,
 * finite numbers, booleans, null) and JSON.stringify's rules for the rest: undefined, functions
 * and symbols are left out of objects and written as null in arrays, non-finite numbers as null.
 * It does not call toJSON (a parsed sample has none).
 */

type Frame = { kind: 'array'; items: readonly unknown[]; next: number } | { kind: 'object'; entries: Array<[string, unknown]>; next: number };

/** What JSON.stringify would return for `value` (undefined where it would). */
export function jsonText(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (!isStackOverflow(error)) throw error;
  }
  return deepJsonText(value);
}

export function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}

const skipped = (value: unknown) => value === undefined || typeof value === 'function' || typeof value === 'symbol';

/** A leaf's text, or undefined for a container (and for what JSON leaves out). */
function leafText(value: unknown): string | undefined {
  if (value === null) return 'null';
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : 'null';
  if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'bigint') return JSON.stringify(value); // throws the TypeError JSON.stringify throws
  return undefined;
}

function deepJsonText(root: unknown): string | undefined {
  if (skipped(root)) return undefined;
  const parts: string[] = [];
  const stack: Frame[] = [];
  const open = (value: unknown): void => {
    const leaf = leafText(value);
    if (leaf !== undefined) {
      parts.push(leaf);
      return;
    }
    if (Array.isArray(value)) {
      parts.push('[');
      stack.push({ kind: 'array', items: value, next: 0 });
    } else {
      parts.push('{');
      stack.push({ kind: 'object', entries: Object.entries(value as object).filter(([, item]) => !skipped(item)), next: 0 });
    }
  };
  open(root);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.kind === 'array') {
      if (frame.next >= frame.items.length) {
        parts.push(']');
        stack.pop();
        continue;
      }
      if (frame.next > 0) parts.push(',');
      const item = frame.items[frame.next++];
      if (skipped(item)) parts.push('null');
      else open(item);
      continue;
    }
    if (frame.next >= frame.entries.length) {
      parts.push('}');
      stack.pop();
      continue;
    }
    if (frame.next > 0) parts.push(',');
    const [key, item] = frame.entries[frame.next++]!;
    parts.push(JSON.stringify(key), ':');
    open(item);
  }
  return parts.join('');
}
