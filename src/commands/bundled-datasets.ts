/** Samples shipped in `schemas/`: the datasets the published benchmarks use. */
import * as vscode from 'vscode';

export interface BundledDataset {
  label: string;
  description: string;
  uri: vscode.Uri;
}

export function bundledDatasets(extensionUri: vscode.Uri): BundledDataset[] {
  return [
    {
      label: 'Tuple dataset',
      description: 'published benchmark: {items:[{x,y,z}]}, about 1 MB',
      uri: vscode.Uri.joinPath(extensionUri, 'schemas', 'tuples.json'),
    },
  ];
}
