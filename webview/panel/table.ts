/**
 * The results table: one row per codec, filled in as results arrive, sortable by every column.
 * The header is built once (so a focused sort button keeps focus across updates); the body is
 * rebuilt on each change, which for a dozen codecs costs nothing.
 */
import { rowNotesText } from '../../src/shared/row-facts-text';
import { uniqueId } from '../common/ids';
import { button, el } from '../common/dom';
import { type Disposable, DisposableStore, listen } from '../common/dispose';
import { completedCells, failedCells, pendingActivity, pendingCells, type SpeedupContext } from './cells';
import { detailsContent } from './details';
import { type ColumnId, type PanelModel, type PendingRow, type Row, rowCodec } from './model';
import { COLUMNS, FOLD_ORDER, shownColumns } from './columns';
import { ColumnChooser, type ColumnChooserActions } from './column-chooser';
import { sortRows } from './sorting';
import { describeRerunDelta, describeVariantDelta } from './variant-delta';
import { namesOfRows } from './row-names';
import type { CompletedResult } from '../../src/shared/results';

export interface TableActions extends ColumnChooserActions {
  sortBy(column: ColumnId): void;
  toggleDetails(codec: string): void;
  /** Opens the codec's decoded output in the inspector. */
  inspect(codec: string, label: string): void;
}

/** Rows whose codec decoded the sample: completed, or failed only when verifying the round trip. */
function inspectable(row: Row): boolean {
  return row.kind === 'result' && (row.result.status === 'completed' || (row.result.status === 'errored' && row.result.error.stage === 'verify'));
}

export class ResultsTable implements Disposable {
  readonly element: HTMLElement;
  private readonly table: HTMLTableElement;
  private readonly caption: HTMLTableCaptionElement;
  private readonly headers = new Map<ColumnId, HTMLTableCellElement>();
  private body: HTMLTableSectionElement;
  private readonly scroll: HTMLElement;
  private readonly chooser: ColumnChooser;
  /** Columns the user hid (from the model) and columns folded because the panel is narrow. */
  private hidden: readonly ColumnId[] = [];
  private folded: ColumnId[] = [];
  /** Whether unstable speed-ups carry ⚠ (not after a run on a busy machine) and the run's rounds plan. */
  private rowContext: SpeedupContext = { marks: true };
  private readonly listeners = new DisposableStore();
  /** The details rows' ids: this table's own, as other runs' tables are on the page too. */
  private readonly detailsIds = uniqueId('codec-details');

  constructor(actions: TableActions) {
    this.caption = el('caption', { className: 'visually-hidden' });
    const headRow = el(
      'tr',
      {},
      COLUMNS.map((column) => {
        const sortButton = button(column.title, 'sort-button', { 'data-sort': column.id });
        if (column.description) sortButton.title = column.description;
        sortButton.append(el('span', { className: 'sort-indicator', attrs: { 'aria-hidden': 'true' } }));
        const th = el('th', { className: column.numeric ? 'num' : '', attrs: { scope: 'col' } }, [sortButton]);
        this.headers.set(column.id, th);
        return th;
      }),
    );
    this.body = el('tbody');
    this.table = el('table', { className: 'results' }, [this.caption, el('thead', {}, [headRow]), this.body]);
    this.scroll = el('div', { className: 'table-scroll' }, [this.table]);
    this.chooser = this.listeners.add(new ColumnChooser(actions));
    this.element = el('div', { className: 'results-block' }, [this.chooser.element, this.scroll]);
    // The webview's window is the panel: a resized panel refits the table at once.
    this.listeners.add(listen(window, 'resize', () => this.fit()));
    // So does a table laid out after its last render (an entry drawn before it was attached,
    // results shown after being hidden): the fit needs a width, which only layout gives.
    let fittedWidth = -1;
    const observer = new ResizeObserver(() => {
      const width = this.scroll.clientWidth;
      if (width === fittedWidth) return; // folding columns changes the height only
      fittedWidth = width;
      this.fit();
    });
    observer.observe(this.scroll);
    this.listeners.add({ dispose: () => observer.disconnect() });

    // One delegated listener: rows come and go, the listener stays.
    this.listeners.add(
      listen(this.table, 'click', (event) => {
        const target = (event.target as Element).closest('button');
        const column = target?.dataset['sort'];
        if (column) actions.sortBy(column as ColumnId);
        const codec = target?.dataset['details'];
        if (codec !== undefined) actions.toggleDetails(codec);
        // A click anywhere else on an inspectable row (or on its Inspect button) opens the inspector.
        const row = (event.target as Element).closest<HTMLElement>('tr[data-inspectable]');
        const inspect = target?.dataset['inspect'];
        if (inspect !== undefined) actions.inspect(inspect, target?.dataset['label'] ?? inspect);
        else if (!target && row && !(event.target as Element).closest('a, select, input, summary')) {
          actions.inspect(row.dataset['codec'] ?? '', row.dataset['label'] ?? '');
        }
      }),
    );
  }

