/**
 * The encoded bytes as hex and ASCII with offsets, one page at a time (asked of the host: the
 * encoding stays in the inspection worker). Where the format is annotated, each byte is coloured
 * by the role of the range it belongs to (key, header, value), and hovering or focusing a byte
 * names the path and field it encodes.
 */
import type { ByteAnnotation, BytesPage } from '../../../src/shared/inspector';
import { button, el } from '../../common/dom';
import { type Disposable, DisposableStore, listen } from '../../common/dispose';

export const PAGE_BYTES = 1024;
const ROW_BYTES = 16;

export interface HexViewActions {
  page(offset: number, length: number): Promise<BytesPage>;
  copy(encoding: 'hex' | 'base64', range: 'all' | { offset: number; length: number }): Promise<{ copiedBytes: number }>;
}

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
const printable = (byte: number) => (byte >= 0x20 && byte < 0x7f ? String.fromCharCode(byte) : '.');

/** For each byte of the page, the innermost annotation covering it (the shortest range). */
function innermost(page: BytesPage): (ByteAnnotation | undefined)[] {
  const at = new Array<ByteAnnotation | undefined>(page.bytes.length);
  for (const annotation of page.annotations) {
    const from = Math.max(annotation.start, page.offset) - page.offset;
    const to = Math.min(annotation.end, page.offset + page.bytes.length) - page.offset;
    for (let i = from; i < to; i++) {
      const current = at[i];
      if (!current || annotation.end - annotation.start <= current.end - current.start) at[i] = annotation;
    }
  }
  return at;
}

export function parseOffset(text: string): number | null {
  const trimmed = text.trim().toLowerCase();
  const value = /^0x[0-9a-f]+$/.test(trimmed) ? parseInt(trimmed.slice(2), 16) : /^[0-9]+$/.test(trimmed) ? Number(trimmed) : NaN;
  return Number.isSafeInteger(value) ? value : null;
}

export class HexView implements Disposable {
  readonly element: HTMLElement;
  private readonly grid = el('div', { className: 'hex-grid', attrs: { role: 'grid', 'aria-label': 'Encoded bytes', tabindex: '0' } });
  private readonly position = el('span', { className: 'hex-position', attrs: { role: 'status' } });
  private readonly annotationLine = el('div', { className: 'hex-annotation', attrs: { 'aria-live': 'polite' } });
  private readonly firstButton = button('First', 'action secondary', { 'data-hex': 'first', title: 'First page' });
  private readonly previousButton = button('Previous', 'action secondary', { 'data-hex': 'previous', title: 'Previous page (Page Up)' });
  private readonly nextButton = button('Next', 'action secondary', { 'data-hex': 'next', title: 'Next page (Page Down)' });
  private readonly lastButton = button('Last', 'action secondary', { 'data-hex': 'last', title: 'Last page' });
  private readonly offsetInput = el('input', {
    className: 'hex-offset-input',
    attrs: { type: 'text', 'aria-label': 'Go to offset (decimal or 0x hex)', placeholder: 'offset, e.g. 0x400' },
  });
  private readonly scope = el('select', { className: 'copy-scope', attrs: { 'aria-label': 'What to copy' } }, [
    el('option', { text: 'This page', attrs: { value: 'page' } }),
    el('option', { text: 'Whole encoding', attrs: { value: 'all' } }),
  ]);
  private readonly copyHex = button('Copy hex', 'action secondary', { 'data-copy': 'hex' });
  private readonly copyBase64 = button('Copy base64', 'action secondary', { 'data-copy': 'base64' });
  private readonly copyOutcome = el('span', { className: 'copy-outcome', attrs: { role: 'status' } });
  private readonly listeners = new DisposableStore();
  private current: BytesPage | undefined;
  private annotations: (ByteAnnotation | undefined)[] = [];
  private loading = 0;
  /** An offset typed into "go to": described once its page is shown. */
  private pendingFocus: number | undefined;

  constructor(
    private readonly total: number,
    private readonly annotated: boolean,
    private readonly actions: HexViewActions,
  ) {
    this.element = el('div', { className: 'hex-view' }, [
      el('div', { className: 'inspector-toolbar' }, [
        el('div', { className: 'toolbar-group', attrs: { role: 'group', 'aria-label': 'Pages' } }, [
          this.firstButton,
          this.previousButton,
          this.nextButton,
          this.lastButton,
          this.offsetInput,
        ]),
        el('div', { className: 'toolbar-group', attrs: { role: 'group', 'aria-label': 'Copy' } }, [this.scope, this.copyHex, this.copyBase64]),
        this.copyOutcome,
      ]),
      this.position,
      this.grid,
      this.annotationLine,
      annotated
        ? null
        : el('p', { className: 'hint', text: 'This format’s bytes are not annotated (field annotations cover Protocol Buffers, MessagePack and CBOR).' }),
    ]);
    const go = (offset: number) => void this.show(offset);
    this.listeners.add(listen(this.firstButton, 'click', () => go(0)));
    this.listeners.add(listen(this.previousButton, 'click', () => go((this.current?.offset ?? 0) - PAGE_BYTES)));
    this.listeners.add(listen(this.nextButton, 'click', () => go((this.current?.offset ?? 0) + PAGE_BYTES)));
    this.listeners.add(listen(this.lastButton, 'click', () => go(this.lastPageOffset())));
    this.listeners.add(
      listen(this.offsetInput, 'keydown', (event) => {
        if (event.key !== 'Enter') return;
        const offset = parseOffset(this.offsetInput.value);
        if (offset === null || offset >= this.total) {
          this.annotationLine.textContent = `“${this.offsetInput.value}” is not an offset in this encoding (0 to ${this.total - 1}, decimal or 0x hex)`;
          return;
        }
        go(offset - (offset % PAGE_BYTES));
        this.pendingFocus = offset;
      }),
    );
    this.listeners.add(
      listen(this.grid, 'keydown', (event) => {
        if (event.key === 'PageDown') go((this.current?.offset ?? 0) + PAGE_BYTES);
        else if (event.key === 'PageUp') go((this.current?.offset ?? 0) - PAGE_BYTES);
        else return;
        event.preventDefault();
      }),
    );
    const describe = (event: Event) => {
      const byte = (event.target as Element).closest<HTMLElement>('[data-offset]');
      if (byte) this.describeByte(Number(byte.dataset['offset']));
    };
    this.listeners.add(listen(this.grid, 'mouseover', describe));
    this.listeners.add(listen(this.grid, 'click', describe));
    this.listeners.add(listen(this.copyHex, 'click', () => void this.copy('hex')));
    this.listeners.add(listen(this.copyBase64, 'click', () => void this.copy('base64')));
  }

