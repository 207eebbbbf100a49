// In a measuring frame: does `new Function` run here, and in a blob: worker made here? Can the worker fetch?
// self.origin, not location.origin: a sandboxed frame has an opaque origin whatever its URL.
const frame = (() => {
  try {
    return new Function('return "ran"')();
  } catch (e) {
    return 'threw: ' + e.message;
  }
})();
const source =
  "let r; try { r = new Function('return \"ran\"')(); } catch (e) { r = 'threw: ' + e.message; } fetch('http://127.0.0.1:9/').then(() => postMessage({ r, net: 'fetched' }), (e) => postMessage({ r, net: 'blocked: ' + e.message }));";
let report = { frame, origin: self.origin, url: location.href };
try {
  const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
  worker.onmessage = (event) => parent.postMessage({ ...report, worker: event.data }, '*');
  worker.onerror = (event) => parent.postMessage({ ...report, worker: 'error: ' + event.message }, '*');
} catch (e) {
  parent.postMessage({ ...report, worker: 'constructor threw: ' + e.message }, '*');
}
