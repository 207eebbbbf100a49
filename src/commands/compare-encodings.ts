/**
 * Compare Encodings: on the Explorer's file, the editor's (title bar, context menu), or from
 * the palette on the active editor's document; a schema file (.proto, .avsc) goes to
 * compare-schema.ts. Returns the report (tests call it by command).
 */
import * as vscode from 'vscode';
import type { ComparisonSession } from '../host/comparison-session';
import type { ComparisonReport } from '../shared/results';
import type { SchemaDiagnostics } from '../host/schema-diagnostics';
import { compareSchema } from './compare-schema';
import { resolveSample } from './resolve-sample';
import { schemaKindOf } from './schema-choices';

export async function compareEncodings(session: ComparisonSession, diagnostics: SchemaDiagnostics, resource?: vscode.Uri): Promise<ComparisonReport | undefined> {
  // A schema file (.proto, .avsc) starts the schema flow: message type, then sample.
  const target = resource instanceof vscode.Uri ? resource : vscode.window.activeTextEditor?.document.uri;
  const schemaKind = target && schemaKindOf(target.path);
  if (target && schemaKind) return compareSchema(session, diagnostics, target, schemaKind);
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
