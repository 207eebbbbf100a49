/**
 * The decoded-output inspector: opened from a codec's row, it shows that codec's decoded value
 * beside the original sample as a tree (remnants marked, differences side by side, a jump from
 * one finding to the next) and its encoded bytes as paged hex. Everything is asked of the host
 * a slice at a time; the value stays in the host's inspection worker.
 */
import type { FindingFilter, InspectorOpened, LocatedFinding, TreeNode } from '../../../src/shared/inspector';
import type { RequestMap } from '../../../src/shared/protocol';
import { REMNANT_KIND_INFO, REMNANT_KINDS } from '../../../src/shared/remnant-kinds';
import { button, el } from '../../common/dom';
import { type Disposable, DisposableStore, listen } from '../../common/dispose';
import { HexView } from './hex-view';
import { CHUNK, nodeKey, TreeModel } from './tree-model';
import { TreeView } from './tree-view';
import { uniqueId } from '../../common/ids';

type Params<M extends keyof RequestMap> = RequestMap[M]['params'];
type Result<M extends keyof RequestMap> = RequestMap[M]['result'];

/** The host requests the inspector makes, and the message that lets its worker go. */
export interface InspectorHost {
  request<M extends 'inspector-open' | 'inspector-children' | 'inspector-finding' | 'inspector-bytes' | 'inspector-copy'>(
    method: M,
    params: Params<M>,
  ): Promise<Result<M>>;
  closed(): void;
}

const FILTER_ORDER: readonly FindingFilter[] = ['all', 'difference', ...REMNANT_KINDS];

