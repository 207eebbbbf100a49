/**
 * VS Code's Restricted Mode (an untrusted workspace): Payload Lab measures with its bundled
 * libraries only. A repository's files may be its samples and schemas, but nothing in it may make
 * a program run: the rows that run a code generator and the code it writes are skipped with the
 * reason TRUST_NEEDED (the engine gets it as plain data, CodegenSettings.restricted), and a .fbs, .capnp
 * or .bop schema, which only its compiler reads, is not compiled. The settings that choose
 * programs or files are `restrictedConfigurations` in package.json: VS Code then reads them from
 * User settings only.
 */
import * as vscode from 'vscode';
import { TRUST_NEEDED } from '../shared/trust';

/** Restricted Mode: the workspace is not trusted. */
export function inRestrictedMode(): boolean {
  return !vscode.workspace.isTrusted;
}

/** The reason to hand the engine, or undefined in a trusted workspace. */
export function restrictedReason(): string | undefined {
  return inRestrictedMode() ? TRUST_NEEDED : undefined;
}

const MANAGE_TRUST = 'Manage Workspace Trust';

/** Said where a whole action needs trust (a .fbs comparison): why, and the way to trust the folder. */
export function showTrustNeeded(action: string): void {
  void vscode.window.showWarningMessage(`Payload Lab: ${action} needs a trusted workspace (${TRUST_NEEDED}).`, MANAGE_TRUST).then((choice) => {
    if (choice) void vscode.commands.executeCommand('workbench.trust.manage');
  });
}

/**
 * Once the workspace is trusted, the last comparison's rows that were skipped for want of trust
 * can be measured: offered as a Re-run (trust never ends within a window: VS Code reloads it).
 */
export function offerRerunOnTrust(lastSkippedForTrust: () => boolean, rerun: () => void): vscode.Disposable {
  return vscode.workspace.onDidGrantWorkspaceTrust(() => {
    if (!lastSkippedForTrust()) return;
    void vscode.window
      .showInformationMessage('Payload Lab: the workspace is trusted now: re-run the comparison to measure the rows that run code generators.', 'Re-run')
      .then((choice) => {
        if (choice) rerun();
      });
  });
}
