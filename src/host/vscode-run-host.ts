/**
 * The editor's side of every run (run-lifecycle.ts) in VS Code: the results panel, a
 * cancellable progress notification, the Payload Lab log, error notifications, the workspace
 * state, and the `payloadLab.running` context that enables "Payload Lab: Cancel Run" while any
 * kind of run goes on.
 */
import * as vscode from 'vscode';
import { type PanelActions, ResultsPanel } from '../panel/results-panel';
import type { RunKind } from '../shared/run-events';
import type { RunHost } from './run-lifecycle';

export function vscodeRunHost(context: vscode.ExtensionContext, log: vscode.LogOutputChannel, panelActions: () => PanelActions): RunHost<ResultsPanel> {
  const busy = new Set<RunKind>();
  return {
    showPanel: () => ResultsPanel.show(context.extensionUri, panelActions()),
    openPanel: () => ResultsPanel.open,
    withProgress: (title, work) =>
      Promise.resolve(
        vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Payload Lab: ${title}`, cancellable: true }, (progress, token) =>
          work({
            report: (message, increment) => progress.report({ message, ...(increment === undefined ? {} : { increment }) }),
            onCancel: (listener) => token.onCancellationRequested(listener),
          }),
        ),
      ),
    log,
    showError: (message) => void vscode.window.showErrorMessage(message),
    setBusy: (kind, running) => {
      if (running) busy.add(kind);
      else busy.delete(kind);
      void vscode.commands.executeCommand('setContext', 'payloadLab.running', busy.size > 0);
    },
    storage: {
      get: (key) => context.workspaceState.get(key),
      update: (key, value) => void context.workspaceState.update(key, value),
    },
  };
}