  render(model: PanelModel): void {
    for (const [id, th] of this.headers) {
      if (model.sort?.column === id) th.setAttribute('aria-sort', model.sort.direction);
      else th.removeAttribute('aria-sort');
    }
    const sortedBy = model.sort ? `, sorted by ${COLUMNS.find((c) => c.id === model.sort!.column)!.title} (${model.sort.direction})` : '';
    this.caption.textContent = `Results per codec${sortedBy}`;

    const focusedCodec =
      (document.activeElement as HTMLElement | null)?.closest('tbody') === this.body ? (document.activeElement as HTMLElement).dataset['details'] : undefined;
    const body = el('tbody');
    const rows = sortRows(model.rows, model.sort);
    const load = model.run?.settings.machineLoad;
    this.rowContext = { marks: !(load?.measured && load.busy), settings: model.run?.settings ?? {} };
    const ratioScale = Math.max(1, ...rows.map(ratioOf));
    const jsonBytes = model.sample?.jsonBytes ?? null;
    const nameOf = namesOfRows(rows);
    rows.forEach((row, index) => {
      const expanded = row.kind === 'result' && model.expanded.includes(row.result.codec);
      body.append(this.rowElement(row, index, expanded, ratioScale, model.phase === 'running', model.previous ?? [], model.previousKind, nameOf));
      if (expanded && row.kind === 'result') {
        const cell = el('td', {}, [detailsContent(row.result, jsonBytes, model.run?.settings)]);
        cell.colSpan = COLUMNS.length;
        body.append(el('tr', { className: 'details-row', attrs: { id: this.detailsId(index) } }, [cell]));
      }
    });
    this.body.replaceWith(body);
    this.body = body;
    this.hidden = model.hiddenColumns ?? [];
    this.fit();
    if (focusedCodec !== undefined) {
      [...body.querySelectorAll<HTMLElement>('[data-details]')].find((b) => b.dataset['details'] === focusedCodec)?.focus();
    }
  }

  /**
   * Shows a pending row's new stage in place. False when the row is not on the page as a
   * pending row (the caller then renders the whole table).
   */
  showStage(row: PendingRow, running: boolean): boolean {
    const activity = [...this.body.querySelectorAll<HTMLElement>('tr[data-codec]')]
      .find((tr) => tr.dataset['codec'] === row.codec)
      ?.querySelector('.pending-activity');
    if (!activity) return false;
    activity.textContent = pendingActivity(row, running);
    return true;
  }

  dispose(): void {
    this.listeners.dispose();
  }

  /**
   * Shows every column the user has not hidden, then folds optional columns (least telling
   * first) while the table is wider than the panel: no sideways scrolling for the deciding
   * columns. Folded figures stay in each row's details.
   */
  private detailsId(index: number): string {
    return `${this.detailsIds}-${index}`;
  }

