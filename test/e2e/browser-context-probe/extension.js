// A throwaway extension for probe.ts: one webview (under the panel's strict CSP) that tries
// each way of giving measuring workers a context whose policy allows code generation, and
// reports what ran. Plain JavaScript: it is copied unpacked into code-server's extensions dir.
const vscode = require('vscode');
const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');

const FRAME_POLICY = "default-src 'none'; script-src 'self' 'unsafe-eval'; worker-src blob:";

function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand('browserContextProbe.run', async () => {
      const frameScript = fs.readFileSync(path.join(__dirname, 'frame.js'));
      const server = http.createServer((request, response) => {
        if (request.url.startsWith('/frame.js'))
          return response.writeHead(200, { 'content-type': 'text/javascript', 'content-security-policy': FRAME_POLICY }).end(frameScript);
        response
          .writeHead(200, { 'content-type': 'text/html', 'content-security-policy': FRAME_POLICY })
          .end(fs.readFileSync(path.join(__dirname, 'frame.html')));
      });
      await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
      const loopback = vscode.Uri.parse(`http://127.0.0.1:${server.address().port}/frame.html`);
      const external = await vscode.env.asExternalUri(loopback);
      const panel = vscode.window.createWebviewPanel('browserContextProbe', 'Browser context probe', vscode.ViewColumn.One, {
        enableScripts: true,
        localResourceRoots: [vscode.Uri.file(__dirname)],
      });
      const resource = panel.webview.asWebviewUri(vscode.Uri.file(path.join(__dirname, 'frame.html')));
      const externalOrigin = `${external.scheme}://${external.authority}`;
      const nonce = 'probe' + Math.random().toString(36).slice(2);
      const policy = `default-src 'none'; script-src 'nonce-${nonce}'; frame-src ${panel.webview.cspSource} ${externalOrigin}`;
      panel.webview.html = `<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy" content="${policy}"></head><body>
<iframe id="resource" src="${resource}"></iframe>
<iframe id="loopback" sandbox="allow-scripts" src="${external.toString(true)}"></iframe>
<script nonce="${nonce}">
const vscode = acquireVsCodeApi();
const found = { panelNewFunction: (() => { try { return new Function('return "ran"')(); } catch (e) { return 'threw: ' + e.message; } })() };
addEventListener('message', (event) => {
  for (const id of ['resource', 'loopback']) if (event.source === document.getElementById(id).contentWindow) found[id] = event.data;
});
setTimeout(() => vscode.postMessage({ ...found, resourceUrl: ${JSON.stringify(resource.toString())}, loopbackUrl: ${JSON.stringify(external.toString(true))} }), 15000);
</script></body></html>`;
      const result = await new Promise((resolve) => panel.webview.onDidReceiveMessage(resolve));
      fs.writeFileSync(process.env.BROWSER_CONTEXT_PROBE_OUT || '/tmp/browser-context-probe.json', JSON.stringify(result, null, 2));
      server.close();
      panel.dispose();
    }),
  );
}
module.exports = { activate };
