/**
 * The page's one connection to the extension host: `acquireVsCodeApi()` is called once
 * (VS Code throws on a second call), messages both ways are typed by the shared protocol, and
 * requests go over the shared channel (typed from `RequestMap`), with a timeout so nothing
 * waits forever.
 */
import { ChannelClient, ChannelError, isChannelMessage, type Transport } from '../../src/shared/channel';
import { type HostToWebview, REQUEST_TIMEOUT_MS, type RequestMap, type RequestMethod, type WebviewToHost } from '../../src/shared/protocol';
import { type Disposable, listen } from '../common/dispose';
import { SWEEP_MESSAGE_TYPES } from '../../src/shared/sweep-protocol';

/** What VS Code injects into every webview. */
interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState<T>(state: T): T;
}
declare function acquireVsCodeApi(): VsCodeApi;

type HostEvent = HostToWebview;

const HOST_MESSAGE_TYPES: ReadonlySet<string> = new Set<HostToWebview['type']>([
  'run-started', 'sample-read', 'codec-stage', 'codec-result', 'run-finished', 'run-ended',
  'probes-started', 'probe-result', 'probes-finished', 'probes-ended',
  ...SWEEP_MESSAGE_TYPES,
]);

/** The page gets 'message' events from more than the host (extensions, devtools): keep ours. */
function isHostMessage(data: unknown): data is HostToWebview {
  return typeof data === 'object' && data !== null && HOST_MESSAGE_TYPES.has((data as { type?: unknown }).type as string);
}

/** The channel's transport from the page: posts through the API, hears the window's messages. */
function pageTransport(api: VsCodeApi, subscriptions: Disposable[]): Transport {
  return {
    send: (message) => api.postMessage(message),
    listen(onMessage) {
      // The page never sees the host go: the page goes first.
      subscriptions.push(listen(window, 'message', (event) => {
        if (isChannelMessage(event.data)) onMessage(event.data);
      }));
    },
    end: () => undefined,
  };
}

export class HostConnection implements Disposable {
  private readonly listeners = new Set<(message: HostEvent) => void>();
  private readonly subscriptions: Disposable[] = [];
  private readonly channel: ChannelClient<RequestMap>;

  constructor(private readonly api: VsCodeApi, private readonly timeoutMs = REQUEST_TIMEOUT_MS) {
    this.channel = new ChannelClient<RequestMap>(pageTransport(api, this.subscriptions));
    this.subscriptions.push(listen(window, 'message', (event) => {
      if (isHostMessage(event.data)) for (const listener of [...this.listeners]) listener(event.data);
    }));
  }

  /** Another conversation over the same page channel (the host's requests to the page). */
  transport(): Transport {
    return pageTransport(this.api, this.subscriptions);
  }

  post(message: WebviewToHost): void {
    this.api.postMessage(message);
  }

  onMessage(listener: (message: HostEvent) => void): Disposable {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
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
    this.listeners.clear();
    this.channel.close('the panel closed');
  }
}

let connection: HostConnection | undefined;

/** The page's connection, created on first use: `acquireVsCodeApi()` may run only once. */
export function hostConnection(): HostConnection {
  connection ??= new HostConnection(acquireVsCodeApi());
  return connection;
}
