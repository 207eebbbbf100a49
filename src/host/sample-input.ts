/**
 * The sample of a run as the editor has it: its bytes for the engine (saved files are read by
 * the workers; only editor text and remote files pass through the host), where to open it, and
 * how to point at a line of it.
 */
import * as vscode from 'vscode';
import { ResultsPanel } from '../panel/results-panel';
import type { SampleOrigin } from '../shared/results';
import { type SampleSource, sampleOrigin } from './sample-source';

export interface SampleInput {
  path: string;
  bytes?: Uint8Array;
  kind?: 'json' | 'jsonl';
  origin: SampleOrigin;
}

export async function readSampleInput(source: SampleSource): Promise<SampleInput> {
  const origin = sampleOrigin(source);
  switch (source.kind) {
    case 'file':
      return { path: source.path, origin };
    case 'text':
      return { path: source.location, bytes: Buffer.from(source.text, 'utf8'), kind: source.sampleKind, origin };
    case 'uri':
      return { path: source.location, bytes: await vscode.workspace.fs.readFile(vscode.Uri.parse(source.uri.toString())), origin };
    case 'generated':
      return { path: source.location, bytes: source.bytes, kind: 'json', origin };
  }
}

/** Where the sample can be opened; undefined for generated records (no file behind them). */
export function sampleUri(source: SampleSource): vscode.Uri | undefined {
  switch (source.kind) {
    case 'file':
      return vscode.Uri.file(source.path);
    case 'text':
    case 'uri':
      return vscode.Uri.parse(source.uri.toString());
    case 'generated':
      return undefined;
  }
}

export async function revealPosition(source: SampleSource, line: number, column: number): Promise<void> {
  const uri = sampleUri(source);
  if (!uri) return;
  const document = await vscode.workspace.openTextDocument(uri);
  const position = new vscode.Position(line - 1, column - 1);
  // Never on top of the panel: it would hide the run's outcome the user is reading.
  const panelColumn = ResultsPanel.open?.viewColumn;
  const viewColumn = panelColumn === vscode.ViewColumn.One ? vscode.ViewColumn.Beside : vscode.ViewColumn.One;
  await vscode.window.showTextDocument(document, { selection: new vscode.Range(position, position), viewColumn });
}
