/**
 * The results panel: one at a time, revealed on the next run, revived after a window reload.
 * The host keeps the messages of the current run and replays them whenever the page says
 * "ready" (a hidden webview is destroyed and re-created: no retainContextWhenHidden).
 */
import * as vscode from 'vscode';
import { ChannelClient, isChannelMessage, serve } from '../shared/channel';
import type { MeasureEvents, PageMeasuringMethods } from '../shared/measure-frame';
import { isProbeMessage, RESULTS_VIEW_TYPE, type HostToWebview, type PostedToHost, type RequestHandlers, type RequestMap } from '../shared/protocol';
import { webviewPanelTransport } from './panel-transport';
import { isSweepMessage } from '../shared/sweep-protocol';
import type { SchemaVariants } from '../shared/variants';
import { buildPanelHtml, createNonce } from './html';

/** How long a run waits for the page to come back after its policy changed. */
const READY_WAIT_MS = 15_000;

export interface PanelActions {
  rerun(): void;
  cancel(): void;
  openSample(): void;
  setVariants(variants: Partial<SchemaVariants>): void;
  probeLibraries(): void;
  cancelProbes(): void;
  cancelSweep(): void;
  /** The page closed its inspector, or was re-created without it: its worker can stop. */
  closeInspector(): void;
  /**
   * The panel is gone: what it owns ends with it (the run and its workers, the inspection
   * worker, the probe processes), quietly: nobody is left to tell.
   */
  panelClosed(): void;
  /** One handler per webview request; a thrown error becomes a rejected reply with its message. */
  requests: RequestHandlers;
}

export class ResultsPanel implements vscode.Disposable {
  private static current: ResultsPanel | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private runMessages: HostToWebview[] = [];
  /**
   * The current probe run's messages, kept apart: a probe run is independent of comparison
   * runs, so a new comparison must not drop them. (The page also saves its probe results in
   * its state; this replay covers what arrived while the page was hidden, i.e. gone.)
   */
  private probeMessages: HostToWebview[] = [];
  /** The current size sweep's messages, kept apart in the same way. */
  private sweepMessages: HostToWebview[] = [];
  private disposed = false;
  private measuringFrameOrigin: string | undefined;
  private readyWaiters: Array<() => void> = [];
  /** The host's requests to the page: codec jobs for the browser runtime (see host/panel-browser-runtime.ts). */
  readonly measuring: ChannelClient<PageMeasuringMethods, MeasureEvents>;

