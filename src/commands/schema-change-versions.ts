/**
 * The two versions Check Schema Change compares: the editor's text of the schema (unsaved
 * edits count) and an earlier one, from git at HEAD or a ref the user picks (VS Code's built-in
 * Git extension, read through git-version.ts), or from a file. Without git (no Git extension,
 * no repository, an untracked file, a ref git does not know) the user is told why and offered a
 * file instead. Escape at any step cancels quietly.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { type GitApi, readAtRef, readGitVersion, refChoices, whenInitialized } from '../host/git-version';
import { readText } from '../host/schema-files';
import type { VersionOrigin } from '../shared/schema-change-events';

export interface PickedVersion {
  origin: VersionOrigin;
  /** Where it opens at a line: the working file, a `git:` URI, a picked file. */
  uri: vscode.Uri;
  /** The file's path as the engine names it (its folder locates the imports). */
  path: string;
  text: string;
  /** Where the files it imports are read (at the same ref, for a git version). */
  read: (filePath: string) => Promise<string | undefined>;
}

/** The schema as the editor has it: an open document's text (unsaved edits count), else the file. */
export async function readWorkingVersion(uri: vscode.Uri): Promise<PickedVersion | undefined> {
  const filePath = uri.scheme === 'file' ? uri.fsPath : uri.toString();
  const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString());
  if (open) return { origin: { kind: 'working', unsaved: open.isDirty }, uri, path: filePath, text: open.getText(), read: readText };
  try {
    const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    return { origin: { kind: 'working', unsaved: false }, uri, path: filePath, text, read: readText };
  } catch (error) {
    void vscode.window.showErrorMessage(`Payload Lab: cannot read ${filePath}: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

interface GitExtensionExports {
  readonly enabled: boolean;
  getAPI(version: 1): GitApi<vscode.Uri>;
}

/** The Git extension's API once it has found the repositories, or why there is none. */
async function gitApi(): Promise<GitApi<vscode.Uri> | { unavailable: string }> {
  const extension = vscode.extensions.getExtension<GitExtensionExports>('vscode.git');
  if (!extension) return { unavailable: "VS Code's Git extension (vscode.git) is not installed or is disabled" };
  try {
    const exports = extension.isActive ? extension.exports : await extension.activate();
    if (!exports.enabled) return { unavailable: 'Git is turned off in this window (the git.enabled setting)' };
    const api = exports.getAPI(1);
    await whenInitialized(api, 10_000);
    return api;
  } catch (error) {
    // The extension throws when git itself is missing ("Git model not found").
    return { unavailable: `Git is not available (${error instanceof Error ? error.message : String(error)})` };
  }
}

type RefItem = vscode.QuickPickItem & ({ ref: string } | { file: true });

/**
 * The earlier version: the working file's text at the ref picked (HEAD first), or a file. The
 * quick pick always ends with "a file", so a version kept outside git is one step away too.
 */
export async function pickEarlierVersion(working: PickedVersion): Promise<PickedVersion | undefined> {
  const name = path.basename(working.path);
  if (working.uri.scheme !== 'file') return offerFile(`${name} is not a file on disk, so git has no earlier version of it`, working);
  const api = await gitApi();
  if ('unavailable' in api) return offerFile(api.unavailable, working);
  const repository = api.getRepository(working.uri);
  if (!repository) return offerFile(`${name} is not in a git repository that VS Code has open`, working);
  const choices = await refChoices(repository, working.path);
  const items: RefItem[] = [
    ...choices.map((choice) => ({ label: choice.label, description: choice.description, detail: choice.detail, ref: choice.ref })),
    { label: '', kind: vscode.QuickPickItemKind.Separator, file: true },
    { label: '$(folder-opened) A file…', description: 'an earlier version kept outside git', file: true },
  ];
  const picked = await vscode.window.showQuickPick(items, {
    title: `Payload Lab: Check Schema Change of ${name}: the earlier version`,
    placeHolder: `Compare the editor's ${name} with ${name} at…`,
    matchOnDescription: true,
  });
  if (!picked) return undefined;
  if (!('ref' in picked)) return chooseVersionFile(working);
  const found = await readGitVersion(repository, working.path, picked.ref);
  if (!found.ok) return offerFile(found.message, working);
  return {
    origin: { kind: 'git', ref: found.ref, ...(found.commit ? { commit: found.commit } : {}), relativePath: found.relativePath },
    uri: api.toGitUri(working.uri, found.ref),
    path: working.path,
    text: found.text,
    read: readAtRef(repository, found.ref, readText),
  };
}

/** Says why git has no earlier version, and offers a file instead. */
async function offerFile(why: string, working: PickedVersion): Promise<PickedVersion | undefined> {
  const choice = await vscode.window.showWarningMessage(
    `Payload Lab: ${why}. Pick the earlier version of ${path.basename(working.path)} from a file?`,
    'Choose File…',
  );
  return choice ? chooseVersionFile(working) : undefined;
}

async function chooseVersionFile(working: PickedVersion): Promise<PickedVersion | undefined> {
  const extension = path.extname(working.path).slice(1) || 'proto';
  const [uri] =
    (await vscode.window.showOpenDialog({
      canSelectMany: false,
      filters: { Schemas: [extension] },
      title: `Payload Lab: the earlier version of ${path.basename(working.path)}`,
      ...(working.uri.scheme === 'file' ? { defaultUri: vscode.Uri.file(path.dirname(working.path)) } : {}),
    })) ?? [];
  if (!uri) return undefined;
  const filePath = uri.scheme === 'file' ? uri.fsPath : uri.toString();
  const text =
    (await readText(filePath).catch(() => undefined)) ??
    (await vscode.workspace.fs.readFile(uri).then(
      (bytes) => new TextDecoder().decode(bytes),
      () => undefined,
    ));
  if (text === undefined) {
    void vscode.window.showErrorMessage(`Payload Lab: cannot read ${filePath}`);
    return undefined;
  }
  return { origin: { kind: 'file' }, uri, path: filePath, text, read: readText };
}
