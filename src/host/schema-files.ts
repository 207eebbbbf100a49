/**
 * The files a provided schema needs, read in the editor: a `.proto`'s imports (its folder, the
 * workspace folders, then `payloadLab.protoIncludePaths`), or the `.avsc` / `.avpr` files of an
 * Avro schema's folder that define named types it uses. An open editor's text counts, unsaved
 * edits included, for every file of the graph as for the main one.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { collectAvroReferences } from '../schema/avro-references';
import { resolveProtoImports } from '../schema/proto-imports';
import type { ProvidedSchema } from '../shared/codec-job';
import { readSetting } from './setting-table';

/** `payloadLab.protoIncludePaths`, absolute: relative entries and `${workspaceFolder}` against the first workspace folder. */
export function readProtoIncludePaths(): string[] {
  const configured = readSetting(vscode.workspace.getConfiguration('payloadLab'), 'protoIncludePaths');
  const base = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  return configured
    .filter((entry) => entry.trim() !== '')
    .map((entry) => entry.replace(/\$\{workspaceFolder\}/g, base ?? ''))
    .map((entry) => (path.isAbsolute(entry) || !base ? entry : path.join(base, entry)));
}

/** An open document's text (unsaved edits count), else the file's, else undefined. */
export async function readText(filePath: string): Promise<string | undefined> {
  const open = vscode.workspace.textDocuments.find(
    (document) => document.uri.scheme === 'file' && path.resolve(document.uri.fsPath) === path.resolve(filePath),
  );
  if (open) return open.getText();
  try {
    const uri = vscode.Uri.file(filePath);
    if ((await vscode.workspace.fs.stat(uri)).type !== vscode.FileType.File) return undefined;
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}

/**
 * The schema with `imports` filled in; throws a SchemaInputError for an import not found.
 * `read`: where files come from (an earlier version's, from git at its ref).
 */
export async function withSchemaFiles(schema: ProvidedSchema, read: (filePath: string) => Promise<string | undefined> = readText): Promise<ProvidedSchema> {
  // Untitled or remote documents have no folder to look in; their imports resolve by include paths only.
  const onDisk = schema.path !== undefined && !/^[a-z][\w+.-]+:/i.test(schema.path);
  let imports: Record<string, string>;
  if (schema.kind === 'proto') {
    const workspaceFolders = (vscode.workspace.workspaceFolders ?? []).map((folder) => folder.uri.fsPath);
    imports = await resolveProtoImports(schema.path ?? 'untitled.proto', schema.source, [...workspaceFolders, ...readProtoIncludePaths()], read);
  } else {
    if (!onDisk) return schema;
    const folder = path.dirname(schema.path!);
    let siblings: string[] = [];
    try {
      siblings = (await vscode.workspace.fs.readDirectory(vscode.Uri.file(folder))).map(([name]) => path.join(folder, name));
    } catch {
      // an unreadable folder holds no definitions: the schema's own error names what is missing
    }
    imports = await collectAvroReferences(schema.path!, schema.source, [], siblings, read);
  }
  return Object.keys(imports).length > 0 ? { ...schema, imports } : schema;
}
