/**
 * Which files a schema may pull in. protoc's rule for every language: an import names a file
 * under the schema's own folder or an include path the user gave, so a name that is absolute or
 * climbs with `..` is refused before anything is read. Otherwise `import "/etc/passwd"` in a
 * shared `.proto` (or `include` in a `.fbs`) would be read, and its first words shown in the
 * error. Cap'n Proto's absolute names are its own: they resolve under its import folders
 * (`/capnp/c++.capnp`), never from the file system's root.
 */
import * as path from 'node:path';
import { lineAndColumn } from '../input/locate-json-error';
import type { SchemaProblem } from '../shared/schema-problem';

export type IncludingLanguage = 'proto' | 'fbs' | 'capnp' | 'bop';

/** Why `name` may not be imported, or undefined when it may. */
export function refusedImportName(name: string, language: IncludingLanguage): string | undefined {
  if (name.split(/[\\/]/).includes('..')) return 'it climbs out of its folder with ".."';
  const absolute = path.posix.isAbsolute(name) || path.win32.isAbsolute(name);
  if (absolute && language !== 'capnp') return 'it is an absolute name';
  return undefined;
}

const PROTO_ADVICE =
  "imports name files under the schema's folder or an include path (-I DIR, payloadLab.protoIncludePaths): write the name relative to one of them";
/** A user's .fbs, .capnp or .bop is given to its tool alone (user-schema.ts). */
const ALONE_ADVICE = 'the file is given to its tool alone: copy the declarations it needs into it';

/** The error for a refused import, at its statement: why, and what to write instead. */
export function refusedImportProblem(keyword: string, name: string, reason: string, text: string, offset: number, advice = PROTO_ADVICE): SchemaProblem {
  return { message: `${keyword} "${name}" is not read: ${reason}; ${advice}`, ...lineAndColumn(text, offset) };
}

/** `include "…";` (FlatBuffers), `import "…"` and `embed "…"` (Cap'n Proto), `import "…"` (Bebop). */
const STATEMENTS: Record<Exclude<IncludingLanguage, 'proto'>, RegExp> = {
  fbs: /(^|[;}\s])(include)\s+"([^"\n]*)"/g,
  capnp: /(^|[^A-Za-z0-9_])(import|embed)\s+"([^"\n]*)"/g,
  bop: /(^|[;}\s])(import)\s+"([^"\n]*)"/g,
};

/**
 * The first include of a user's .fbs, .capnp or .bop that may not be read, as a problem at its
 * statement. Comments are blanked first (`//` and block comments; `#` in Cap'n Proto).
 */
export function refusedInclude(language: Exclude<IncludingLanguage, 'proto'>, text: string): SchemaProblem | undefined {
  const comments = language === 'capnp' ? /#[^\n]*|"(?:[^"\\\n]|\\.)*"/g : /\/\*[\s\S]*?\*\/|\/\/[^\n]*|"(?:[^"\\\n]|\\.)*"/g;
  const blanked = text.replace(comments, (token) => (token.startsWith('"') ? token : token.replace(/[^\n]/g, ' ')));
  const pattern = new RegExp(STATEMENTS[language].source, 'g');
  for (let match = pattern.exec(blanked); match !== null; match = pattern.exec(blanked)) {
    const name = match[3]!;
    const reason = refusedImportName(name, language);
    if (reason) return refusedImportProblem(match[2]!, name, reason, text, match.index + match[0].indexOf('"') + 1, ALONE_ADVICE);
  }
  return undefined;
}
