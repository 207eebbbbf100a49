/**
 * The channel every boundary uses, over an in-memory transport: requests typed from a method
 * map, replies `{ ok } | { err }`, and each request settled exactly once: by its reply, its
 * timeout, its cancellation or the other side going away, whichever comes first.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CANCELLED_CODE, CancelledError } from '../../src/shared/cancelled';
import { ChannelClient, ChannelError, serve, type ChannelMessage, type Gone, type Handlers, type Transport } from '../../src/shared/channel';

interface Methods {
  add: { params: { a: number; b: number }; result: number };
  never: { params: Record<string, never>; result: string };
  fail: { params: { code: string }; result: void };
}
interface Events {
  progress: number;
}

/** Two ends; `goneFromClient` says the server went away, as a crash or exit would. */
function pair() {
  let toServer: (message: ChannelMessage) => void = () => undefined;
  let toClient: (message: ChannelMessage) => void = () => undefined;
  let clientGone: (gone: Gone) => void = () => undefined;
  let serverGone: (gone: Gone) => void = () => undefined;
  const sent: ChannelMessage[] = [];
  const client: Transport = {
    send: (message) => {
      sent.push(message);
      queueMicrotask(() => toServer(message));
    },
    listen: (onMessage, onGone) => {
      toClient = onMessage;
      clientGone = onGone;
    },
    end: () => queueMicrotask(() => serverGone({ reason: 'closed', detail: 'ended' })),
  };
  const server: Transport = {
    send: (message) => queueMicrotask(() => toClient(message)),
    listen: (onMessage, onGone) => {
      toServer = onMessage;
      serverGone = onGone;
    },
    end: () => undefined,
  };
  return { client, server, sent, goneFromClient: (gone: Gone) => clientGone(gone), replyToClient: (message: ChannelMessage) => toClient(message) };
}

function start(handlers: Partial<Handlers<Methods>> = {}) {
  const ends = pair();
  const seenSignals: AbortSignal[] = [];
  const { emit } = serve<Methods, Events>(ends.server, {
    add: ({ a, b }) => {
      // The event goes out before the reply; this pair's send queues it and cannot fail.
      void emit('progress', a);
      return a + b;
    },
    never: (_params, { signal }) => {
      seenSignals.push(signal);
      return new Promise(() => undefined);
    },
    fail: ({ code }) => {
      throw Object.assign(new Error('refused'), { code });
    },
    ...handlers,
  });
  const client = new ChannelClient<Methods, Events>(ends.client);
  return { ...ends, client, seenSignals };
}

test('a request answers with the result its handler returns, and events arrive before it', async () => {
  const { client } = start();
  const progress: number[] = [];
  client.on('progress', (value) => progress.push(value));
  assert.equal(await client.request('add', { a: 2, b: 3 }), 5);
  assert.deepEqual(progress, [2]);
});

test('a thrown error comes back as a remote ChannelError with its code', async () => {
  const { client } = start();
  await assert.rejects(
    client.request('fail', { code: 'refused' }),
    (error: ChannelError) => error instanceof ChannelError && error.kind === 'remote' && error.code === 'refused' && error.message === 'refused',
  );
});

test('a cancellation thrown by the other side is a CancelledError here too', async () => {
  const { client } = start();
  await assert.rejects(client.request('fail', { code: CANCELLED_CODE }), (error: Error) => error instanceof CancelledError && error.message === 'refused');
});

test('a request with no reply rejects with a timeout and asks the other side to stop', async () => {
  const { client, sent, seenSignals } = start();
  await assert.rejects(client.request('never', {}, { timeoutMs: 5 }), (error: ChannelError) => error.kind === 'timeout');
  assert.equal(sent.at(-1)?.channel, 'cancel');
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(seenSignals[0]?.aborted, true, "the handler's signal fired");
});

test('aborting the signal cancels the request, and the handler hears it', async () => {
  const { client, seenSignals } = start();
  const controller = new AbortController();
  const pending = client.request('never', {}, { signal: controller.signal });
  await new Promise((resolve) => setImmediate(resolve));
  controller.abort();
  await assert.rejects(pending, (error: Error) => error instanceof CancelledError && !(error instanceof ChannelError));
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(seenSignals[0]?.aborted, true);
});

test('the other side going away rejects every pending request once; a late reply changes nothing', async () => {
  const { client, goneFromClient, replyToClient } = start();
  const outcomes: string[] = [];
  const first = client.request('never', {}).then(
    () => outcomes.push('resolved'),
    (error: ChannelError) => outcomes.push(`${error.kind} ${error.code}`),
  );
  const second = client.request('never', {}).then(
    () => outcomes.push('resolved'),
    (error: ChannelError) => outcomes.push(`${error.kind} ${error.code}`),
  );
  goneFromClient({ reason: 'out-of-memory', detail: 'heap' });
  goneFromClient({ reason: 'exited', detail: 'code 1' });
  replyToClient({ channel: 'reply', id: 1, reply: { ok: 'late' } });
  await Promise.all([first, second]);
  assert.deepEqual(outcomes, ['gone out-of-memory', 'gone out-of-memory']);
  assert.deepEqual(client.gone, { reason: 'out-of-memory', detail: 'heap' });
  await assert.rejects(client.request('add', { a: 1, b: 1 }), (error: ChannelError) => error.kind === 'gone');
});

test('close() ends the other side and rejects what is pending with the reason given', async () => {
  const { client, seenSignals } = start();
  const pending = client.request('never', {});
  await new Promise((resolve) => setImmediate(resolve));
  client.close('the panel closed');
  await assert.rejects(pending, (error: ChannelError) => error.kind === 'gone' && /the panel closed/.test(error.message));
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(seenSignals[0]?.aborted, true, 'the handler was cancelled when its transport ended');
});

test('the compiler refuses a conversation with a method left unhandled', () => {
  const { server } = pair();
  // @ts-expect-error -- `fail` has no handler
  serve<Methods>(server, { add: ({ a, b }) => a + b, never: () => 'x' });
  // @ts-expect-error -- `add` answers a number, not a string
  serve<Methods>(server, { add: () => 'three', never: () => 'x', fail: () => undefined });
});
