/**
 * The HTML of the browser measuring contexts, one function each, with their policies. The
 * measuring frame's policy is what makes its blob: workers safe: `default-src 'none'` (so no
 * connect, no img, no fetch of any kind), scripts only from its own origin, workers only from
 * blob: URLs it makes itself; 'unsafe-eval' in the normal frame only. Plain strings: no Node.
 */

/** The frame's policy; `scriptSource` is where its one script is served from ('self' headless). */
export function measureFramePolicy(scriptSource: string, strict: boolean): string {
  return [`default-src 'none'`, `script-src ${scriptSource}${strict ? '' : ` 'unsafe-eval'`}`, `worker-src blob:`].join('; ');
}

export function measureFrameHtml(scriptUrl: string, scriptSource: string, strict: boolean): string {
  return `<!DOCTYPE html>
<html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${measureFramePolicy(scriptSource, strict)}">
<title>Payload Lab measuring frame${strict ? ' (no code generation)' : ''}</title>
</head><body><script src="${scriptUrl}"></script></body></html>`;
}

/** The headless runner: the panel's strict policy (no 'unsafe-eval'), plus its loopback server. */
export const HEADLESS_RUNNER_POLICY = `default-src 'none'; script-src 'self'; connect-src 'self'; frame-src 'self'`;

export function headlessRunnerHtml(): string {
  return `<!DOCTYPE html>
<html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${HEADLESS_RUNNER_POLICY}">
<title>Payload Lab headless runner</title>
</head><body>
<script src="headless-page.js"></script>
</body></html>`;
}
