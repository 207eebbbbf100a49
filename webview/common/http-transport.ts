/**
 * The headless page's end of its channel to the CLI (src/browser/http-channel.ts): long polls
 * for the CLI's messages, posts its own in order, to `channel` under the page's own URL (which
 * carries its token, src/browser/loopback-guard.ts). The page goes when the server answers 410.
 */
import { isChannelMessage, type ChannelMessage, type Transport } from '../../src/shared/channel';
import { parseWithBytes, stringifyWithBytes } from '../../src/shared/json-with-bytes';

export function httpTransport(url: string): Transport {
  let sending: Promise<unknown> = Promise.resolve();
  let stopped = false;
  return {
    // One post at a time: the CLI reads messages in the order the page sent them.
    send(message: ChannelMessage) {
      sending = sending.then(() => fetch(url, { method: 'POST', body: stringifyWithBytes([message]) })).catch(() => undefined);
    },
    listen(onMessage) {
      void (async () => {
        while (!stopped) {
          const response = await fetch(url).catch(() => undefined);
          // 410: the run is over; 403: the server no longer takes this page (its token or Host).
          if (!response || response.status === 410 || response.status === 403) return;
          if (response.status !== 200) continue;
          const batch = parseWithBytes(await response.text());
          if (Array.isArray(batch)) for (const message of batch) if (isChannelMessage(message)) onMessage(message);
        }
      })();
    },
    end: () => {
      stopped = true;
    },
  };
}
