/**
 * The files a user's schema brings with it. A FlatBuffers `include "x.fbs";` is read from beside
 * the file (or from the folders of the files that include it), as flatc finds it next to the file
 * it was given, and handed to the tool under the same relative name. Bebop's `import` and Cap'n
 * Proto's imports of other files are not followed: the row says so instead of the tool's
 * "no such file" from a folder the file was never in.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { UntranslatableSchemaError } from '../../../schema/translate/model-from-avro';
import type { FormatSchemaFile } from '../../../shared/codec-job';

const FBS_INCLUDE = /^\s*include\s+"([^"]+)"\s*;/gm;
const BOP_IMPORT = /^\s*import\s+"([^"]+)"/m;
/** capnp's own files (`/capnp/c++.capnp`) come with capnp; a relative import is another file of the user's. */
const CAPNP_RELATIVE_IMPORT = /\bimport\s+"(?!\/)([^"]+)"/;

/** A FlatBuffers file with the files it includes read into it (FormatSchemaFile.included); the file as it is where one cannot be read (the run then says which). */
export function withIncludesRead(file: FormatSchemaFile): FormatSchemaFile {
  if (file.language !== 'fbs' || file.included) return file;
  try {
    const { [INCLUDING]: _entry, ...included } = schemaFiles(file, INCLUDING);
    return Object.keys(included).length > 0 ? { ...file, included } : file;
  } catch (error) {
    if (error instanceof UntranslatableSchemaError) return file;
    throw error;
  }
}

/** A name no include can have: the entry's key while its includes are read. */
const INCLUDING = '\u0000entry';

/** `entry` → the file's text, and every file it includes under its relative name. */
export function schemaFiles(file: FormatSchemaFile, entry: string): Record<string, string> {
  const files: Record<string, string> = { [entry]: file.source };
  const where = path.basename(file.path);
  if (file.language === 'bop') {
    const imported = BOP_IMPORT.exec(file.source)?.[1];
    if (imported)
      throw new UntranslatableSchemaError(
        `${where} imports "${imported}": imports are not supported (bebopc is given the one file); put the definitions it needs in ${where}`,
      );
  }
  if (file.language === 'capnp') {
    const imported = CAPNP_RELATIVE_IMPORT.exec(file.source)?.[1];
    if (imported)
      throw new UntranslatableSchemaError(
        `${where} imports "${imported}": imports of other files are not supported (capnp is given the one file; its own /capnp/… files are found); put the definitions it needs in ${where}`,
      );
  }
  if (file.language !== 'fbs') return files;
  const base = path.dirname(path.resolve(file.path));
  const pending: Array<{ text: string; from: string }> = [{ text: file.source, from: where }];
  while (pending.length > 0) {
    const { text, from } = pending.pop()!;
    for (const match of text.matchAll(FBS_INCLUDE)) {
      const name = path.normalize(match[1]!).split(path.sep).join('/');
      if (name in files || name === path.basename(file.path)) continue;
      if (path.isAbsolute(name) || name.startsWith('..'))
        throw new UntranslatableSchemaError(`${from} includes "${match[1]}": only files in the schema's folder or below it are read`);
      const on = path.join(base, name);
      let source: string;
      try {
        source = file.included?.[name] ?? fs.readFileSync(on, 'utf8');
      } catch {
        throw new UntranslatableSchemaError(`${from} includes "${match[1]}", which is not at ${on} (includes are read from the folder of ${where})`);
      }
      files[name] = source;
      pending.push({ text: source, from: name });
    }
  }
  return files;
}
