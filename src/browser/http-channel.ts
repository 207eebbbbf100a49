/**
 * The typed channel between the CLI and its headless page, over the loopback server: the page
 * long-polls `GET channel` for what the CLI sent and posts its own messages to `POST channel`,
 * each batch JSON with typed arrays kept (json-with-bytes.ts). The same conversation the panel
 * has with the extension host by postMessage, so both browser runtimes share one relay. Only
 * requests with the page's token and the server's own Host reach here (loopback-guard.ts).
 */
import type * as http from 'node:http';
import { isChannelMessage, type ChannelMessage, type Gone, type Transport } from '../shared/channel';
import { parseWithBytes, stringifyWithBytes } from '../shared/json-with-bytes';

/** A long poll answers "nothing yet" after this long. */
const POLL_MS = 15_000;

export interface HttpChannelEndpoint {
  transport: Transport;
  /** Answers `GET channel` (a poll) and `POST channel` (the page's messages). */
  handle(request: http.IncomingMessage, response: http.ServerResponse, body: Buffer | undefined): void;
  /** The page is gone (its browser exited): pending requests settle. */
  pageGone(gone: Gone): void;
}

export function httpChannelEndpoint(): HttpChannelEndpoint {
  const outgoing: ChannelMessage[] = [];
  const polls: http.ServerResponse[] = [];
  let receive: (message: ChannelMessage) => void = () => undefined;
  let goneListener: (gone: Gone) => void = () => undefined;
  let ended = false;

  const flush = () => {
    while (outgoing.length > 0 && polls.length > 0) {
      const poll = polls.shift()!;
      poll.writeHead(200, { 'content-type': 'application/json' }).end(stringifyWithBytes(outgoing.splice(0)));
    }
  };

  const endPolls = () => {
    for (const poll of polls.splice(0)) if (!poll.headersSent) poll.writeHead(410).end();
  };

  return {
    transport: {
      send(message) {
        if (ended) return;
        outgoing.push(message);
        flush();
      },
      listen(onMessage, onGone) {
        receive = onMessage;
        goneListener = onGone;
      },
      end() {
        ended = true;
        endPolls();
      },
    },
    handle(request, response, body) {
      if (request.method === 'POST') {
        response.writeHead(204).end();
        const batch = parseWithBytes(body?.toString('utf8') ?? '[]');
        if (Array.isArray(batch)) for (const message of batch) if (isChannelMessage(message)) receive(message);
        return;
      }
      if (ended) return void response.writeHead(410).end();
      polls.push(response);
      const timer = setTimeout(() => {
        const at = polls.indexOf(response);
        if (at !== -1) polls.splice(at, 1);
        if (!response.headersSent) response.writeHead(204).end();
      }, POLL_MS);
      response.once('close', () => clearTimeout(timer));
      flush();
    },
    pageGone(gone) {
      if (ended) return;
      ended = true;
      endPolls();
      goneListener(gone);
    },
  };
}
