/**
 * The panel's "Open sample": the file or editor the run measured, or, for records generated
 * from a schema (no file behind them), an untitled JSON document holding them, to read or save.
 */
import * as vscode from 'vscode';
import { sampleUri } from '../host/sample-input';
import { derivedDocumentPlace, type SampleSource } from '../host/sample-source';
import { openUntitledDocument } from './untitled-document';
import { columnBesidePanel } from '../host/beside-panel';

export async function openSample(source: SampleSource): Promise<void> {
  const uri = sampleUri(source);
  if (uri) {
    await vscode.window.showTextDocument(uri, { preview: false, viewColumn: columnBesidePanel() });
  } else if (source.kind === 'generated') {
    await openUntitledDocument({
      text: new TextDecoder().decode(source.bytes),
      ...derivedDocumentPlace(source, 'json'),
      language: 'json',
      viewColumn: columnBesidePanel(),
    });
  }
}
