/**
 * Values nested past what recursion survives: their JSON text and size, their depth, and what
 * crosses a thread boundary (a reply the other side cannot read fails at once, not by timeout).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';
import { jsonText } from '../../src/analysis/json-text';
import { nestingDepth } from '../../src/analysis/nesting';
import { ChannelClient, ChannelError, serve, type ChannelMessage, type Transport } from '../../src/shared/channel';
import { workerTransport } from '../../src/processes/node-transports';
import { MAX_TYPE_NAME, TypeNames } from '../../src/schema/names';
import { nestedArraysText } from '../support/hostile-shapes';

function nestedArrays(depth: number): unknown {
  let value: unknown = [];
  for (let i = 1; i < depth; i++) value = [value];
  return value;
}

test('jsonText writes a value too deep for JSON.stringify, exactly as JSON.parse read it', () => {
  const text = nestedArraysText(50_000);
  const value = JSON.parse(text) as unknown;
  assert.throws(() => JSON.stringify(value), RangeError, 'the case this exists for');
  assert.equal(jsonText(value), text);
  let mixed: unknown = { s: 'é"\n', n: -0.5, t: true, z: null, u: undefined, f: () => 1, big: 1e21, inf: Infinity };
  for (let i = 0; i < 20_000; i++) mixed = { k: [mixed, undefined, 'x'] };
  const deep = jsonText(mixed)!;
  assert.ok(deep.startsWith('{"k":['.repeat(3)));
  assert.ok(deep.endsWith(',null,"x"]}'.repeat(3)), 'undefined in an array is null');
  assert.ok(deep.includes('{"s":"é\\"\\n","n":-0.5,"t":true,"z":null,"big":1e+21,"inf":null}'), 'leaves as JSON.stringify writes them');
});

test('jsonText gives what JSON.stringify gives where it works', () => {
  for (const value of [{ a: [1, 'two', null, { b: false }] }, 'text', 3, null, [], {}, undefined, [undefined]]) {
    assert.equal(jsonText(value), JSON.stringify(value));
  }
});

test('nestingDepth counts levels without recursion and stops past its cap', () => {
  assert.equal(nestingDepth(1, 10), 0);
  assert.equal(nestingDepth([], 10), 1);
  assert.equal(nestingDepth({ a: [1, { b: [] }], c: {} }, 10), 4);
  assert.equal(nestingDepth(nestedArrays(100_000), 1_000_000), 100_000);
  assert.equal(nestingDepth(nestedArrays(100_000), 500), 501);
  const cycle: Record<string, unknown> = {};
  cycle.self = cycle;
  assert.equal(nestingDepth(cycle, 50), 51, 'a cycle ends at the cap');
});

test('type names nested 1,000 deep are cut to their end, still unique and valid identifiers', () => {
  const names = new TypeNames();
  const taken = new Set<string>();
  let hint = 'Item';
  for (let level = 0; level < 1_000; level++) {
    hint = `${hint}Item`;
    const name = names.take(`${hint}List`);
    assert.ok(name.length <= MAX_TYPE_NAME + 4, name);
    assert.match(name, /^[A-Z][A-Za-z0-9]*List\d*$/);
    assert.ok(!taken.has(name));
    taken.add(name);
  }
  assert.equal(names.take('ShortName'), 'ShortName');
});

interface Crossing {
  answer: { params: { kind: 'function' }; result: unknown };
}

test('an answer that cannot be sent comes back at once as an error naming why, not as a timeout', async () => {
  let toServer: (message: ChannelMessage) => void = () => undefined;
  let toClient: (message: ChannelMessage) => void = () => undefined;
  // As postMessage does: the message is cloned when sent, and a clone that fails throws there.
  const server: Transport = {
    send: (message) => {
      const copy = structuredClone(message);
      queueMicrotask(() => toClient(copy));
    },
    listen: (on) => (toServer = on),
    end: () => undefined,
  };
  const client: Transport = { send: (message) => queueMicrotask(() => toServer(message)), listen: (on) => (toClient = on), end: () => undefined };
  serve<Crossing>(server, { answer: () => ({ run() {} }) });
  const channel = new ChannelClient<Crossing>(client);
  await assert.rejects(
    channel.request('answer', { kind: 'function' }, { timeoutMs: 60_000 }),
    (error: ChannelError) => error.kind === 'remote' && error.code === 'unsendable' && /answer: the answer could not be sent/.test(error.message),
  );
});

test('a worker message the host cannot deserialize ends the worker and fails the request at once', async () => {
  // The worker (a large stack) sends nesting the host's main thread (about 1 MB) cannot read back.
  const worker = new Worker(
    `const { parentPort } = require('node:worker_threads');
     parentPort.on('message', (message) => {
       let value = []; for (let i = 0; i < 30000; i++) value = [value];
       parentPort.postMessage({ channel: 'reply', id: message.id, reply: { ok: value } });
     });`,
    { eval: true, resourceLimits: { stackSizeMb: 64 } },
  );
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  const channel = new ChannelClient<Crossing>(workerTransport(worker));
  await assert.rejects(
    channel.request('answer', { kind: 'function' }, { timeoutMs: 60_000 }),
    (error: ChannelError) => error.kind === 'gone' && /could not be read \(Maximum call stack size exceeded\)/.test(error.message),
  );
  await exited;
});