  /** Shows the page starting at `offset` (clamped to the encoding). */
  async show(offset: number): Promise<void> {
    const start = Math.max(0, Math.min(offset, this.lastPageOffset()));
    const ticket = ++this.loading;
    this.position.textContent = 'Loading bytes…';
    try {
      const page = await this.actions.page(start, PAGE_BYTES);
      if (ticket !== this.loading) return; // a later page was asked for meanwhile
      this.current = page;
      this.annotations = innermost(page);
      this.render(page);
    } catch (error) {
      if (ticket === this.loading) this.position.textContent = `The bytes could not be read: ${error instanceof Error ? error.message : String(error)}`;
    }
  }

  private lastPageOffset(): number {
    return Math.max(0, Math.floor((this.total - 1) / PAGE_BYTES) * PAGE_BYTES);
  }

  private render(page: BytesPage): void {
    const end = page.offset + page.bytes.length;
    const pages = Math.max(1, Math.ceil(this.total / PAGE_BYTES));
    this.position.textContent = `Bytes 0x${hex(page.offset, 6)}–0x${hex(Math.max(page.offset, end - 1), 6)} of ${this.total.toLocaleString('en-US')} (page ${Math.floor(page.offset / PAGE_BYTES) + 1} of ${pages.toLocaleString('en-US')})`;
    this.firstButton.disabled = this.previousButton.disabled = page.offset === 0;
    this.nextButton.disabled = this.lastButton.disabled = end >= this.total;
    const rows: HTMLElement[] = [];
    for (let rowStart = 0; rowStart < page.bytes.length; rowStart += ROW_BYTES) {
      const hexCells: HTMLElement[] = [];
      const asciiCells: HTMLElement[] = [];
      for (let i = rowStart; i < Math.min(rowStart + ROW_BYTES, page.bytes.length); i++) {
        const byte = page.bytes[i]!;
        const annotation = this.annotations[i];
        const className = annotation ? `byte role-${annotation.role}` : 'byte';
        const attrs = { 'data-offset': String(page.offset + i) };
        hexCells.push(el('span', { className, text: hex(byte, 2), attrs }));
        asciiCells.push(el('span', { className, text: printable(byte), attrs }));
      }
      rows.push(
        el('div', { className: 'hex-row', attrs: { role: 'row' } }, [
          el('span', { className: 'hex-offset', text: hex(page.offset + rowStart, 8), attrs: { role: 'rowheader' } }),
          el('span', { className: 'hex-bytes', attrs: { role: 'gridcell' } }, hexCells),
          el('span', { className: 'hex-ascii', attrs: { role: 'gridcell', 'aria-hidden': 'true' } }, asciiCells),
        ]),
      );
    }
    this.grid.replaceChildren(...rows);
    const note = page.annotationsTruncated ? ' (annotations stop part-way through this page: it holds too many tiny values)' : '';
    this.annotationLine.textContent = this.annotated ? `Hover or click a byte to see what it encodes${note}.` : '';
    if (this.pendingFocus !== undefined) {
      this.describeByte(this.pendingFocus);
      this.pendingFocus = undefined;
    }
  }

  private describeByte(offset: number): void {
    const page = this.current;
    if (!page) return;
    for (const marked of this.grid.querySelectorAll('.in-range')) marked.classList.remove('in-range');
    const annotation = this.annotations[offset - page.offset];
    const where = `0x${hex(offset, 6)}`;
    if (!annotation) {
      this.annotationLine.textContent = this.annotated ? `${where}: not annotated` : where;
      return;
    }
    for (const byte of this.grid.querySelectorAll<HTMLElement>('[data-offset]')) {
      const at = Number(byte.dataset['offset']);
      if (at >= annotation.start && at < annotation.end) byte.classList.add('in-range');
    }
    this.annotationLine.textContent = `${where}: ${annotation.path} — ${annotation.label} (bytes 0x${hex(annotation.start, 6)}–0x${hex(annotation.end - 1, 6)})`;
  }

  private async copy(encoding: 'hex' | 'base64'): Promise<void> {
    const range = this.scope.value === 'all' || !this.current ? 'all' : { offset: this.current.offset, length: this.current.bytes.length };
    this.copyOutcome.classList.remove('error');
    this.copyOutcome.textContent = 'Copying…';
    try {
      const { copiedBytes } = await this.actions.copy(encoding, range);
      this.copyOutcome.textContent = `Copied ${copiedBytes.toLocaleString('en-US')} bytes as ${encoding}`;
    } catch (error) {
      this.copyOutcome.classList.add('error');
      this.copyOutcome.textContent = `Copy failed: ${error instanceof Error ? error.message : String(error)}`;
    }
  }

  dispose(): void {
    this.loading++;
    this.listeners.dispose();
  }
}
