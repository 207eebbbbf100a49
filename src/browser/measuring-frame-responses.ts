/**
 * The HTTP answers of a server of measuring frames: the two frame pages and their script, each
 * with its policy as a response header, and nothing else. The extension host's loopback server
 * (src/host/measuring-frame-server.ts) answers with this; so does the test that runs the
 * panel's browser runtime in Chromium.
 */
import * as fs from 'node:fs';
import type * as http from 'node:http';
import * as path from 'node:path';
import { measureFrameHtml, measureFramePolicy } from './pages';

/** `browserDir`: dist/browser, holding measuring-frame.js. */
export function measuringFrameResponder(browserDir: string): http.RequestListener {
  const script = path.join(browserDir, 'measuring-frame.js');
  return (request, response) => {
    const name = new URL(request.url ?? '/', 'http://loopback').pathname.replace(/^.*\//, '');
    const strict = name === 'frame-strict.html';
    const policy = measureFramePolicy(`'self'`, strict);
    if (name === 'measuring-frame.js')
      return void response.writeHead(200, { 'content-type': 'text/javascript', 'content-security-policy': policy }).end(fs.readFileSync(script));
    if (name === 'frame.html' || strict)
      return void response
        .writeHead(200, { 'content-type': 'text/html', 'content-security-policy': policy })
        .end(measureFrameHtml('measuring-frame.js', `'self'`, strict));
    response.writeHead(404).end();
  };
}
