/**
 * Who may talk to the headless page's loopback server: only the page the CLI opened. Any local
 * process can connect to 127.0.0.1, and any web page the user visits can make the browser send
 * requests there (with `Host: evil.com` after a DNS rebinding); either would take the page's
 * messages and the sample's bytes. So the page's URL starts with a random token every request
 * must carry (its scripts, frames and channel are relative to it), and the Host must be the
 * server's own address.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type * as http from 'node:http';

export interface LoopbackGuard {
  /** `/TOKEN/`: the path every URL of the page starts with. */
  readonly prefix: string;
  /**
   * The request's path after the token (`channel`, `frame.html`…), or undefined once it has been
   * answered 403: a wrong or missing token, or a Host other than `127.0.0.1:PORT`.
   */
  admit(request: http.IncomingMessage, response: http.ServerResponse, port: number): string | undefined;
}

/** 128 bits from the system's random source, URL-safe. */
const TOKEN_BYTES = 16;

export function loopbackGuard(): LoopbackGuard {
  const token = Buffer.from(randomBytes(TOKEN_BYTES).toString('base64url'));
  return {
    prefix: `/${token.toString()}/`,
    admit(request, response, port) {
      const pathname = new URL(request.url ?? '/', 'http://loopback').pathname;
      const given = Buffer.from(pathname.split('/')[1] ?? '');
      // Lengths are public (the token's is fixed); the bytes are compared in constant time.
      const tokenMatches = given.length === token.length && timingSafeEqual(given, token);
      if (request.headers.host !== `127.0.0.1:${port}` || !tokenMatches) {
        request.resume();
        response.writeHead(403, { 'content-type': 'text/plain' }).end('forbidden: this server answers only the page Payload Lab opened\n');
        return undefined;
      }
      return pathname.slice(token.length + 2);
    },
  };
}
