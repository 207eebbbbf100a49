/**
 * Steps of the Getting Started walkthrough (package.json `walkthroughs`) that are done once
 * something happened, not when their command was merely invoked: a row inspected, a sweep
 * started (its command asks for the sample and codecs first, and a step completed on the
 * command alone re-drew the walkthrough while those quick picks were open, closing them).
 * Each is a context key its step's `completionEvents` name (`onContext:…`).
 */
import * as vscode from 'vscode';

export type WalkthroughMilestone = 'payloadLab.inspected' | 'payloadLab.swept';

export function reachedWalkthroughMilestone(milestone: WalkthroughMilestone): void {
  void vscode.commands.executeCommand('setContext', milestone, true);
}
