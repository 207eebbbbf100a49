/**
 * Finds where JSON text first goes wrong. V8's `JSON.parse` messages give a position for some
 * errors and none for others ("Unexpected token '}', ... is not valid JSON"), so on the error
 * path we re-scan the text with a small validating scanner. Iterative: any nesting depth.
 */

export interface JsonSyntaxProblem {
  /** UTF-16 offset into the text. */
  offset: number;
  reason: string;
}

const WHITESPACE = new Set([0x20, 0x0a, 0x0d, 0x09]);

export function locateJsonError(text: string): JsonSyntaxProblem | undefined {
  let i = 0;
  // What the scanner expects next; containers push their closing state.
  const stack: Array<'object' | 'array'> = [];
  type Expect = 'value' | 'key-or-close' | 'key' | 'colon' | 'comma-or-close' | 'value-or-close' | 'end';
  let expect: Expect = 'value';

  const skipWhitespace = () => {
    while (i < text.length && WHITESPACE.has(text.charCodeAt(i))) i++;
  };
  const problem = (reason: string, at = i): JsonSyntaxProblem => ({ offset: at, reason });
  const describe = (at: number) => (at >= text.length ? 'end of input' : `'${text[at]}'`);

  const afterValue = (): Expect => (stack.length === 0 ? 'end' : 'comma-or-close');

  for (;;) {
    skipWhitespace();
    if (expect === 'end') return i < text.length ? problem(`unexpected ${describe(i)} after the JSON value`) : undefined;
    if (i >= text.length) return problem('unexpected end of input: the JSON is incomplete');
    const c = text[i]!;
    switch (expect) {
      case 'colon':
        if (c !== ':') return problem(`expected ':' after the property name, found ${describe(i)}`);
        i++;
        expect = 'value';
        continue;
      case 'comma-or-close': {
        const top = stack[stack.length - 1];
        if (c === ',') {
          i++;
          expect = top === 'object' ? 'key' : 'value';
          continue;
        }
        if ((top === 'object' && c === '}') || (top === 'array' && c === ']')) {
          i++;
          stack.pop();
          expect = afterValue();
          continue;
        }
        return problem(`expected ',' or '${top === 'object' ? '}' : ']'}', found ${describe(i)}`);
      }
      case 'key-or-close':
      case 'key':
        if (c === '}' && expect === 'key-or-close') {
          i++;
          stack.pop();
          expect = afterValue();
          continue;
        }
        if (c !== '"') {
          return problem(expect === 'key' && c === '}' ? "trailing comma before '}'" : `expected a double-quoted property name, found ${describe(i)}`);
        }
        {
          const failure = scanString();
          if (failure) return failure;
        }
        expect = 'colon';
        continue;
      case 'value-or-close':
        if (c === ']') {
          i++;
          stack.pop();
          expect = afterValue();
          continue;
        }
        expect = 'value'; // anything else must be a value: re-read it as one
        continue;
      case 'value': {
        if (c === '{') {
          i++;
          stack.push('object');
          expect = 'key-or-close';
          continue;
        }
        if (c === '[') {
          i++;
          stack.push('array');
          expect = 'value-or-close';
          continue;
        }
        if (c === ']' && stack[stack.length - 1] === 'array') return problem("trailing comma before ']'");
        const failure = c === '"' ? scanString() : scanLiteral();
        if (failure) return failure;
        expect = afterValue();
        continue;
      }
    }
  }

  function scanString(): JsonSyntaxProblem | undefined {
    const start = i;
    i++;
    while (i < text.length) {
      const code = text.charCodeAt(i);
      if (code === 0x22) {
        i++;
        return undefined;
      }
      if (code < 0x20) return problem('control character inside a string (escape it, e.g. \\n)');
      if (code === 0x5c) {
        const next = text[i + 1];
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return problem('invalid \\u escape in a string');
          i += 6;
          continue;
        }
        if (next === undefined || !'"\\/bfnrt'.includes(next)) return problem(`invalid escape '\\${next ?? ''}' in a string`);
        i += 2;
        continue;
      }
      i++;
    }
    return problem('unterminated string', start);
  }

  function scanLiteral(): JsonSyntaxProblem | undefined {
    for (const literal of ['true', 'false', 'null']) {
      if (text.startsWith(literal, i)) {
        i += literal.length;
        return undefined;
      }
    }
    const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (match && match[0].length > 0 && match[0] !== '-') {
      i += match[0].length;
      if (/[0-9]/.test(text[i] ?? '')) return problem('numbers cannot have leading zeros');
      return undefined;
    }
    return problem(`unexpected ${describe(i)}: expected a value (object, array, string, number, true, false or null)`);
  }
}

/** 1-based line and column (in UTF-16 code units, as editors count) of an offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}
