/**
 * DOM building by createElement and textContent only: the user's JSON may hold `</script>`
 * or markup, and none of it may ever be parsed as HTML. No inline style attributes either
 * (the CSP has no 'unsafe-inline'); sizes computed at run time go through element.style.
 */
type Child = Node | string | null | undefined | false;

export interface ElementOptions {
  className?: string;
  text?: string;
  title?: string;
  attrs?: Record<string, string>;
}

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, options: ElementOptions = {}, children: readonly Child[] = []): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (options.className) element.className = options.className;
  if (options.text !== undefined) element.textContent = options.text;
  if (options.title) element.title = options.title;
  for (const [name, value] of Object.entries(options.attrs ?? {})) element.setAttribute(name, value);
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child);
  }
  return element;
}

export function button(text: string, className: string, attrs: Record<string, string> = {}): HTMLButtonElement {
  return el('button', { className, text, attrs: { type: 'button', ...attrs } });
}

/**
 * Text that may wrap after each slash as well as at its spaces: a library's scoped name
 * ("@msgpack/msgpack") is one long word otherwise, and a narrow table cannot shrink below it.
 */
export function breakingAfterSlashes(text: string): Child[] {
  return text.split(/(?<=\/)/).flatMap((part, index) => (index === 0 ? [part] : [document.createElement('wbr'), part]));
}
