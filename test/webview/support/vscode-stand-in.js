// Runs in the test page before the panel's script (page.addInitScript): stands in for what VS
// Code provides a webview. `window.__themes` is defined just above this by the test.
(() => {
  // The panel page only: not the measuring frames it makes (sandboxed, with no storage).
  if (window !== window.top) return;
  const STATE_KEY = 'payload-lab-test:webview-state';
  window.__posted = [];
  window.__cspViolations = [];

  // From the very start, so a violation by the page's first script is caught too.
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__cspViolations.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} ${event.sample || ''}`.trim());
  });

  // VS Code allows one call per page; so does the stand-in. Messages are cloned like
  // postMessage would; the state survives a reload like VS Code's does (per tab).
  let acquired = false;

  // VS Code carries typed arrays in webview messages as bytes; a test's bridge (page.evaluate,
  // page.exposeFunction) carries JSON. Bytes cross it as { __bytes: [...] } (test/webview/support/bytes-bridge.ts).
  const mapValues = (value, map) =>
    Array.isArray(value)
      ? value.map(map)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, map(entry)]))
        : value;
  const packBytes = (value) =>
    ArrayBuffer.isView(value) ? { __bytes: Array.from(new Uint8Array(value.buffer, value.byteOffset, value.byteLength)) } : mapValues(value, packBytes);
  const unpackBytes = (value) =>
    value !== null && typeof value === 'object' && Array.isArray(value.__bytes) ? new Uint8Array(value.__bytes) : mapValues(value, unpackBytes);

  window.acquireVsCodeApi = () => {
    if (acquired) throw new Error('An instance of the VS Code API has already been acquired');
    acquired = true;
    return Object.freeze({
      // A test can answer the page as the host would: it exposes __onPost (page.exposeFunction).
      postMessage: (message) => {
        window.__posted.push(structuredClone(message));
        if (typeof window.__onPost === 'function') void window.__onPost(packBytes(message));
      },
      getState: () => {
        const saved = sessionStorage.getItem(STATE_KEY);
        return saved === null ? undefined : JSON.parse(saved);
      },
      setState: (state) => {
        sessionStorage.setItem(STATE_KEY, JSON.stringify(state));
        return state;
      },
    });
  };

  // As VS Code does: variables on <html>, the theme kind as the body's class.
  window.__applyTheme = (name) => {
    const theme = window.__themes[name];
    for (const [variable, value] of Object.entries(theme.variables)) document.documentElement.style.setProperty(variable, value);
    document.body.className = theme.bodyClass;
    document.body.dataset.vscodeThemeKind = theme.bodyClass;
  };

  // Delivers host messages as VS Code does ('message' events), then resolves once the page
  // has handled them all and drawn the next frame: a marker posted last arrives last, and a
  // frame callback asked for after the page's own runs after it.
  let flushes = 0;
  window.__deliver = (messages) =>
    new Promise((resolve) => {
      const marker = `payload-lab-test:flush:${++flushes}`;
      const onMessage = (event) => {
        if (event.data !== marker) return;
        window.removeEventListener('message', onMessage);
        requestAnimationFrame(() => resolve());
      };
      window.addEventListener('message', onMessage);
      for (const message of messages) window.postMessage(unpackBytes(message), '*');
      window.postMessage(marker, '*');
    });

  // VS Code themes the page once its document has loaded, after the page's own script ran.
  document.addEventListener('DOMContentLoaded', () => window.__applyTheme(sessionStorage.getItem('payload-lab-test:theme') || 'dark'));
})();
