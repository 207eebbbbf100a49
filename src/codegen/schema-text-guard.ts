/**
 * A schema's comments, doc strings and string literals are copied by code generators into the
 * code they write: into `/** … *\/` doc comments, `//` comments and string literals. A comment end or a
 * line terminator there ends the comment in the generated code and what follows runs as code
 * (`/// *\/ CODE; /*` in a .fbs, `json_name: "*\/ fieldNo: CODE; //"` in a .proto through
 * protobuf-ts). Such a schema is refused before any generator sees it, with where it is. The
 * generated code runs sandboxed anyway (load-generated.ts); this is the second lock.
 *
 * One lexer for the four languages: `//` (or `#`) line comments, `/* *\/` blocks where the
 * language has them, and double- (or single-) quoted strings whose escapes are decoded first,
 * so `\x2a/` is caught as `*\/`.
 */

export type GuardedLanguage = 'proto' | 'fbs' | 'capnp' | 'bop';

export interface UnsafeText {
  line: number;
  column: number;
  /** "a comment holds `*\/`". */
  what: string;
}

interface Lexicon {
  lineComment: string;
  blockComments: boolean;
  quotes: string;
}

const LEXICONS: Record<GuardedLanguage, Lexicon> = {
  proto: { lineComment: '//', blockComments: true, quotes: `"'` },
  fbs: { lineComment: '//', blockComments: true, quotes: '"' },
  capnp: { lineComment: '#', blockComments: false, quotes: '"' },
  bop: { lineComment: '//', blockComments: true, quotes: '"' },
};

/** The language of a schema file given to a generator, by its extension; undefined: not guarded. */
export function guardedLanguageOf(file: string): GuardedLanguage | undefined {
  const extension = /\.([a-z]+)$/i.exec(file)?.[1]?.toLowerCase();
  return extension === 'proto' || extension === 'fbs' || extension === 'capnp' || extension === 'bop' ? extension : undefined;
}

/** A character that ends a line in JavaScript (and so a `//` comment in generated code). */
const LINE_TERMINATORS = new Set(['\n', '\r', '\u2028', '\u2029']);

function describeCharacter(char: string): string {
  return char === '\n' ? 'a line feed' : char === '\r' ? 'a carriage return' : char === '\u2028' ? 'U+2028 (line separator)' : 'U+2029 (paragraph separator)';
}

/** The first place in `text` a generator would copy a comment end or a line break from, or undefined. */
export function findUnsafeText(text: string, language: GuardedLanguage): UnsafeText | undefined {
  const lexicon = LEXICONS[language];
  const at = (offset: number, what: string): UnsafeText => {
    const before = text.slice(0, offset);
    const line = before.split('\n').length;
    return { line, column: offset - (before.lastIndexOf('\n') + 1) + 1, what };
  };
  let index = 0;
  while (index < text.length) {
    if (text.startsWith(lexicon.lineComment, index)) {
      let end = text.indexOf('\n', index);
      if (end === -1) end = text.length;
      // A CR before the LF is the file's line ending; any other terminator is inside the comment.
      const body = text.slice(index, end).replace(/\r$/, '');
      const found = firstUnsafe(body, true);
      if (found) return at(index + found.offset, `a comment holds ${found.what}`);
      index = end + 1;
      continue;
    }
    if (lexicon.blockComments && text.startsWith('/*', index)) {
      let end = text.indexOf('*/', index + 2);
      if (end === -1) end = text.length;
      // Its lines become lines of the generated comment: only the separators JavaScript alone treats as line ends are unsafe.
      const body = text.slice(index, end);
      const separator = /[\u2028\u2029]/.exec(body);
      if (separator) return at(index + separator.index, `a comment holds ${describeCharacter(separator[0])}`);
      index = end + 2;
      continue;
    }
    const quote = text[index]!;
    if (lexicon.quotes.includes(quote)) {
      const literal = readString(text, index, quote);
      for (let position = 0; position < literal.chars.length; position++) {
        const { char, offset } = literal.chars[position]!;
        if (LINE_TERMINATORS.has(char)) return at(offset, `a string holds ${describeCharacter(char)}`);
        if (char === '*' && literal.chars[position + 1]?.char === '/') return at(offset, 'a string holds `*/`');
      }
      index = literal.end;
      continue;
    }
    index++;
  }
  return undefined;
}

function firstUnsafe(body: string, lineComment: boolean): { offset: number; what: string } | undefined {
  const end = body.indexOf('*/');
  const terminator = lineComment ? /[\r\u2028\u2029]/.exec(body) : null;
  if (terminator && (end === -1 || terminator.index < end)) return { offset: terminator.index, what: describeCharacter(terminator[0]) };
  return end === -1 ? undefined : { offset: end, what: '`*/`' };
}

interface DecodedString {
  /** Each decoded character and the offset in the text it came from (its escape's backslash). */
  chars: Array<{ char: string; offset: number }>;
  /** The offset after the closing quote (or the end of the line where none closes it). */
  end: number;
}

const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', v: '\v', f: '\f', b: '\b', a: '\x07' };

/** A quoted string from `start` (its opening quote), escapes decoded as C-like languages do. */
function readString(text: string, start: number, quote: string): DecodedString {
  const chars: DecodedString['chars'] = [];
  let index = start + 1;
  while (index < text.length && text[index] !== quote) {
    const char = text[index]!;
    if (char !== '\\') {
      // A raw line break inside a string is reported too: a tool might copy it.
      chars.push({ char, offset: index });
      index++;
      continue;
    }
    const escape = text[index + 1] ?? '';
    const hex = /^(?:x([0-9a-fA-F]{1,2})|u([0-9a-fA-F]{4})|U([0-9a-fA-F]{8})|([0-7]{1,3}))/.exec(text.slice(index + 1, index + 10));
    if (hex) {
      const code = hex[1] ? parseInt(hex[1], 16) : hex[2] ? parseInt(hex[2], 16) : hex[3] ? parseInt(hex[3], 16) : parseInt(hex[4]!, 8);
      chars.push({ char: code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd', offset: index });
      index += 1 + hex[0].length;
      continue;
    }
    chars.push({ char: SIMPLE_ESCAPES[escape] ?? escape, offset: index });
    index += 2;
  }
  return { chars, end: index + 1 };
}
