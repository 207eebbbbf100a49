/** The channel's transport to a measuring frame: posts to its window, hears only messages from it. */
import { isChannelMessage, type Transport } from '../../src/shared/channel';

export function frameTransport(frame: HTMLIFrameElement): Transport {
  return {
    send: (message) => frame.contentWindow?.postMessage(message, '*'),
    listen(onMessage) {
      window.addEventListener('message', (event) => {
        if (event.source === frame.contentWindow && isChannelMessage(event.data)) onMessage(event.data);
      });
    },
    end: () => frame.remove(),
  };
}
