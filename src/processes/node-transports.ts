/**
 * The channel's transports in Node: a worker thread and a forked child process, each seen from
 * both ends. The host ends say, once, how the other side went away (its `error`, `exit` or
 * `close` event: whichever comes first), so a request pending on a crashed worker settles.
 */
import type { ChildProcess } from 'node:child_process';
import type { MessagePort, Worker } from 'node:worker_threads';
import { isChannelMessage, type Gone, type Transport } from '../shared/channel';

/** Once: the first of several ways to go away wins. */
function goneOnce(onGone: (gone: Gone) => void): (gone: Gone) => void {
  let told = false;
  return (gone) => {
    if (told) return;
    told = true;
    onGone(gone);
  };
}

/** The host's end of a worker thread; `end()` terminates the worker. */
export function workerTransport(worker: Worker): Transport {
  return {
    send: (message) => worker.postMessage(message),
    listen(onMessage, onGone) {
      const gone = goneOnce(onGone);
      worker.on('message', (message: unknown) => {
        if (isChannelMessage(message)) onMessage(message);
      });
      worker.on('error', (error: Error & { code?: string }) =>
        gone({ reason: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'out-of-memory' : 'crashed', detail: error.message }),
      );
      worker.on('exit', (code) => gone({ reason: 'exited', detail: `code ${code}` }));
      // A message this thread cannot deserialize (nested deeper than its stack allows) is
      // otherwise dropped without a word, and the request it answered would wait for its
      // timeout. Whose answer it was is unknown: the worker is ended and every request fails.
      worker.on('messageerror', (error) => {
        gone({ reason: 'crashed', detail: `a message from it could not be read (${error.message})` });
        void worker.terminate();
      });
    },
    end: () => void worker.terminate(),
  };
}

/** The worker's end (its `parentPort`). */
export function parentPortTransport(port: MessagePort): Transport {
  return {
    send: (message) => port.postMessage(message),
    listen(onMessage, onGone) {
      port.on('message', (message: unknown) => {
        if (isChannelMessage(message)) onMessage(message);
      });
      port.once('close', () => onGone({ reason: 'closed', detail: 'the host closed the port' }));
    },
    end: () => port.close(),
  };
}

/** The parent's end of a forked process (forked with an IPC channel); `end()` kills it. */
export function childProcessTransport(child: ChildProcess): Transport {
  return {
    send(message) {
      // A send that fails means the channel is broken: the process goes, and `close` says so.
      if (child.connected) child.send(message, (error) => error && child.kill('SIGKILL'));
    },
    listen(onMessage, onGone) {
      const gone = goneOnce(onGone);
      child.on('message', (message: unknown) => {
        if (isChannelMessage(message)) onMessage(message);
      });
      child.on('error', (error) => {
        if (child.pid === undefined) gone({ reason: 'crashed', detail: `could not start: ${error.message}` });
      });
      child.on('close', (code, signal) => gone({ reason: 'exited', detail: signal === null ? `code ${code}` : `signal ${signal}` }));
    },
    end: () => void child.kill('SIGKILL'),
  };
}

/** A forked process's end of its IPC channel. */
export function processTransport(): Transport {
  const send = process.send?.bind(process);
  if (!send) throw new Error('this process was not forked with an IPC channel');
  return {
    // Resolves once written; after a disconnect the callback gets the error: nobody is left to tell.
    send: (message) => new Promise<void>((resolve) => void send(message, undefined, {}, () => resolve())),
    listen(onMessage, onGone) {
      process.on('message', (message: unknown) => {
        if (isChannelMessage(message)) onMessage(message);
      });
      process.once('disconnect', () => onGone({ reason: 'closed', detail: 'the parent disconnected' }));
    },
    end: () => process.disconnect?.(),
  };
}
