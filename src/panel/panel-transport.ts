/**
 * The channel's transport over a webview panel: the host's end. The page is gone when the
 * panel is disposed; nothing is posted to a disposed webview (VS Code would throw).
 */
import type * as vscode from 'vscode';
import { isChannelMessage, type Transport } from '../shared/channel';

export function webviewPanelTransport(panel: vscode.WebviewPanel, subscriptions: vscode.Disposable[]): Transport {
  let disposed = false;
  return {
    send(message) {
      if (!disposed) void panel.webview.postMessage(message);
    },
    listen(onMessage, onGone) {
      subscriptions.push(
        panel.webview.onDidReceiveMessage((message: unknown) => {
          if (isChannelMessage(message)) onMessage(message);
        }),
        panel.onDidDispose(() => {
          disposed = true;
          onGone({ reason: 'closed', detail: 'the panel closed' });
        }),
      );
    },
    end: () => {
      panel.dispose();
    },
  };
}
