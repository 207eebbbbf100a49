/**
 * One run at a time for every session: a request made while a run stops waits for it; of
 * several made meanwhile only the last one runs; two runs never overlap.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RunSlot } from '../../src/host/run-slot';

/** A run that lasts until cancelled, counting how many are live at once. */
function tracker() {
  let live = 0;
  let mostAtOnce = 0;
  const started: string[] = [];
  const run = (name: string) => (controller: AbortController) => {
    started.push(name);
    live++;
    mostAtOnce = Math.max(mostAtOnce, live);
    return new Promise<string>((resolve) => {
      controller.signal.addEventListener('abort', () => {
        // Stopping takes a few turns of the event loop, as terminating a worker does.
        setImmediate(() => {
          live--;
          resolve(`${name} stopped`);
        });
      });
    });
  };
  return { run, started, mostAtOnce: () => mostAtOnce };
}

test('three requests while a run stops: the first run ends, only the last request runs, never two at once', async () => {
  const slot = new RunSlot();
  const { run, started, mostAtOnce } = tracker();
  const first = slot.run(run('first'));
  const second = slot.run(run('second'));
  const third = slot.run(run('third'));
  const fourth = slot.run(run('fourth'));
  assert.deepEqual(await first, { started: true, value: 'first stopped' });
  assert.deepEqual(await second, { started: false });
  assert.deepEqual(await third, { started: false });
  assert.equal(slot.busy, true);
  assert.deepEqual(started, ['first', 'fourth']);
  slot.cancel();
  assert.deepEqual(await fourth, { started: true, value: 'fourth stopped' });
  assert.equal(mostAtOnce(), 1);
  assert.equal(slot.busy, false);
});

test('a run that fails frees the slot for the next request', async () => {
  const slot = new RunSlot();
  await assert.rejects(
    slot.run(async () => {
      throw new Error('boom');
    }),
    /boom/,
  );
  assert.equal(slot.busy, false);
  assert.deepEqual(await slot.run(async () => 'next'), { started: true, value: 'next' });
});
