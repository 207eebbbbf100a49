/** The channel's transport to a dedicated Web Worker: a script error or a failed load means it is gone. */
import { type Transport, isChannelMessage } from '../../src/shared/channel';

export function workerTransport(worker: Worker): Transport {
  return {
    send: (message) => worker.postMessage(message),
    listen(onMessage, onGone) {
      let told = false;
      worker.addEventListener('message', (event: MessageEvent) => {
        if (isChannelMessage(event.data)) onMessage(event.data);
      });
      worker.addEventListener('error', (event: ErrorEvent) => {
        if (told) return;
        told = true;
        onGone({ reason: 'crashed', detail: event.message || 'the worker script failed to load or threw at its top level' });
      });
    },
    end: () => worker.terminate(),
  };
}
