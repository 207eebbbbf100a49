/**
 * The one function that builds the panel's HTML and its Content Security Policy. Nothing of
 * the user's goes in here: the page says "ready" and the host answers with data by message.
 * No vscode import, so the webview tests build the very same page in a plain browser.
 */
export interface PanelHtmlParts {
  /** `webview.cspSource`: where the page may load its own styles, fonts and images from. */
  cspSource: string;
  /** A fresh random value per page load: only scripts carrying it run. */
  nonce: string;
  scriptUri: string;
  styleUri: string;
  /**
   * Where the measuring frames of browser runs are served from (measuring-frame-server.ts):
   * the page may frame that origin and nothing else. Absent: no frames at all.
   */
  measuringFrameOrigin?: string;
}

export function contentSecurityPolicy(cspSource: string, nonce: string, measuringFrameOrigin?: string): string {
  return [
    "default-src 'none'",
    `img-src ${cspSource}`,
    `style-src ${cspSource}`,
    `font-src ${cspSource}`,
    `script-src 'nonce-${nonce}'`,
    ...(measuringFrameOrigin ? [`frame-src ${measuringFrameOrigin}`] : []),
  ].join('; ');
}

export function buildPanelHtml(parts: PanelHtmlParts): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(parts.cspSource, parts.nonce, parts.measuringFrameOrigin)}">
  <meta name="viewport" content="width=device-width, initial-scale=1.0">
  <link rel="stylesheet" href="${parts.styleUri}">
  <title>Payload Lab</title>
</head>
<body>
  <main id="app"></main>
  <script nonce="${parts.nonce}" src="${parts.scriptUri}"></script>
</body>
</html>`;
}

/** 128 random bits, base64: enough that no injected script can guess it. */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
