/**
 * One way to talk across every boundary (panel ⇄ host, host ⇄ worker, host ⇄ process): a
 * conversation is a method map (method → params and result) and an event map (event → data);
 * the caller's and the handler's types both come from them, so they cannot disagree. Replies
 * are `{ ok } | { err }`; every request settles exactly once: its reply, its timeout, its
 * cancellation, or the other side going away (crash, out of memory, exit, close), whichever
 * comes first. Transports (postMessage, worker_threads, child_process IPC) only move messages
 * and say when the other side is gone. Plain data only: no Node, no vscode, no DOM.
 */
import { CANCELLED_CODE, CancelledError } from './cancelled';

/** A conversation's requests: each method's params and the result it answers with. */
export type MethodsOf<M> = { [K in keyof M]: { params: unknown; result: unknown } };
export type ParamsOf<M extends MethodsOf<M>, K extends keyof M> = M[K]['params'];
export type ResultOf<M extends MethodsOf<M>, K extends keyof M> = M[K]['result'];

/** An error as it crosses a boundary; `code` names a kind the caller may act on. */
export interface RemoteError {
  message: string;
  code?: string;
}

export type Reply<R> = { ok: R } | { err: RemoteError };

export type ChannelMessage =
  | { channel: 'request'; id: number; method: string; params: unknown }
  | { channel: 'cancel'; id: number }
  | { channel: 'reply'; id: number; reply: Reply<unknown> }
  | { channel: 'event'; event: string; data: unknown };

/** Whether a posted value is one of the channel's (a page or process may get other messages too). */
export function isChannelMessage(value: unknown): value is ChannelMessage {
  if (typeof value !== 'object' || value === null) return false;
  const kind = (value as { channel?: unknown }).channel;
  return kind === 'request' || kind === 'cancel' || kind === 'reply' || kind === 'event';
}

/**
 * How the other side went away. `detail`: the crash's message, "code 1" or "SIGKILL" for an
 * exit, the reason given to `close()`.
 */
export interface Gone {
  reason: 'closed' | 'exited' | 'crashed' | 'out-of-memory';
  detail: string;
}

export function describeGone(gone: Gone, what = 'the other side'): string {
  switch (gone.reason) {
    case 'closed':
      return `${what} was closed (${gone.detail})`;
    case 'exited':
      return `${what} exited with ${gone.detail}`;
    case 'crashed':
      return `${what} crashed: ${gone.detail}`;
    case 'out-of-memory':
      return `${what} ran out of memory`;
  }
}

/** Moves messages; says once that the other side is gone. */
export interface Transport {
  /** May resolve once the message is written (a process about to crash must not lose it). */
  send(message: ChannelMessage): void | Promise<void>;
  /** Called once by the channel that owns this transport. */
  listen(onMessage: (message: ChannelMessage) => void, onGone: (gone: Gone) => void): void;
  /** Ends the other side (terminates the worker, kills the process) and stops listening. */
  end(): void;
}

/**
 * Why a request did not get its result, other than a cancellation: that rejects with a
 * CancelledError, whether the caller's signal fired or the other side threw one.
 */
