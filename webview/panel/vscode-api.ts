/**
 * The page's one connection to the extension host: `acquireVsCodeApi()` is called once
 * (VS Code throws on a second call), and everything both ways goes over the shared channel,
 * typed from the panel's conversation (shared/protocol.ts): requests with a timeout so nothing
 * waits forever, notifications the host answers with nothing, and the host's run events.
 */
import { ChannelClient, ChannelError, isChannelMessage, type Transport } from '../../src/shared/channel';
import {
  type NotificationMethod,
  type PanelEvents,
  type PanelMethods,
  REQUEST_TIMEOUT_MS,
  type RequestMap,
  type RequestMethod,
} from '../../src/shared/protocol';
import type { RunEvent } from '../../src/shared/run-events';
import { type Disposable, listen } from '../common/dispose';

/** What VS Code injects into every webview. */
interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState<T>(state: T): T;
}
declare function acquireVsCodeApi(): VsCodeApi;

/** The channel's transport from the page: posts through the API, hears the window's messages. */
function pageTransport(api: VsCodeApi, subscriptions: Disposable[]): Transport {
  return {
    send: (message) => api.postMessage(message),
    listen(onMessage) {
      // The page never sees the host go: the page goes first. It gets 'message' events from
      // more than the host (extensions, devtools): only the channel's are kept.
      subscriptions.push(
        listen(window, 'message', (event) => {
          if (isChannelMessage(event.data)) onMessage(event.data);
        }),
      );
    },
    end: () => undefined,
  };
}

export class HostConnection implements Disposable {
  private readonly subscriptions: Disposable[] = [];
  private readonly channel: ChannelClient<PanelMethods, PanelEvents>;

  constructor(
    private readonly api: VsCodeApi,
    private readonly timeoutMs = REQUEST_TIMEOUT_MS,
  ) {
    this.channel = new ChannelClient<PanelMethods, PanelEvents>(pageTransport(api, this.subscriptions));
  }

  /** Another conversation over the same page channel (the host's requests to the page). */
  transport(): Transport {
    return pageTransport(this.api, this.subscriptions);
  }

  /** Tells the host; the page waits for no answer (the host acts, and says so through run events). */
  notify<M extends NotificationMethod>(method: M, params: PanelMethods[M]['params']): void {
    this.channel.request(method, params).catch(() => undefined);
  }

  onRun(listener: (event: RunEvent) => void): Disposable {
    return { dispose: this.channel.on('run', listener) };
  }

  /** Rejects with the host's error, or after the timeout if no reply comes. */
  async request<M extends RequestMethod>(method: M, params: RequestMap[M]['params']): Promise<RequestMap[M]['result']> {
    try {
      return await this.channel.request(method, params, { timeoutMs: this.timeoutMs });
    } catch (error) {
      if (!(error instanceof ChannelError)) throw error;
      if (error.kind === 'timeout') throw new Error(`no answer from the extension to '${method}' within ${Math.round(this.timeoutMs / 1000)} s`);
      if (error.kind === 'gone') throw new Error('the panel closed before the extension answered');
      throw new Error(error.message);
    }
  }

  getState(): unknown {
    return this.api.getState();
  }

  setState(state: unknown): void {
    this.api.setState(state);
  }

  dispose(): void {
    while (this.subscriptions.length > 0) this.subscriptions.pop()?.dispose();
    this.channel.close('the panel closed');
  }
}

let connection: HostConnection | undefined;

/** The page's connection, created on first use: `acquireVsCodeApi()` may run only once. */
export function hostConnection(): HostConnection {
  connection ??= new HostConnection(acquireVsCodeApi());
  return connection;
}