  private fit(): void {
    this.folded = [];
    this.showColumns();
    // Not laid out (the results are hidden): nothing to measure; the next render fits.
    if (this.scroll.clientWidth > 0) {
      for (const group of FOLD_ORDER) {
        if (this.scroll.scrollWidth <= this.scroll.clientWidth) break;
        const shown = group.filter((id) => !this.hidden.includes(id));
        if (shown.length === 0) continue;
        this.folded.push(...shown);
        this.showColumns();
      }
    }
    this.chooser.render(this.hidden, this.folded);
  }

  private showColumns(): void {
    const shown = shownColumns(this.hidden, this.folded);
    for (const [id, th] of this.headers) th.hidden = !shown.has(id);
    for (const cell of this.body.querySelectorAll<HTMLTableCellElement>('[data-col]')) cell.hidden = !shown.has(cell.dataset['col'] as ColumnId);
    for (const cell of this.body.querySelectorAll<HTMLTableCellElement>('[data-span]')) {
      cell.colSpan = Math.max(1, cell.dataset['span']!.split(' ').filter((id) => shown.has(id as ColumnId)).length);
    }
    for (const cell of this.body.querySelectorAll<HTMLTableCellElement>('.details-row > td')) cell.colSpan = shown.size;
    this.table.dataset['columns'] = [...shown].join(' ');
  }

  private rowElement(
    row: Row,
    index: number,
    expanded: boolean,
    ratioScale: number,
    running: boolean,
    previous: readonly CompletedResult[],
    previousKind: PanelModel['previousKind'],
    nameOf: (codec: string) => string,
  ): HTMLTableRowElement {
    const status = row.kind === 'pending' ? 'pending' : row.result.status;
    const label = row.kind === 'pending' ? row.label : row.result.label;
    const format = row.kind === 'pending' ? row.format : row.result.format;
    // The label names format and library ("Avro (avsc)"); the notes say what the codec chose.
    const title = row.kind === 'pending' ? label : [`${label}, ${row.result.library} ${row.result.libraryVersion}`, ...rowNotesText(row.result)].join('\n');
    const codecHeader = el('th', { className: 'codec', title, attrs: { scope: 'row' } });
    if (row.kind === 'result') {
      const toggle = button(nameOf(row.result.codec), 'details-toggle', { 'data-details': row.result.codec, 'aria-expanded': String(expanded) });
      if (expanded) toggle.setAttribute('aria-controls', this.detailsId(index)); // the details row exists only while open
      codecHeader.append(toggle);
      if (inspectable(row)) {
        codecHeader.append(
          button('Inspect', 'inspect-button', {
            'data-inspect': row.result.codec,
            'data-label': row.result.label,
            title: `Open the decoded output and encoded bytes of ${row.result.label}`,
          }),
        );
      }
      const before = previous.find((result) => result.codec === row.result.codec);
      if (before && row.result.status === 'completed') {
        const text = previousKind === 'rerun' ? describeRerunDelta(before) : describeVariantDelta(before, row.result);
        codecHeader.append(el('div', { className: 'variant-delta', text }));
      }
    } else {
      codecHeader.append(el('span', { className: 'codec-name', text: row.codec }));
    }
    const cells =
      row.kind === 'pending'
        ? pendingCells(row, running, ratioScale)
        : row.result.status === 'completed'
          ? completedCells(row.result, ratioScale, this.rowContext)
          : failedCells(row.result, ratioScale);
    // Where the codec's schema came from (inferred, provided, derived): for tests and styles.
    const attrs: Record<string, string> = { 'data-codec': rowCodec(row) };
    if (row.kind === 'result') attrs['data-schema'] = row.result.schema;
    if (inspectable(row) && row.kind === 'result') {
      attrs['data-inspectable'] = '';
      attrs['data-label'] = row.result.label;
    }
    return el('tr', { className: `row-${status}`, attrs }, [
      codecHeader,
      el('td', { className: 'format', text: format, attrs: { 'data-col': 'format' } }),
      ...cells,
    ]);
  }
}

function ratioOf(row: Row): number {
  if (row.kind === 'pending') return row.sizes?.ratio ?? 0;
  if (row.result.status === 'skipped') return 0;
  return row.result.ratio ?? 0;
}
