/**
 * The inspector's tree as a virtualised list: rows have one fixed height, and only those in
 * view (plus a margin) are in the DOM, so a tree opened to a hundred thousand rows scrolls like
 * one of ten. An ARIA tree driven from the keyboard: arrows move, Right/Left open and close,
 * Enter toggles; the focused row is announced through aria-activedescendant.
 */
import type { TreeNode, ValueSummary } from '../../../src/shared/inspector';
import { REMNANT_KIND_INFO } from '../../../src/shared/remnant-kinds';
import { el } from '../../common/dom';
import { type Disposable, DisposableStore, listen } from '../../common/dispose';
import type { TreeModel, TreeRow } from './tree-model';
import { uniqueId } from '../../common/ids';

export const ROW_HEIGHT = 22;
const OVERSCAN = 12;

export interface TreeViewActions {
  /** A row of children not yet here was drawn: ask for it. */
  load(row: Extract<TreeRow, { kind: 'loading' }>): void;
  /** A node or range was opened: nodes with few children ask for them at once. */
  toggled(row: TreeRow, open: boolean): void;
}

function sideText(summary: ValueSummary | null): string {
  return summary === null ? '(absent)' : summary.preview;
}

/** What a row's tooltip says: its path, both sides where they differ, and each remnant explained. */
function rowTitle(node: TreeNode): string {
  const lines = [node.path];
  if (node.differs) lines.push(`decoded: ${sideText(node.decoded)}`, `original: ${sideText(node.original)}`);
  else if (node.decoded && node.decoded.type !== node.original?.type) lines.push(`decoded as ${node.decoded.type}`);
  for (const remnant of node.remnants) {
    const info = REMNANT_KIND_INFO[remnant.kind];
    lines.push(`${info.title}: ${remnant.detail}. Why it matters: ${info.meaning}`);
  }
  return lines.join('\n');
}

export class TreeView implements Disposable {
  readonly element: HTMLElement;
  private readonly spacer = el('div', { className: 'tree-spacer' });
  private readonly rowsLayer = el('div', { className: 'tree-rows', attrs: { role: 'presentation' } });
  private readonly listeners = new DisposableStore();
  private rows: TreeRow[] = [];
  private selected = 0;
  private frame: number | undefined;
  private readonly rowIds = uniqueId('tree-row');

  constructor(
    private readonly model: TreeModel,
    private readonly actions: TreeViewActions,
    label: string,
  ) {
    this.element = el('div', { className: 'tree-viewport', attrs: { role: 'tree', tabindex: '0', 'aria-label': label } }, [this.spacer, this.rowsLayer]);
    this.listeners.add(listen(this.element, 'scroll', () => this.schedule()));
    this.listeners.add(listen(this.element, 'keydown', (event) => this.onKey(event)));
    this.listeners.add(
      listen(this.element, 'click', (event) => {
        const rowElement = (event.target as Element).closest<HTMLElement>('[data-row]');
        if (!rowElement) return;
        const index = Number(rowElement.dataset['row']);
        this.select(index);
        if ((event.target as Element).closest('.twisty') || event.detail === 2) this.toggle(index);
      }),
    );
  }

  /** Draws the model again (after children arrived or rows opened). */
  refresh(): void {
    const selectedKey = this.rows[this.selected]?.key;
    this.rows = this.model.rows();
    if (selectedKey !== undefined) {
      const index = this.rows.findIndex((row) => row.key === selectedKey);
      if (index >= 0) this.selected = index;
    }
    this.selected = Math.min(this.selected, this.rows.length - 1);
    this.spacer.style.height = `${this.rows.length * ROW_HEIGHT}px`;
    this.draw();
  }

  /** Selects the row of `key` and scrolls it into view; false when it is not drawn in the model. */
  reveal(key: string): boolean {
    const index = this.rows.findIndex((row) => row.key === key);
    if (index < 0) return false;
    this.select(index, 'center');
    return true;
  }

  get selectedRow(): TreeRow | undefined {
    return this.rows[this.selected];
  }