function filterName(filter: FindingFilter): string {
  if (filter === 'all') return 'All findings';
  if (filter === 'difference') return 'Differences from the sample';
  return REMNANT_KIND_INFO[filter].title;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class Inspector implements Disposable {
  readonly element = el('section', { className: 'inspector', attrs: { 'aria-label': 'Decoded output' } });
  /** What lives as long as one opened output: listeners, the tree and hex views. */
  private session = new DisposableStore();
  private opened: InspectorOpened | undefined;
  private tree: TreeModel | undefined;
  private treeView: TreeView | undefined;
  private ordinal: number | null = null;
  private ticket = 0;

  constructor(private readonly host: InspectorHost) {
    this.element.hidden = true;
  }

  get codec(): string | undefined {
    return this.element.hidden ? undefined : this.element.dataset['codec'];
  }

  /** Opens `codec`'s decoded output (closing what was open). */
  async open(codec: string, label: string): Promise<void> {
    this.reset();
    const ticket = ++this.ticket;
    this.element.hidden = false;
    this.element.dataset['codec'] = codec;
    this.element.dataset['state'] = 'opening';
    const cancel = button('Cancel', 'action secondary', { 'data-inspector': 'close' });
    this.session.add(listen(cancel, 'click', () => this.close()));
    this.element.replaceChildren(
      this.heading(label),
      el('p', { className: 'inspector-status', text: `Decoding the sample with ${label} in a worker…`, attrs: { role: 'status' } }, [' ', cancel]),
    );
    this.element.scrollIntoView({ block: 'nearest' });
    try {
      const opened = await this.host.request('inspector-open', { codec });
      if (ticket !== this.ticket) return;
      this.show(opened);
    } catch (error) {
      if (ticket !== this.ticket) return;
      this.element.dataset['state'] = 'failed';
      const closeButton = button('Close', 'action secondary', { 'data-inspector': 'close' });
      this.session.add(listen(closeButton, 'click', () => this.close()));
      this.element.replaceChildren(
        this.heading(label),
        el('p', { className: 'inspector-status error', text: `The decoded output could not be shown: ${errorText(error)}`, attrs: { role: 'alert' } }),
        closeButton,
      );
    }
  }

  /** Hides the inspector and lets the host stop its worker. */
  close(): void {
    if (this.element.hidden) return;
    this.reset();
    this.element.hidden = true;
    this.element.replaceChildren();
    this.host.closed();
  }

  private reset(): void {
    this.ticket++;
    this.session.dispose();
    this.session = new DisposableStore();
    this.opened = undefined;
    this.tree = undefined;
    this.treeView = undefined;
    this.ordinal = null;
  }

  private heading(label: string): HTMLElement {
    return el('h2', { className: 'inspector-title', text: `Decoded output: ${label}` });
  }

  private show(opened: InspectorOpened): void {
    this.opened = opened;
    this.element.dataset['state'] = 'open';
    const tree = (this.tree = new TreeModel(opened.root));
    const treeView = (this.treeView = this.session.add(
      new TreeView(
        tree,
        {
          load: (row) => void this.loadChunk(row.parent, row.chunk),
          toggled: (row, open) => {
            if (open && row.kind === 'node' && row.node.childCount <= CHUNK) void this.loadChunk(row.node, 0);
          },
        },
        `Decoded value of ${opened.label} beside the original sample`,
      ),
    ));
    const hexView = this.session.add(
      new HexView(opened.encodedBytes, opened.annotated, {
        page: (offset, length) => this.host.request('inspector-bytes', { sessionId: opened.sessionId, offset, length }),
        copy: (encoding, range) => this.host.request('inspector-copy', { sessionId: opened.sessionId, encoding, range }),
      }),
    );

    const ids = {
      treeTab: uniqueId('inspector-tab-tree'),
      bytesTab: uniqueId('inspector-tab-bytes'),
      tree: uniqueId('inspector-panel-tree'),
      bytes: uniqueId('inspector-panel-bytes'),
    };
    const treeTab = button('Decoded value', 'tab', {
      role: 'tab',
      'aria-selected': 'true',
      'data-tab': 'tree',
      id: ids.treeTab,
      'aria-controls': ids.tree,
    });
    const bytesTab = button(`Encoded bytes (${opened.encodedBytes.toLocaleString('en-US')})`, 'tab', {
      role: 'tab',
      'aria-selected': 'false',
      'data-tab': 'bytes',
      id: ids.bytesTab,
      'aria-controls': ids.bytes,
      tabindex: '-1',
    });
    const treePanel = el('div', { className: 'inspector-panel', attrs: { role: 'tabpanel', id: ids.tree, 'aria-labelledby': ids.treeTab } }, [
      this.findingsBar(opened),
      el('div', { className: 'tree-header', attrs: { 'aria-hidden': 'true' } }, [
        el('span', { text: 'Path' }),
        el('span', { text: `Decoded by ${opened.codec}` }),
        el('span', { text: 'Original (where it differs)' }),
      ]),
      treeView.element,
    ]);
    const bytesPanel = el('div', { className: 'inspector-panel', attrs: { role: 'tabpanel', id: ids.bytes, 'aria-labelledby': ids.bytesTab } }, [
      hexView.element,
    ]);
    bytesPanel.hidden = true;
    let bytesShown = false;
    const select = (tab: 'tree' | 'bytes') => {
      treeTab.setAttribute('aria-selected', String(tab === 'tree'));
      bytesTab.setAttribute('aria-selected', String(tab === 'bytes'));
      treeTab.tabIndex = tab === 'tree' ? 0 : -1;
      bytesTab.tabIndex = tab === 'bytes' ? 0 : -1;
      treePanel.hidden = tab !== 'tree';
      bytesPanel.hidden = tab !== 'bytes';
      if (tab === 'tree') treeView.refresh();
      if (tab === 'bytes' && !bytesShown) {
        bytesShown = true;
        void hexView.show(0);
      }
    };
    this.session.add(listen(treeTab, 'click', () => select('tree')));
    this.session.add(listen(bytesTab, 'click', () => select('bytes')));
    const tabs = el('div', { className: 'tabs', attrs: { role: 'tablist', 'aria-label': 'Inspector views' } }, [treeTab, bytesTab]);
    this.session.add(
      listen(tabs, 'keydown', (event) => {
        if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
        const next = treePanel.hidden ? 'tree' : 'bytes';
        select(next);
        (next === 'tree' ? treeTab : bytesTab).focus();
        event.preventDefault();
      }),
    );
    const closeButton = button('Close', 'action secondary', { 'data-inspector': 'close', title: 'Close the inspector (its worker stops)' });
    this.session.add(listen(closeButton, 'click', () => this.close()));

    this.element.replaceChildren(el('div', { className: 'inspector-head' }, [this.heading(opened.label), tabs, closeButton]), treePanel, bytesPanel);
    treeView.refresh();
    if (opened.root.childCount > 0 && opened.root.childCount <= CHUNK) void this.loadChunk(opened.root, 0);
  }

  private findingsBar(opened: InspectorOpened): HTMLElement {
    const filters = FILTER_ORDER.filter((filter) => opened.findings[filter]);
    if (filters.length === 0) {
      return el('p', { className: 'findings-bar clean', text: 'No findings: the decoded value is the sample, as plain data.' });
    }
    const select = el(
      'select',
      { className: 'finding-filter', attrs: { 'aria-label': 'Findings to jump between' } },
      filters.map((filter) => {
        const count = opened.findings[filter]!;
        const more =
          count.total > count.listed
            ? ` (first ${count.listed.toLocaleString('en-US')} of ${count.total.toLocaleString('en-US')})`
            : ` (${count.total.toLocaleString('en-US')})`;
        return el('option', { text: `${filterName(filter)}${more}`, attrs: { value: filter } });
      }),
    );
    const previous = button('◂ Previous', 'action secondary', { 'data-finding': 'previous', title: 'Previous finding (Shift+F8)' });
    const next = button('Next ▸', 'action secondary', { 'data-finding': 'next', title: 'Next finding (F8)' });
    const status = el('span', { className: 'finding-status', attrs: { role: 'status' } });
    const jump = (direction: 1 | -1) => void this.jump(select.value as FindingFilter, direction, status);
    this.session.add(listen(previous, 'click', () => jump(-1)));
    this.session.add(listen(next, 'click', () => jump(1)));
    this.session.add(
      listen(select, 'change', () => {
        this.ordinal = null;
        status.textContent = '';
      }),
    );
    this.session.add(
      listen(this.element, 'keydown', (event) => {
        if (event.key !== 'F8') return;
        jump(event.shiftKey ? -1 : 1);
        event.preventDefault();
      }),
    );
    return el('div', { className: 'findings-bar inspector-toolbar' }, [
      el('span', { className: 'toolbar-label', text: 'Jump to' }),
      select,
      previous,
      next,
      status,
    ]);
  }

  private async jump(filter: FindingFilter, direction: 1 | -1, status: HTMLElement): Promise<void> {
    const opened = this.opened;
    if (!opened) return;
    const ticket = this.ticket;
    try {
      const located: LocatedFinding | null = await this.host.request('inspector-finding', {
        sessionId: opened.sessionId,
        filter,
        from: this.ordinal,
        direction,
      });
      if (ticket !== this.ticket) return;
      if (!located) {
        status.textContent = direction === 1 ? 'No more findings after this one.' : 'No findings before this one.';
        return;
      }
      this.ordinal = located.ordinal;
      const listed = opened.findings[filter]?.listed ?? 0;
      const kind = located.finding.kind === 'difference' ? 'difference' : REMNANT_KIND_INFO[located.finding.kind].short;
      status.textContent = `${located.ordinal + 1} of ${listed.toLocaleString('en-US')}: ${located.finding.path} (${kind}) ${located.finding.detail}`;
      await this.reveal(located.indexes);
    } catch (error) {
      if (ticket === this.ticket) status.textContent = `Could not jump: ${errorText(error)}`;
    }
  }

  /** Opens the rows down to the node at these child indexes, then selects it. */
  private async reveal(indexes: readonly number[]): Promise<void> {
    const tree = this.tree;
    const view = this.treeView;
    if (!tree || !view) return;
    let node: TreeNode = tree.root;
    for (const index of indexes) {
      const key = nodeKey(node.steps);
      tree.setExpanded(key, true);
      for (const range of tree.rangesTo(key, node.childCount, index)) tree.setExpanded(range, true);
      const chunk = Math.floor(index / CHUNK);
      if (!tree.hasChunk(key, chunk)) await this.loadChunk(node, chunk, true);
      const child = tree.child(key, index);
      if (!child) return;
      node = child;
    }
    view.refresh();
    view.reveal(nodeKey(node.steps));
  }

  private async loadChunk(parent: TreeNode, chunk: number, force = false): Promise<void> {
    const tree = this.tree;
    const opened = this.opened;
    if (!tree || !opened) return;
    const key = nodeKey(parent.steps);
    if (!tree.markRequested(key, chunk) && !force) return;
    const ticket = this.ticket;
    try {
      const page = await this.host.request('inspector-children', { sessionId: opened.sessionId, steps: parent.steps, offset: chunk * CHUNK, limit: CHUNK });
      if (ticket !== this.ticket) return;
      tree.addChildren(key, page.offset, page.nodes);
      this.treeView?.refresh();
    } catch (error) {
      if (ticket !== this.ticket) return;
      // Not asked again on the next draw: a stopped worker would fail in a loop. Reopen instead.
      this.element.querySelector('.inspector-error')?.remove();
      this.element.append(
        el('p', {
          className: 'inspector-status error inspector-error',
          text: `Part of the tree could not be read: ${errorText(error)}`,
          attrs: { role: 'alert' },
        }),
      );
    }
  }

  dispose(): void {
    this.reset();
  }
}
