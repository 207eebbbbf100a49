/**
 * Problems of provided schemas as editor diagnostics (Problems view, squiggles), plus an error
 * message with "Go to Error". A schema that loads clears its file's diagnostic.
 */
import * as vscode from 'vscode';
import type { SchemaInputError } from '../schema/schema-problem';
import { columnBesidePanel } from './beside-panel';

/** A schema's `path` as given to the engine: a file system path, or a URI for other schemes (`untitled:`, `vscode-remote://`). */
export function schemaUriOf(schemaPath: string): vscode.Uri {
  return /^[a-z][\w+.-]+:/i.test(schemaPath) ? vscode.Uri.parse(schemaPath) : vscode.Uri.file(schemaPath);
}

export class SchemaDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('Payload Lab');

  /** Sets the diagnostic and tells the user (file:line:column), offering to go there. */
  report(error: SchemaInputError): void {
    const uri = schemaUriOf(error.path);
    const position = new vscode.Position(Math.max(error.problem.line - 1, 0), Math.max(error.problem.column - 1, 0));
    const diagnostic = new vscode.Diagnostic(new vscode.Range(position, position.translate(0, 1)), error.problem.message, vscode.DiagnosticSeverity.Error);
    diagnostic.source = 'Payload Lab';
    this.collection.set(uri, [diagnostic]);
    void vscode.window.showErrorMessage(`Payload Lab: ${error.message}`, 'Go to Error').then((choice) => {
      if (choice) void revealSchemaPosition(uri, position);
    });
  }

  clear(schemaPath: string | undefined): void {
    if (schemaPath) this.collection.delete(schemaUriOf(schemaPath));
  }

  dispose(): void {
    this.collection.dispose();
  }
}

export async function revealSchemaPosition(uri: vscode.Uri, position: vscode.Position): Promise<void> {
  const document = await vscode.workspace.openTextDocument(uri);
  // Never on top of the panel: it would hide the run's outcome the user is reading.
  await vscode.window.showTextDocument(document, { selection: new vscode.Range(position, position), viewColumn: columnBesidePanel() });
}
