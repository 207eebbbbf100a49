/** A JSON sample from a URI or from the open-file dialog, shared by the commands that ask. */
import * as vscode from 'vscode';
import { resolveSample, type SampleSource } from './resolve-sample';

/** The sample at `uri` (its editor text when open with edits); a warning when it is not JSON. */
export function sampleFromUri(uri: vscode.Uri): SampleSource | undefined {
  const resolution = resolveSample({ resource: uri, openDocuments: vscode.workspace.textDocuments });
  if (!resolution.ok) void vscode.window.showWarningMessage(resolution.message);
  return resolution.ok ? resolution.source : undefined;
}

export async function chooseSampleFile(): Promise<SampleSource | undefined> {
  const [uri] =
    (await vscode.window.showOpenDialog({
      canSelectMany: false,
      filters: { 'JSON samples': ['json', 'jsonl', 'ndjson'] },
      title: 'Payload Lab: choose a JSON sample',
    })) ?? [];
  return uri ? sampleFromUri(uri) : undefined;
}