  private constructor(
    private readonly panel: vscode.WebviewPanel,
    private readonly extensionUri: vscode.Uri,
    private readonly actions: PanelActions,
    private readonly log: vscode.LogOutputChannel,
  ) {
    panel.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'icon.png');
    panel.webview.options = webviewOptions(extensionUri);
    panel.webview.html = this.html();
    // The page's requests, answered over the channel; handlers still running when the panel
    // goes see their signal abort.
    serve<RequestMap>(webviewPanelTransport(panel, this.disposables), actions.requests);
    this.measuring = new ChannelClient<PageMeasuringMethods, MeasureEvents>(webviewPanelTransport(panel, this.disposables));
    this.disposables.push(
      panel.onDidDispose(() => this.dispose()),
      panel.webview.onDidReceiveMessage((message: PostedToHost) => {
        if (!isChannelMessage(message)) this.receive(message);
      }),
    );
  }

  /** The panel, created beside the editor if there is none, and revealed (beside it too). */
  static show(extensionUri: vscode.Uri, actions: PanelActions, log: vscode.LogOutputChannel): ResultsPanel {
    if (ResultsPanel.current) {
      ResultsPanel.current.panel.reveal(revealColumn(ResultsPanel.current.panel), true);
      return ResultsPanel.current;
    }
    const panel = vscode.window.createWebviewPanel(RESULTS_VIEW_TYPE, 'Payload Lab', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, webviewOptions(extensionUri));
    ResultsPanel.current = new ResultsPanel(panel, extensionUri, actions, log);
    return ResultsPanel.current;
  }

  /** After a reload: the page restores its own state; the host has no run to replay. */
  static revive(panel: vscode.WebviewPanel, extensionUri: vscode.Uri, actions: PanelActions, log: vscode.LogOutputChannel): void {
    ResultsPanel.current?.dispose();
    ResultsPanel.current = new ResultsPanel(panel, extensionUri, actions, log);
  }

  static get open(): ResultsPanel | undefined {
    return ResultsPanel.current;
  }

  get viewColumn(): vscode.ViewColumn | undefined {
    return this.panel.viewColumn;
  }

  /** Sends a message of the current run, and keeps it for replay; nothing once disposed. */
  post(message: HostToWebview): void {
    if (this.disposed) return;
    if (message.type === 'run-started') this.runMessages = [];
    if (message.type === 'probes-started') this.probeMessages = [];
    if (message.type === 'sweep-started') this.sweepMessages = [];
    if (isProbeMessage(message)) this.probeMessages.push(message);
    else if (isSweepMessage(message)) this.sweepMessages.push(message);
    else this.runMessages.push(message);
    void this.panel.webview.postMessage(message);
  }

  private receive(message: Exclude<PostedToHost, { channel: string }>): void {
    switch (message.type) {
      case 'ready':
        for (const resolve of this.readyWaiters.splice(0)) resolve();
        this.actions.closeInspector();
        for (const kept of [...this.runMessages, ...this.probeMessages, ...this.sweepMessages]) void this.panel.webview.postMessage(kept);
        return;
      case 'rerun':
        return this.actions.rerun();
      case 'cancel':
        return this.actions.cancel();
      case 'open-sample':
        return this.actions.openSample();
      case 'set-variants':
        return this.actions.setVariants(message.variants);
      case 'probe-libraries':
        return this.actions.probeLibraries();
      case 'cancel-probes':
        return this.actions.cancelProbes();
      case 'cancel-sweep':
        return this.actions.cancelSweep();
      case 'inspector-close':
        return this.actions.closeInspector();
      default:
        this.log.warn(`panel: unknown message ${JSON.stringify(message)}`);
    }
  }

  /**
   * Lets the page frame the measuring frames' origin. The policy is fixed when the page loads,
   * so a new origin reloads it; the page then says "ready" and the run is replayed.
   */
  allowMeasuringFrames(origin: string): Promise<void> {
    if (this.measuringFrameOrigin === origin || this.disposed) return Promise.resolve();
    this.measuringFrameOrigin = origin;
    const reloaded = new Promise<void>((resolve) => {
      this.readyWaiters.push(resolve);
      // A hidden panel loads only when shown: the run does not wait for that.
      setTimeout(resolve, READY_WAIT_MS);
    });
    this.panel.webview.html = this.html();
    return reloaded;
  }

  private html(): string {
    const webview = this.panel.webview;
    const dist = vscode.Uri.joinPath(this.extensionUri, 'dist');
    return buildPanelHtml({
      cspSource: webview.cspSource,
      nonce: createNonce(),
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(dist, 'panel.js')).toString(),
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(dist, 'panel.css')).toString(),
      ...(this.measuringFrameOrigin ? { measuringFrameOrigin: this.measuringFrameOrigin } : {}),
    });
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    if (ResultsPanel.current === this) ResultsPanel.current = undefined;
    this.actions.panelClosed();
    this.panel.dispose();
    while (this.disposables.length > 0) this.disposables.pop()?.dispose();
  }
}

/**
 * Where to reveal the existing panel: beside the active editor when the panel is a background
 * tab of that editor's group (revealing it in place would hide the JSON the user compared, e.g.
 * Compare Encodings from the editor's title bar); otherwise where it is.
 */
function revealColumn(panel: vscode.WebviewPanel): vscode.ViewColumn | undefined {
  const sharesActiveGroup = panel.viewColumn !== undefined && panel.viewColumn === vscode.window.tabGroups.activeTabGroup.viewColumn;
  return sharesActiveGroup && !panel.active ? vscode.ViewColumn.Beside : undefined;
}

function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions & vscode.WebviewPanelOptions {
  return {
    enableScripts: true,
    // The page loads only the bundle and media: nothing else on disk is reachable.
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist'), vscode.Uri.joinPath(extensionUri, 'media')],
  };
}
