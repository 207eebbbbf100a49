/**
 * Compare Encodings: on the Explorer's file, the editor's (title bar, context menu), or from
 * the palette on the active editor's document. Returns the report (tests call it by command).
 */
import * as vscode from 'vscode';
import type { ComparisonSession } from '../host/comparison-session';
import type { ComparisonReport } from '../shared/results';
import { resolveSample } from './resolve-sample';

export async function compareEncodings(session: ComparisonSession, resource?: vscode.Uri): Promise<ComparisonReport | undefined> {
  const resolution = resolveSample({
    // Menus pass the resource; the palette passes nothing (or, from keybindings, something else).
    resource: resource instanceof vscode.Uri ? resource : undefined,
    activeDocument: vscode.window.activeTextEditor?.document,
    openDocuments: vscode.workspace.textDocuments,
  });
  if (!resolution.ok) {
    void vscode.window.showWarningMessage(resolution.message);
    return undefined;
  }
  return session.run({ source: resolution.source });
}
