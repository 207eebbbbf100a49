/**
 * The headless page's loopback server answers only the page the CLI opened: another client
 * without its token, with a wrong one, or with another Host (a DNS rebinding) gets 403 and
 * never the page's messages, while the real page (in a real Chromium) still measures.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as http from 'node:http';
import * as path from 'node:path';
import { compareSample } from '../../src/engine/compare';
import { startHeadlessBrowser } from '../../src/browser/headless-browser';
import { FAST, repoRoot, sampleFrom } from '../support/paths';

const browserDir = path.join(repoRoot, 'dist', 'browser');

interface Answer {
  status: number;
  body: string;
}

/** One request as another local client would send it, with the Host it chooses. */
function ask(url: URL, method: 'GET' | 'POST', host = url.host, body = ''): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ hostname: url.hostname, port: url.port, path: url.pathname, method, headers: { host } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

test('a client without the token, with a wrong one or with another Host gets 403; the page still measures', async () => {
  const sample = sampleFrom({ items: [{ id: 1, name: 'secret-sample-text' }] });
  const browser = await startHeadlessBrowser({ sampleBytes: sample.bytes, browserDir, timeoutMs: 60_000, startTimeoutMs: 300_000 });
  try {
    assert.ok(browser.pageUrl, `no browser: ${browser.description}`);
    const page = new URL(browser.pageUrl);
    const token = page.pathname.split('/')[1]!;
    assert.ok(Buffer.from(token, 'base64url').length >= 16, `a token of at least 128 bits, got ${token}`);
    const origin = `http://${page.host}`;
    const wrongToken = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const refused: Array<[string, URL, string?]> = [
      ['no token', new URL('/channel', origin)],
      ['no token, the page', new URL('/', origin)],
      ['a wrong token', new URL(`/${wrongToken}/channel`, origin)],
      ['a shorter token', new URL(`/${token.slice(1)}/channel`, origin)],
      ['Host: evil.com', new URL('channel', page), 'evil.com'],
      ['Host: localhost', new URL('channel', page), `localhost:${page.port}`],
    ];
    for (const [why, url, host] of refused) {
      for (const method of ['GET', 'POST'] as const) {
        const answer = await ask(url, method, host, method === 'POST' ? '[]' : undefined).catch((error) => {
          throw new Error(`${why} ${method}: ${error}`);
        });
        assert.equal(answer.status, 403, `${why}, ${method} ${url.pathname}`);
        assert.doesNotMatch(answer.body, /secret-sample-text|"id"/);
      }
    }
    // The page's own conversation is untouched: its rows complete with the bytes Node encodes.
    const report = await compareSample(sample, { ...FAST, codecs: ['json', 'msgpackr'], runtime: browser.runtime });
    for (const result of report.results)
      assert.equal(result.status, 'completed', `${result.codec}: ${result.status !== 'completed' ? result.error.message : ''}`);
    // Its page and scripts are served to the right token and Host.
    assert.equal((await ask(page, 'GET')).status, 200);
    assert.equal((await ask(new URL('headless-page.js', page), 'GET')).status, 200);
  } finally {
    await browser.close();
  }
});
