/**
 * What a panel page does wrong at its width, measured on its DOM (evaluated in the webview's
 * frame, as plain JavaScript: the tests' tsconfig has no DOM types):
 * - `sideways`: every element whose content is wider than its box (scrollWidth > clientWidth),
 *   the page itself included. Screen-reader-only text (.visually-hidden: a 1 px box that clips
 *   its text by design) is the one exception;
 * - `brokenWords`: words of a header, caption, legend, summary or button whose letters land on
 *   two lines (a Range over the word has boxes at two heights). Words are what lies between
 *   spaces and dashes, where a line may break;
 * - `clippedButtons`: toolbar buttons not wholly inside the page's width and every box that clips
 *   them.
 */
export interface LayoutProblems {
  width: number;
  sideways: string[];
  brokenWords: string[];
  clippedButtons: string[];
  /** Toolbar buttons checked. */
  buttons: number;
}

export const LAYOUT_PROBLEMS = `(() => {
  const root = document.documentElement;
  const shown = (element) => element.getClientRects().length > 0;
  const describe = (element) => element.tagName.toLowerCase() + (element.className && typeof element.className === 'string' ? '.' + element.className.trim().split(/\\s+/).join('.') : '')
    + ' "' + (element.textContent || '').trim().slice(0, 40).replace(/\\s+/g, ' ') + '"';
  const sideways = [];
  for (const element of document.querySelectorAll('*')) {
    if (!shown(element) || element.closest('.visually-hidden')) continue;
    if (element.scrollWidth > element.clientWidth && (element.clientWidth > 0 || element === root)) {
      sideways.push(describe(element) + ': ' + element.scrollWidth + ' > ' + element.clientWidth);
    }
  }
  const brokenWords = [];
  for (const header of document.querySelectorAll('th, caption, figcaption, legend, summary, h1, h2, h3, button, label')) {
    if (!shown(header) || header.closest('.visually-hidden')) continue;
    const walker = document.createTreeWalker(header, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement && node.parentElement.closest('.visually-hidden')) continue;
      for (const match of (node.textContent || '').matchAll(/[^\\s\\-\\u2013\\u2014/]+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter((box) => box.width > 0).map((box) => Math.round(box.top)));
        if (lines.size > 1) brokenWords.push(describe(header) + ': "' + match[0] + '"');
      }
    }
  }
  const clippedButtons = [];
  const buttons = [...document.querySelectorAll('.toolbar button')].filter(shown);
  for (const button of buttons) {
    const box = button.getBoundingClientRect();
    if (box.left < 0 || box.right > root.clientWidth + 0.5) clippedButtons.push(describe(button) + ': ' + box.left.toFixed(1) + '–' + box.right.toFixed(1) + ' of ' + root.clientWidth);
    for (let parent = button.parentElement; parent && parent !== root; parent = parent.parentElement) {
      if (getComputedStyle(parent).overflowX === 'visible') continue;
      const clip = parent.getBoundingClientRect();
      if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5) clippedButtons.push(describe(button) + ' clipped by ' + describe(parent));
    }
  }
  return { width: root.clientWidth, sideways, brokenWords, clippedButtons, buttons: buttons.length };
})()`;
