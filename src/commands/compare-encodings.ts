/**
 * Compare Encodings: on the Explorer's file, the editor's (title bar, context menu), or from
 * the palette on the active editor's document; a schema file (.proto, .avsc) goes to
 * compare-schema.ts, a FlatBuffers, Cap'n Proto or Bebop one (.fbs, .capnp, .bop, or an
 * untitled editor of one) to compare-format-schema.ts. Returns the report (tests call it by command).
 */
import * as vscode from 'vscode';
import type { ComparisonSession } from '../host/comparison-session';
import type { ComparisonReport } from '../shared/results';
import type { SchemaDiagnostics } from '../host/schema-diagnostics';
import { compareSchema } from './compare-schema';
import { resolveSample } from './resolve-sample';
import { schemaKindOf } from './schema-choices';
import { compareFormatSchema } from './compare-format-schema';
import { formatLanguageOfDocument } from './schema-document';

export async function compareEncodings(
  session: ComparisonSession,
  diagnostics: SchemaDiagnostics,
  extensionUri: vscode.Uri,
  resource?: vscode.Uri,
): Promise<ComparisonReport | undefined> {
  // A schema file (.proto, .avsc) starts the schema flow: message type, then sample.
  const target = resource instanceof vscode.Uri ? resource : vscode.window.activeTextEditor?.document.uri;
  const schemaKind = target && schemaKindOf(target.path);
  if (target && schemaKind) return compareSchema(session, diagnostics, target, schemaKind);
  const open = target && vscode.workspace.textDocuments.find((document) => document.uri.toString() === target.toString());
  const language = target && formatLanguageOfDocument(open ?? { uri: target, languageId: '', getText: () => '' });
  if (target && language) return compareFormatSchema(session, diagnostics, target, language, extensionUri);
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
