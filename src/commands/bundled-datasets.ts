/** Samples shipped in `schemas/`: the published benchmarks' tuples, and a string-heavy one. */
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
    {
      label: 'Web events dataset',
      description: 'string-heavy: ids, names, timestamps, URLs, nested objects, about 1 MB',
      uri: vscode.Uri.joinPath(extensionUri, 'schemas', 'events.json'),
    },
  ];
}
