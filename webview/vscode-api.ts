/**
 * The page's one connection to the extension host: `acquireVsCodeApi()` is called once
 * (VS Code throws on a second call), messages both ways are typed by the shared protocol, and
 * requests are matched to replies by id, with a timeout so nothing waits forever.
 */
import {
  type HostToWebview,
  REQUEST_TIMEOUT_MS,
  type RequestMap,
  type RequestMethod,
  type WebviewRequest,
  type WebviewToHost,
} from '../src/shared/protocol';
import { type Disposable, listen } from './dispose';

/** What VS Code injects into every webview. */
interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState<T>(state: T): T;
}
declare function acquireVsCodeApi(): VsCodeApi;

type HostEvent = Exclude<HostToWebview, { type: 'reply' }>;
type Reply = Extract<HostToWebview, { type: 'reply' }>;

interface PendingRequest {
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

const HOST_MESSAGE_TYPES: ReadonlySet<string> = new Set<HostToWebview['type']>([
  'run-started', 'sample-inspected', 'codec-stage', 'codec-result', 'run-finished', 'run-ended', 'reply',
  'probes-started', 'probe-result', 'probes-finished', 'probes-ended',
]);

/** The page gets 'message' events from more than the host (extensions, devtools): keep ours. */
function isHostMessage(data: unknown): data is HostToWebview {
  return typeof data === 'object' && data !== null && HOST_MESSAGE_TYPES.has((data as { type?: unknown }).type as string);
}

export class HostConnection implements Disposable {
  private readonly pending = new Map<number, PendingRequest>();
  private readonly listeners = new Set<(message: HostEvent) => void>();
  private readonly windowListener: Disposable;
  private nextRequestId = 1;

  constructor(private readonly api: VsCodeApi, private readonly timeoutMs = REQUEST_TIMEOUT_MS) {
    this.windowListener = listen(window, 'message', (event) => {
      if (!isHostMessage(event.data)) return;
      if (event.data.type === 'reply') this.settle(event.data);
      else for (const listener of [...this.listeners]) listener(event.data);
    });
  }

  post(message: WebviewToHost): void {
    this.api.postMessage(message);
  }

  onMessage(listener: (message: HostEvent) => void): Disposable {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** Rejects with the host's error, or after the timeout if no reply comes. */
  request<M extends RequestMethod>(method: M, params: RequestMap[M]['params']): Promise<RequestMap[M]['result']> {
    const requestId = this.nextRequestId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(requestId);
        reject(new Error(`no answer from the extension to '${method}' within ${Math.round(this.timeoutMs / 1000)} s`));
      }, this.timeoutMs);
      this.pending.set(requestId, { resolve: resolve as (value: unknown) => void, reject, timer });
      // The method and its params are paired by the signature above; TS cannot follow it here.
      this.post({ type: 'request', requestId, request: { method, params } as WebviewRequest });
    });
  }

  getState(): unknown {
    return this.api.getState();
  }

  setState(state: unknown): void {
    this.api.setState(state);
  }

  dispose(): void {
    this.windowListener.dispose();
    this.listeners.clear();
    for (const [, request] of this.pending) {
      clearTimeout(request.timer);
      request.reject(new Error('the panel closed before the extension answered'));
    }
    this.pending.clear();
  }

  private settle(reply: Reply): void {
    const request = this.pending.get(reply.requestId);
    if (!request) return; // timed out already, or not ours
    this.pending.delete(reply.requestId);
    clearTimeout(request.timer);
    if (reply.ok) request.resolve(reply.value);
    else request.reject(new Error(reply.error));
  }
}

let connection: HostConnection | undefined;

/** The page's connection, created on first use: `acquireVsCodeApi()` may run only once. */
export function hostConnection(): HostConnection {
  connection ??= new HostConnection(acquireVsCodeApi());
  return connection;
}
