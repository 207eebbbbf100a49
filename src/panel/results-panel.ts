/**
 * The results panel: one at a time, revealed on the next run, revived after a window reload.
 * One typed conversation with its page (shared/protocol.ts): the page's calls go to the
 * handlers the extension gives, every run's events go to the page, and the host keeps the
 * current run of each kind (RunReplay) to replay whenever the page says "ready" (a hidden
 * webview is destroyed and re-created: no retainContextWhenHidden).
 */
import * as vscode from 'vscode';
import { ChannelClient, type Handlers, serve, type Served } from '../shared/channel';
import type { MeasureEvents, PageMeasuringMethods } from '../shared/measure-frame';
import { RESULTS_VIEW_TYPE, type PanelEvents, type PanelMethods } from '../shared/protocol';
import type { RunEvent } from '../shared/run-events';
import { webviewPanelTransport } from './panel-transport';
import { RunReplay } from './run-replay';
import { buildPanelHtml, createNonce } from './html';

/** How long a run waits for the page to come back after its policy changed. */
const READY_WAIT_MS = 15_000;

export interface PanelActions {
  /**
   * One handler per call of the page but `ready`, which the panel answers itself; a thrown error
   * becomes a rejected reply with its message.
   */
  requests: Handlers<Omit<PanelMethods, 'ready'>>;
  /** The page loaded again (without its inspector: that worker can stop). */
  pageLoaded(): void;
  /**
   * The panel is gone: what it owns ends with it (the runs and their workers, the inspection
   * worker, the probe processes), quietly: nobody is left to tell.
   */
  panelClosed(): void;
}

export class ResultsPanel implements vscode.Disposable {
  private static current: ResultsPanel | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly replay = new RunReplay();
  private readonly page: Served<PanelEvents>;
  private disposed = false;
  private measuringFrameOrigin: string | undefined;
  private readyWaiters: Array<() => void> = [];
  /** The host's requests to the page: codec jobs for the browser runtime (see host/panel-browser-runtime.ts). */
  readonly measuring: ChannelClient<PageMeasuringMethods, MeasureEvents>;

  private constructor(
    private readonly panel: vscode.WebviewPanel,
    private readonly extensionUri: vscode.Uri,
    private readonly actions: PanelActions,
  ) {
    panel.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'icon.png');
    panel.webview.options = webviewOptions(extensionUri);
    panel.webview.html = this.html();
    // The page's calls, answered over the channel; handlers still running when the panel goes
    // see their signal abort.
    const handlers: Handlers<PanelMethods> = { ...actions.requests, ready: () => this.pageReady() };
    this.page = serve<PanelMethods, PanelEvents>(webviewPanelTransport(panel, this.disposables), handlers);
    this.measuring = new ChannelClient<PageMeasuringMethods, MeasureEvents>(webviewPanelTransport(panel, this.disposables));
    this.disposables.push(panel.onDidDispose(() => this.dispose()));
  }

  /** The panel, created beside the editor if there is none, and revealed (beside it too). */
  static show(extensionUri: vscode.Uri, actions: PanelActions): ResultsPanel {
    if (ResultsPanel.current) {
      ResultsPanel.current.panel.reveal(revealColumn(ResultsPanel.current.panel), true);
      return ResultsPanel.current;
    }
    const panel = vscode.window.createWebviewPanel(
      RESULTS_VIEW_TYPE,
      'Payload Lab',
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      webviewOptions(extensionUri),
    );
    ResultsPanel.current = new ResultsPanel(panel, extensionUri, actions);
    return ResultsPanel.current;
  }

  /** After a reload: the page restores its own state; the host has no run to replay. */
  static revive(panel: vscode.WebviewPanel, extensionUri: vscode.Uri, actions: PanelActions): void {
    ResultsPanel.current?.dispose();
    ResultsPanel.current = new ResultsPanel(panel, extensionUri, actions);
  }

  static get open(): ResultsPanel | undefined {
    return ResultsPanel.current;
  }

  get viewColumn(): vscode.ViewColumn | undefined {
    return this.panel.viewColumn;
  }

  /** Sends a run's event to the page, and keeps it for a page that loads again; nothing once disposed. */
  emitRun(event: RunEvent): void {
    if (this.disposed) return;
    this.replay.record(event);
    void this.page.emit('run', event);
  }

  private pageReady(): void {
    for (const resolve of this.readyWaiters.splice(0)) resolve();
    this.actions.pageLoaded();
    for (const event of this.replay.events()) void this.page.emit('run', event);
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
