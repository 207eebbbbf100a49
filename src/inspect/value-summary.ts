/**
 * One value in a few words, for a row of the inspector's tree: its type as the consuming code
 * meets it (the constructor's name for class instances, Long, Buffer, Map) and a short preview.
 * Never throws: decoded objects can have getters that do.
 */
import { prototypeName } from '../analysis/prototypes';
import { kindName, shapeOf } from '../analysis/values';
import type { ValueSummary } from '../shared/inspector';

const PREVIEW_CHARS = 120;
const TYPED_ARRAY_PREVIEW_ITEMS = 8;

function clip(text: string): string {
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text;
}

function count(n: number, noun: string): string {
  return `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
}

function safely<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

/** The type a row shows: `object` and `array` for plain ones, else what the prototype is. */
function objectType(value: object, plainPrototype: object): string {
  const prototype = Object.getPrototypeOf(value) as object | null;
  if (prototype === plainPrototype) return Array.isArray(value) ? 'array' : 'object';
  if (prototype === null) return 'object (null prototype)';
  return safely(() => prototypeName(prototype), 'object');
}

export function summarize(value: unknown): ValueSummary {
  const shape = shapeOf(value);
  switch (shape) {
    case 'undefined':
      return { type: 'undefined', preview: 'undefined', size: 0 };
    case 'null':
      return { type: 'null', preview: 'null', size: 0 };
    case 'boolean':
      return { type: 'boolean', preview: String(value), size: 0 };
    case 'number':
      return { type: 'number', preview: Object.is(value, -0) ? '-0' : String(value), size: 0 };
    case 'string':
      return { type: 'string', preview: clip(JSON.stringify(value)), size: 0 };
    case 'bigint':
      return { type: 'BigInt', preview: `${String(value)}n`, size: 0 };
    case 'long':
      return { type: 'Long', preview: `Long ${safely(() => String(value), '?')}`, size: 0 };
    case 'date':
      return { type: 'Date', preview: safely(() => (value as Date).toISOString(), 'Invalid Date'), size: 0 };
    case 'typed-array': {
      const list = value as ArrayLike<number>;
      const head = Array.from({ length: Math.min(list.length, TYPED_ARRAY_PREVIEW_ITEMS) }, (_, i) => String(list[i]));
      const more = list.length > TYPED_ARRAY_PREVIEW_ITEMS ? ', …' : '';
      return { type: kindName(value), preview: `${kindName(value)}(${list.length}) [${head.join(', ')}${more}]`, size: list.length };
    }
    case 'map': {
      const size = (value as Map<unknown, unknown>).size;
      return { type: 'Map', preview: `Map(${size.toLocaleString('en-US')} ${size === 1 ? 'entry' : 'entries'})`, size };
    }
    case 'array': {
      const length = (value as unknown[]).length;
      return { type: objectType(value as object, Array.prototype), preview: `[${count(length, 'item')}]`, size: length };
    }
    case 'record': {
      const keys = safely(() => Object.keys(value as object).length, 0);
      return { type: objectType(value as object, Object.prototype), preview: `{${count(keys, 'key')}}`, size: keys };
    }
    case 'other': {
      if (typeof value === 'function') return { type: 'function', preview: `ƒ ${value.name || 'anonymous'}()`, size: 0 };
      if (typeof value === 'symbol') return { type: 'symbol', preview: value.toString(), size: 0 };
      // Sets, ArrayBuffers, boxed primitives: shown, not opened (JSON has nothing like them).
      return { type: kindName(value), preview: clip(safely(() => String(value), kindName(value))), size: 0 };
    }
  }
}