  private schedule(): void {
    if (this.frame !== undefined) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = undefined;
      this.draw();
    });
  }

  private draw(): void {
    const height = this.element.clientHeight || ROW_HEIGHT * 16;
    const first = Math.max(0, Math.floor(this.element.scrollTop / ROW_HEIGHT) - OVERSCAN);
    const last = Math.min(this.rows.length, Math.ceil((this.element.scrollTop + height) / ROW_HEIGHT) + OVERSCAN);
    this.rowsLayer.style.transform = `translateY(${first * ROW_HEIGHT}px)`;
    const elements: HTMLElement[] = [];
    for (let i = first; i < last; i++) {
      const row = this.rows[i]!;
      elements.push(this.rowElement(row, i));
      if (row.kind === 'loading') this.actions.load(row);
    }
    this.rowsLayer.replaceChildren(...elements);
    const active = this.rows[this.selected] ? this.rowId(this.selected) : '';
    if (active && this.selected >= first && this.selected < last) this.element.setAttribute('aria-activedescendant', active);
    else this.element.removeAttribute('aria-activedescendant');
  }

  private rowId(index: number): string {
    return `${this.rowIds}-${index}`;
  }

  private rowElement(row: TreeRow, index: number): HTMLElement {
    const selected = index === this.selected;
    const attrs: Record<string, string> = {
      role: 'treeitem',
      id: this.rowId(index),
      'data-row': String(index),
      'data-key': row.key,
      'aria-level': String(row.depth + 1),
      'aria-selected': String(selected),
    };
    const indent = el('span', { className: 'tree-indent' });
    indent.style.width = `${row.depth * 14}px`;
    if (row.kind === 'loading') {
      return el('div', { className: 'tree-row loading', attrs }, [
        el('span', { className: 'tree-key' }, [indent, el('span', { className: 'twisty' }), 'loading…']),
      ]);
    }
    const expandable = row.kind === 'range' || row.node.childCount > 0;
    if (expandable) attrs['aria-expanded'] = String(row.expanded);
    const twisty = el('span', { className: 'twisty', text: expandable ? (row.expanded ? '▾' : '▸') : '', attrs: { 'aria-hidden': 'true' } });
    if (row.kind === 'range') {
      return el('div', { className: `tree-row range${selected ? ' selected' : ''}`, attrs }, [
        el('span', { className: 'tree-key' }, [indent, twisty, `[${row.start.toLocaleString('en-US')} … ${(row.end - 1).toLocaleString('en-US')}]`]),
      ]);
    }
    const { node } = row;
    attrs['data-path'] = node.path;
    const classes = ['tree-row', selected ? 'selected' : '', node.differs ? 'differs' : '', node.remnants.length > 0 ? 'has-remnants' : '']
      .filter(Boolean)
      .join(' ');
    const badges = node.remnants.map((remnant) =>
      el('span', {
        className: `badge remnant-badge remnant-${remnant.kind}`,
        text: REMNANT_KIND_INFO[remnant.kind].short,
        attrs: { 'data-kind': remnant.kind },
      }),
    );
    const decoded = el('span', { className: 'tree-value decoded' }, [
      node.decoded ? el('span', { className: 'value-type', text: node.decoded.type }) : null,
      node.decoded ? node.decoded.preview : el('span', { className: 'absent', text: '(absent)' }),
      ...badges,
    ]);
    const original = el('span', { className: 'tree-value original' }, [
      node.differs
        ? node.original
          ? node.original.preview
          : el('span', { className: 'absent', text: '(absent)' })
        : el('span', { className: 'same', text: '=' }),
    ]);
    return el('div', { className: classes, title: rowTitle(node), attrs }, [
      el('span', { className: 'tree-key' }, [indent, twisty, node.label]),
      decoded,
      original,
    ]);
  }

  private select(index: number, align: 'nearest' | 'center' = 'nearest'): void {
    if (index < 0 || index >= this.rows.length) return;
    this.selected = index;
    const top = index * ROW_HEIGHT;
    const height = this.element.clientHeight || ROW_HEIGHT * 16;
    if (align === 'center') this.element.scrollTop = Math.max(0, top - height / 2);
    else if (top < this.element.scrollTop) this.element.scrollTop = top;
    else if (top + ROW_HEIGHT > this.element.scrollTop + height) this.element.scrollTop = top + ROW_HEIGHT - height;
    this.draw();
  }

  private toggle(index: number, open?: boolean): void {
    const row = this.rows[index];
    if (!row || row.kind === 'loading') return;
    if (row.kind === 'node' && row.node.childCount === 0) return;
    const next = open ?? !row.expanded;
    if (next === row.expanded) return;
    this.model.setExpanded(row.key, next);
    this.actions.toggled(row, next);
    this.refresh();
  }

  private onKey(event: KeyboardEvent): void {
    const row = this.rows[this.selected];
    const page = Math.max(1, Math.floor((this.element.clientHeight || ROW_HEIGHT * 16) / ROW_HEIGHT) - 1);
    switch (event.key) {
      case 'ArrowDown':
        this.select(this.selected + 1);
        break;
      case 'ArrowUp':
        this.select(this.selected - 1);
        break;
      case 'PageDown':
        this.select(Math.min(this.rows.length - 1, this.selected + page));
        break;
      case 'PageUp':
        this.select(Math.max(0, this.selected - page));
        break;
      case 'Home':
        this.select(0);
        break;
      case 'End':
        this.select(this.rows.length - 1);
        break;
      case 'ArrowRight':
        if (row && row.kind !== 'loading' && !row.expanded) this.toggle(this.selected, true);
        else this.select(this.selected + 1);
        break;
      case 'ArrowLeft':
        if (row && row.kind !== 'loading' && row.expanded) this.toggle(this.selected, false);
        else this.select(this.parentIndex(this.selected));
        break;
      case 'Enter':
      case ' ':
        this.toggle(this.selected);
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  private parentIndex(index: number): number {
    const depth = this.rows[index]?.depth ?? 0;
    for (let i = index - 1; i >= 0; i--) if (this.rows[i]!.depth < depth) return i;
    return index;
  }

  dispose(): void {
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    this.listeners.dispose();
  }
}
