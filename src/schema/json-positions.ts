/**
 * Parses JSON text that `JSON.parse` already accepted, remembering where each value starts.
 * avsc reports schema errors by value (`undefined type name: Foo`, the offending JSON), not by
 * position, so finding the value in this index is how an error gets a line and a column.
 * Objects and arrays are indexed by identity: avsc's `typeHook` hands back the same objects.
 */

export interface JsonNode {
  /** The parsed value: for objects and arrays, the very object in `root`. */
  value: unknown;
  /** UTF-16 offset of the value's first character. */
  offset: number;
  /** The property this value is held under (undefined for array items and the root). */
  key?: string;
}

export interface PositionedJson {
  root: unknown;
  /** Every value in document order. */
  nodes: JsonNode[];
  /** Object and array nodes by identity. */
  containers: Map<object, JsonNode>;
}

/** Schemas nest a few levels; this only keeps a hostile file from exhausting the stack. */
const MAX_DEPTH = 500;

export function parseWithPositions(text: string): PositionedJson {
  const nodes: JsonNode[] = [];
  const containers = new Map<object, JsonNode>();
  let i = 0;

  const skipWhitespace = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };

  const parseValue = (key: string | undefined, depth: number): unknown => {
    if (depth > MAX_DEPTH) throw new Error(`the JSON nests deeper than ${MAX_DEPTH} levels`);
    skipWhitespace();
    const node: JsonNode = { value: undefined, offset: i, ...(key === undefined ? {} : { key }) };
    nodes.push(node);
    const c = text[i];
    if (c === '{') {
      const object: Record<string, unknown> = {};
      node.value = object;
      containers.set(object, node);
      i++;
      skipWhitespace();
      if (text[i] === '}') {
        i++;
        return object;
      }
      for (;;) {
        skipWhitespace();
        const name = parseString();
        skipWhitespace();
        i++; // ':'
        const value = parseValue(name, depth + 1);
        Object.defineProperty(object, name, { value, enumerable: true, writable: true, configurable: true });
        skipWhitespace();
        if (text[i++] === '}') return object;
      }
    }
    if (c === '[') {
      const array: unknown[] = [];
      node.value = array;
      containers.set(array, node);
      i++;
      skipWhitespace();
      if (text[i] === ']') {
        i++;
        return array;
      }
      for (;;) {
        array.push(parseValue(undefined, depth + 1));
        skipWhitespace();
        if (text[i++] === ']') return array;
      }
    }
    if (c === '"') return (node.value = parseString());
    const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(i, i + 400));
    if (!literal) throw new Error(`not JSON at offset ${i}`);
    i += literal[0].length;
    return (node.value = JSON.parse(literal[0]) as unknown);
  };

  const parseString = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };

  const root = parseValue(undefined, 0);
  return { root, nodes, containers };
}