export class ChannelError extends Error {
  override name = 'ChannelError';
  constructor(
    readonly kind: 'timeout' | 'gone' | 'remote',
    message: string,
    /** The remote error's code, or how the other side went away. */
    readonly code?: string,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  /** Rejects with a `timeout` ChannelError past this; the other side is asked to stop. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: ChannelError | CancelledError): void;
}

/**
 * Sends `message`; a send that throws, or whose promise rejects, calls `onFailure` instead of
 * leaving an unhandled rejection.
 */
function sendOr(transport: Transport, message: ChannelMessage, onFailure: (error: unknown) => void): void {
  try {
    Promise.resolve(transport.send(message)).catch(onFailure);
  } catch (error) {
    onFailure(error);
  }
}

/**
 * The calling side of a conversation: typed requests, typed events. `close()` ends the other
 * side; what is pending then rejects.
 */
export class ChannelClient<M extends MethodsOf<M>, E = Record<never, never>> {
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<keyof E, Set<(data: never) => void>>();
  private readonly goneListeners = new Set<(gone: Gone) => void>();
  private nextId = 1;
  private goneBecause: Gone | undefined;

  constructor(private readonly transport: Transport) {
    transport.listen(
      (message) => this.receive(message),
      (gone) => this.markGone(gone),
    );
  }

  /** How the other side went away, once it has. */
  get gone(): Gone | undefined {
    return this.goneBecause;
  }

  request<K extends keyof M & string>(method: K, params: M[K]['params'], options: RequestOptions = {}): Promise<M[K]['result']> {
    if (this.goneBecause) return Promise.reject(new ChannelError('gone', describeGone(this.goneBecause), this.goneBecause.reason));
    if (options.signal?.aborted) return Promise.reject(new CancelledError(`${method} was cancelled before it started`));
    const id = this.nextId++;
    return new Promise<M[K]['result']>((resolve, reject) => {
      const { signal, timeoutMs } = options;
      const cleanUp = () => {
        this.pending.delete(id);
        if (timer !== undefined) clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const giveUp = (error: ChannelError | CancelledError) => {
        if (!this.pending.has(id)) return;
        cleanUp();
        // The other side may still be working on it: ask it to stop. A cancel that cannot be
        // sent has nobody to tell: this request rejects below either way.
        if (!this.goneBecause) sendOr(this.transport, { channel: 'cancel', id }, () => undefined);
        reject(error);
      };
      const onAbort = () => giveUp(new CancelledError(`${method} was cancelled`));
      const timer =
        timeoutMs === undefined ? undefined : setTimeout(() => giveUp(new ChannelError('timeout', `${method} got no reply within ${timeoutMs} ms`)), timeoutMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, {
        // The one place a wire value becomes the method's result: the map says what it is.
        resolve: (value) => {
          cleanUp();
          resolve(value as M[K]['result']);
        },
        reject: (error) => {
          cleanUp();
          reject(error);
        },
      });
      // Params that cannot cross (not cloneable), or a transport that fails to write: this
      // request fails, the channel stays.
      sendOr(this.transport, { channel: 'request', id, method, params }, (error) =>
        this.pending.get(id)?.reject(new ChannelError('remote', `${method} could not be sent: ${error instanceof Error ? error.message : String(error)}`)),
      );
    });
  }

  /** Listens to one event; returns the unsubscribe. */
  on<K extends keyof E & string>(event: K, listener: (data: E[K]) => void): () => void {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener as (data: never) => void);
    this.listeners.set(event, set);
    return () => set.delete(listener as (data: never) => void);
  }

  /** Called once when the other side goes away (also after `close()`). */
  onGone(listener: (gone: Gone) => void): () => void {
    if (this.goneBecause) {
      listener(this.goneBecause);
      return () => undefined;
    }
    this.goneListeners.add(listener);
    return () => this.goneListeners.delete(listener);
  }

  /** Ends the other side; pending requests reject with `why`. */
  close(why = 'closed'): void {
    if (this.goneBecause) return;
    this.markGone({ reason: 'closed', detail: why });
    this.transport.end();
  }

  private receive(message: ChannelMessage): void {
    if (message.channel === 'reply') {
      const pending = this.pending.get(message.id);
      if (!pending) return;
      // Not `'ok' in`: JSON IPC drops an `ok: undefined`.
      if ('err' in message.reply) pending.reject(remoteError(message.reply.err));
      else pending.resolve(message.reply.ok);
    } else if (message.channel === 'event') {
      for (const listener of this.listeners.get(message.event as keyof E) ?? []) (listener as (data: unknown) => void)(message.data);
    }
  }

  private markGone(gone: Gone): void {
    if (this.goneBecause) return;
    this.goneBecause = gone;
    for (const pending of [...this.pending.values()]) pending.reject(new ChannelError('gone', describeGone(gone), gone.reason));
    this.pending.clear();
    for (const listener of this.goneListeners) listener(gone);
    this.goneListeners.clear();
  }
}

/** What a handler gets besides its params: a signal that fires when the caller gives up. */
export interface HandlerContext {
  signal: AbortSignal;
}

/**
 * One handler per method, each typed from the map: a conversation with a method left
 * unhandled, or a handler answering the wrong type, does not compile.
 */
export type Handlers<M extends MethodsOf<M>> = {
  [K in keyof M]: (params: M[K]['params'], context: HandlerContext) => M[K]['result'] | Promise<M[K]['result']>;
};

/** The error a caller gets for the other side's: a cancellation there is one here too. */
function remoteError(error: RemoteError): ChannelError | CancelledError {
  return error.code === CANCELLED_CODE ? new CancelledError(error.message) : new ChannelError('remote', error.message, error.code);
}

/** A thrown error's words and code (a `code` string property, as Node errors have). */
export function toRemoteError(error: unknown): RemoteError {
  if (!(error instanceof Error)) return { message: String(error) };
  const code = (error as { code?: unknown }).code;
  return { message: error.message || error.name, ...(typeof code === 'string' ? { code } : {}) };
}

/** What `serve` gives back: `emit` for its events, and `idle()` to wait for what it is answering. */
export interface Served<E> {
  emit<K extends keyof E & string>(event: K, data: E[K]): Promise<void>;
  /** Resolves once every request being answered has settled (a cancelled one once its handler returns). */
  idle(): Promise<void>;
}

/** The answering side of a conversation. */
export function serve<M extends MethodsOf<M>, E = Record<never, never>>(transport: Transport, handlers: Handlers<M>): Served<E> {
  const running = new Map<number, AbortController>();
  const inFlight = new Set<Promise<void>>();
  transport.listen(
    (message) => {
      if (message.channel === 'cancel') {
        running.get(message.id)?.abort();
        return;
      }
      if (message.channel !== 'request') return;
      const { id, method, params } = message;
      const controller = new AbortController();
      running.set(id, controller);
      const reply = (value: Reply<unknown>) => {
        running.delete(id);
        try {
          return transport.send({ channel: 'reply', id, reply: value });
        } catch (error) {
          // An answer that cannot cross (not cloneable, or nested past the serializer's stack):
          // the caller hears why now rather than waiting for its timeout.
          const why = error instanceof Error ? error.message : String(error);
          return transport.send({ channel: 'reply', id, reply: { err: { message: `${method}: the answer could not be sent (${why})`, code: 'unsendable' } } });
        }
      };
      const handler = Object.prototype.hasOwnProperty.call(handlers, method) ? handlers[method as keyof M] : undefined;
      if (!handler) {
        // As for an answer below: a reply that fails to send has nobody left to tell.
        Promise.resolve(reply({ err: { message: `no handler for ${method}`, code: 'unknown-method' } })).catch(() => undefined);
        return;
      }
      const answered = Promise.resolve()
        .then(() => handler(params, { signal: controller.signal }))
        .then(
          (value) => reply({ ok: value }),
          (error: unknown) => reply({ err: toRemoteError(error) }),
        )
        .then(
          () => undefined,
          () => undefined,
        );
      inFlight.add(answered);
      void answered.then(() => inFlight.delete(answered));
    },
    () => {
      for (const controller of running.values()) controller.abort();
      running.clear();
    },
  );
  return {
    emit: async (event, data) => transport.send({ channel: 'event', event, data }),
    idle: async () => {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}
