/**
 * The import graph of a `.proto` file, read where the files are (the CLI's disk, the editor's
 * open documents), so a worker gets every text it needs by message. Runs in the extension host:
 * it imports no protobufjs, and reads `import "…";` statements itself.
 *
 * Imports resolve as protoc's `-I` does, with one convenience first: relative to the importing
 * file, then each include directory in order (workspace folders, `payloadLab.protoIncludePaths`,
 * the CLI's `-I`). As protoc, an absolute name or one with `..` is refused (import-names.ts), so
 * every file read is under one of those folders. Google's well-known types (`google/protobuf/timestamp.proto`…) are shipped by
 * protobufjs and are never read from disk, so they need no setting.
 */
import * as path from 'node:path';
import { lineAndColumn } from '../input/locate-json-error';
import { refusedImportName, refusedImportProblem } from './import-names';
import { SchemaInputError } from './schema-problem';

/** The files bundled with the worker (see bundled-protos.ts): always available, whatever the include paths. */
export const BUNDLED_PROTO_IMPORTS: ReadonlySet<string> = new Set(
  ['any', 'duration', 'timestamp', 'empty', 'struct', 'wrappers', 'field_mask', 'descriptor', 'api', 'type', 'source_context'].map(
    (name) => `google/protobuf/${name}.proto`,
  ),
);

/** Reads a file's text (an open editor's unsaved text first), or undefined when there is none. */
export type ReadText = (filePath: string) => Promise<string | undefined>;

export interface ImportStatement {
  /** As written: `google/type/money.proto`. */
  name: string;
  weak: boolean;
  /** Offset of the quoted name in the text, for file:line:column. */
  offset: number;
}

/** Where imports stop: a graph this deep or this wide is a mistake, not a schema. */
const MAX_IMPORTED_FILES = 500;

/** The `import` statements of a .proto text, comments and strings elsewhere ignored. */
export function scanImports(text: string): ImportStatement[] {
  const found: ImportStatement[] = [];
  const blanked = blankComments(text);
  const pattern = /(^|[;}\s])import\s+(weak\s+|public\s+)?(["'])([^"'\n]*)\3\s*;/g;
  for (let match = pattern.exec(blanked); match !== null; match = pattern.exec(blanked)) {
    const offset = match.index + match[0].indexOf(match[3]!) + 1;
    found.push({ name: match[4]!, weak: (match[2] ?? '').trim() === 'weak', offset });
  }
  return found;
}

/** Comments become spaces (same length), so offsets still point into the original text. */
function blankComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, (token) =>
    token.startsWith('/') ? token.replace(/[^\n]/g, ' ') : token,
  );
}

/**
 * Every file `mainPath` imports, directly or not, by resolved path → text (bundled well-known
 * types left out). Throws a SchemaInputError at the import statement when a file cannot be found,
 * naming the paths searched.
 */
export async function resolveProtoImports(mainPath: string, mainText: string, includeDirs: readonly string[], read: ReadText): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  const pending: Array<{ path: string; text: string }> = [{ path: mainPath, text: mainText }];
  const seen = new Set<string>([path.isAbsolute(mainPath) ? path.resolve(mainPath) : mainPath]);
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    for (const statement of scanImports(file.text)) {
      if (BUNDLED_PROTO_IMPORTS.has(statement.name)) continue;
      const refused = refusedImportName(statement.name, 'proto');
      if (refused) throw new SchemaInputError(file.path, refusedImportProblem('import', statement.name, refused, file.text, statement.offset));
      const candidates = importCandidates(file.path, statement.name, includeDirs);
      let resolved: { path: string; text: string } | undefined;
      for (const candidate of candidates) {
        if (seen.has(candidate)) {
          resolved = { path: candidate, text: '' };
          break;
        }
        const text = await read(candidate);
        if (text !== undefined) {
          resolved = { path: candidate, text };
          break;
        }
      }
      if (!resolved) {
        if (statement.weak) continue; // protoc too lets a weak import be missing
        const where = lineAndColumn(file.text, statement.offset);
        throw new SchemaInputError(file.path, {
          message: `import "${statement.name}" not found; searched: ${candidates.join(', ')} (add its folder to payloadLab.protoIncludePaths, or -I DIR on the command line)`,
          ...where,
        });
      }
      if (seen.has(resolved.path)) continue;
      seen.add(resolved.path);
      if (seen.size > MAX_IMPORTED_FILES) {
        throw new SchemaInputError(file.path, {
          message: `more than ${MAX_IMPORTED_FILES} imported files: stopped`,
          ...lineAndColumn(file.text, statement.offset),
        });
      }
      files[resolved.path] = resolved.text;
      pending.push(resolved);
    }
  }
  return files;
}

/** Where an import may be, in protoc's order (after the importing file's own folder). */
export function importCandidates(importerPath: string, name: string, includeDirs: readonly string[]): string[] {
  // An untitled document (`untitled:Untitled-1`) has no folder of its own; a relative path (the CLI's) has one.
  const dirs = /^[a-z][\w+.-]+:/i.test(importerPath) && !path.isAbsolute(importerPath) ? [...includeDirs] : [path.dirname(importerPath), ...includeDirs];
  const unique: string[] = [];
  for (const dir of dirs) {
    const candidate = path.resolve(dir, name);
    if (!unique.includes(candidate)) unique.push(candidate);
  }
  return unique;
}
