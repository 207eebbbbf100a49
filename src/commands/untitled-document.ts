/**
 * Text the extension made (a schema inferred from the sample, records generated from a schema)
 * opened as an untitled document named as a person would save it: `issues.proto`, not
 * "Untitled-1" or its first line.
 *
 * VS Code names an untitled document only through a path (an `untitled:` URI with a path, its
 * "associated file path"), and Save then writes to that path without a dialog (Save As still
 * asks). So the path is a free one in the sample's folder (else the first workspace folder):
 * VS Code refuses an untitled path where a file exists, and a taken name gets `-2`, `-3`…, so
 * saving creates a new file beside the sample and never replaces one. Without a folder the
 * document has the name alone (Save then asks where).
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { numberedFileNames } from '../host/sample-source';

export interface UntitledDocument {
  text: string;
  /** `issues.proto`; the language follows from it unless `language` is given. */
  fileName: string;
  /** Where Save writes it: an absolute local folder. */
  folder?: string;
  /** A language id for names VS Code does not map (`.avsc` is JSON), or to stop it guessing (plaintext). */
  language?: string;
  viewColumn?: vscode.ViewColumn;
}

export async function openUntitledDocument(wanted: UntitledDocument): Promise<vscode.TextDocument> {
  const folder = wanted.folder !== undefined && path.isAbsolute(wanted.folder) ? wanted.folder : workspaceFolder();
  // Without a folder the name alone (`untitled:issues.proto`): VS Code picks the language by it.
  const uri = folder === undefined ? freeBareUntitledUri(wanted.fileName) : await freeUntitledUri(folder, wanted.fileName);
  let document = await vscode.workspace.openTextDocument(uri);
  // Shown first, then written through its editor: a workspace edit of a document no editor
  // shows yet opened it a second time, in the active group (the panel's).
  const editor = await show(document, wanted.viewColumn);
  if (!(await editor.edit((builder) => builder.insert(new vscode.Position(0, 0), wanted.text))))
    throw new Error(`could not write the text of ${wanted.fileName} into its editor`);
  // Set even when it is already the language: a language set is one VS Code no longer guesses.
  if (wanted.language) document = await vscode.languages.setTextDocumentLanguage(document, wanted.language);
  return document;
}

/** The first of `name`, `name-2`… no open untitled document has. */
function freeBareUntitledUri(fileName: string): vscode.Uri {
  const open = new Set(vscode.workspace.textDocuments.map((document) => document.uri.toString()));
  let tried = 0;
  for (const name of numberedFileNames(fileName)) {
    const untitled = vscode.Uri.from({ scheme: 'untitled', path: name });
    if (!open.has(untitled.toString()) || ++tried > MAX_NAMES_TRIED) return untitled;
  }
  return vscode.Uri.from({ scheme: 'untitled', path: fileName });
}

function show(document: vscode.TextDocument, viewColumn: vscode.ViewColumn | undefined): Thenable<vscode.TextEditor> {
  return vscode.window.showTextDocument(document, { preview: false, ...(viewColumn === undefined ? {} : { viewColumn }) });
}

function workspaceFolder(): string | undefined {
  const folder = vscode.workspace.workspaceFolders?.find((candidate) => candidate.uri.scheme === 'file');
  return folder?.uri.fsPath;
}

/** The first of `name`, `name-2`… that is neither an open document nor a file in `folder`. */
async function freeUntitledUri(folder: string, fileName: string): Promise<vscode.Uri> {
  const open = new Set(vscode.workspace.textDocuments.map((document) => document.uri.toString()));
  let tried = 0;
  for (const name of numberedFileNames(fileName)) {
    if (++tried > MAX_NAMES_TRIED) break;
    const file = vscode.Uri.file(path.join(folder, name));
    const untitled = file.with({ scheme: 'untitled' });
    if (open.has(untitled.toString()) || (await exists(file))) continue;
    return untitled;
  }
  throw new Error(`${folder} already holds ${fileName} and ${MAX_NAMES_TRIED - 1} numbered copies: move some away`);
}

const MAX_NAMES_TRIED = 1000;

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}
