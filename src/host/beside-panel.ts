/**
 * Where the extension opens a file while its panel is up (Open sample, an inferred schema, Go
 * to Error, a schema problem's place): in the editor group beside the panel, where the sample
 * usually is, so the panel stays in view. Never over the panel, and never in a new group: VS
 * Code's `ViewColumn.Beside` is beside the active group, and with the panel focused that made a
 * third column. Without a panel, the active group, as VS Code would choose.
 */
import * as vscode from 'vscode';
import { ResultsPanel } from '../panel/results-panel';

export function columnBesidePanel(): vscode.ViewColumn {
  const panel = ResultsPanel.open?.viewColumn;
  if (panel === undefined) return vscode.ViewColumn.Active;
  const others = vscode.window.tabGroups.all.map((group) => group.viewColumn).filter((column) => column !== panel);
  // The panel alone: a group beside it (the panel's group is the only one, so it is the active one).
  if (others.length === 0) return vscode.ViewColumn.Beside;
  // The nearest group, the one on the panel's left first (the panel opens to the right of the sample).
  return others.sort((a, b) => Math.abs(a - panel) - Math.abs(b - panel) || a - b)[0]!;
}
