/**
 * A .proto's imports laid out as protoc reads them: each imported file under the name its
 * importer wrote (`import "common/money.proto";` → `common/money.proto`), so that a proto path of
 * the folder they are written to resolves every import to the file it was resolved to where the
 * user's files are (proto-imports.ts). Google's well-known types are protoc's own.
 */
import * as path from 'node:path';
import { BUNDLED_PROTO_IMPORTS, scanImports } from './proto-imports';

export type ImportLayout = { ok: true; files: Record<string, string>; origins: Record<string, string> } | { ok: false; why: string };

/**
 * `imports`: resolved path → text, as `ProvidedSchema.imports` has them. `reserved`: names the
 * caller writes files under itself (the main file's), which no import may take.
 */
export function importLayout(mainPath: string, mainText: string, imports: Readonly<Record<string, string>>, reserved: readonly string[]): ImportLayout {
  const nameOf = new Map<string, string>();
  const fileOf = new Map<string, string>(reserved.map((name) => [name, mainPath]));
  const pending = [{ path: mainPath, text: mainText }];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    for (const { name, weak } of scanImports(file.text)) {
      if (BUNDLED_PROTO_IMPORTS.has(name)) continue;
      const resolved = resolvedPath(file.path, name, imports);
      // A weak import protoc lets be missing was not read: nothing to write.
      if (resolved === undefined) {
        if (weak) continue;
        return { ok: false, why: `the import "${name}" of ${path.basename(file.path)} was not read` };
      }
      const named = nameOf.get(resolved);
      if (named === name) continue;
      if (named !== undefined)
        return { ok: false, why: `${path.basename(resolved)} is imported as both "${named}" and "${name}", which protoc takes for two files` };
      const holder = fileOf.get(name);
      if (holder !== undefined && holder !== resolved) return { ok: false, why: `"${name}" names two files (${holder} and ${resolved})` };
      nameOf.set(resolved, name);
      fileOf.set(name, resolved);
      pending.push({ path: resolved, text: imports[resolved]! });
    }
  }
  const files: Record<string, string> = {};
  const origins: Record<string, string> = {};
  for (const [resolved, name] of nameOf) {
    files[name] = imports[resolved]!;
    origins[name] = resolved;
  }
  return { ok: true, files, origins };
}

/** The file an import was resolved to: beside its importer first, as protoc looks, then under any include folder. */
function resolvedPath(importer: string, name: string, imports: Readonly<Record<string, string>>): string | undefined {
  const beside = path.resolve(path.dirname(importer), name);
  if (beside in imports) return beside;
  const suffix = `${path.sep}${path.normalize(name)}`;
  return Object.keys(imports).find((candidate) => candidate === name || candidate.endsWith(suffix));
}
