/**
 * The results table: one row per codec, filled in as results arrive, sortable by every column.
 * The header is built once (so a focused sort button keeps focus across updates); the body is
 * rebuilt on each change, which for a dozen codecs costs nothing.
 */
import { button, el } from './dom';
import { type Disposable, DisposableStore, listen } from './dispose';
import { completedCells, failedCells, pendingCells } from './cells';
import { detailsContent } from './details';
import { type ColumnId, type PanelModel, type Row, rowCodec } from './model';
import { sortRows } from './sorting';
import { describeRerunDelta, describeVariantDelta } from './variant-delta';
import type { CompletedResult } from '../src/shared/results';

interface ColumnSpec {
  id: ColumnId;
  title: string;
  numeric: boolean;
  /** What the column means, as the header's tooltip. */
  description?: string;
}

const COLUMNS: readonly ColumnSpec[] = [
  { id: 'codec', title: 'Codec', numeric: false, description: 'Open a row for its library, compressed sizes, timing spread and notes' },
  { id: 'format', title: 'Format', numeric: false },
  { id: 'bytes', title: 'Bytes', numeric: true, description: 'Encoded size (hover for gzip and brotli sizes)' },
  { id: 'ratio', title: 'Ratio', numeric: true, description: 'Encoded bytes / JSON bytes: below 1 is smaller than JSON' },
  { id: 'encode', title: 'Encode', numeric: true, description: 'Amortised time per call (collections included), median over rounds; hover for the distribution, GC share and allocation' },
  { id: 'decode', title: 'Decode', numeric: true, description: 'Amortised time per call (collections included), median over rounds; hover for the distribution, GC share and allocation' },
  { id: 'encodeSpeedup', title: 'Enc. vs JSON', numeric: true, description: 'JSON’s encode time / this codec’s in each round: the median, and under it where a re-run’s median is expected (95%; two rounds: their range). Above 1× is faster; ⚠ rounds disagree widely' },
  { id: 'decodeSpeedup', title: 'Dec. vs JSON', numeric: true, description: 'JSON’s decode time / this codec’s in each round: the median, and under it where a re-run’s median is expected (95%; two rounds: their range). Above 1× is faster; ⚠ rounds disagree widely' },
  { id: 'roundTrip', title: 'Round trip', numeric: false, description: 'exact, equivalent (same JSON), nulls added (absent keys came back null, nothing else changed), lossy or failed' },
  { id: 'remnants', title: 'Remnants', numeric: false, description: 'What the decoded object carries that plain JSON would not' },
];

export interface TableActions {
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
  private readonly listeners = new DisposableStore();

  constructor(actions: TableActions) {
    this.caption = el('caption', { className: 'visually-hidden' });
    const headRow = el('tr', {}, COLUMNS.map((column) => {
      const sortButton = button(column.title, 'sort-button', { 'data-sort': column.id });
      if (column.description) sortButton.title = column.description;
      sortButton.append(el('span', { className: 'sort-indicator', attrs: { 'aria-hidden': 'true' } }));
      const th = el('th', { className: column.numeric ? 'num' : '', attrs: { scope: 'col' } }, [sortButton]);
      this.headers.set(column.id, th);
      return th;
    }));
    this.body = el('tbody');
    this.table = el('table', { className: 'results' }, [this.caption, el('thead', {}, [headRow]), this.body]);
    this.element = el('div', { className: 'table-scroll' }, [this.table]);

    // One delegated listener: rows come and go, the listener stays.
    this.listeners.add(listen(this.table, 'click', (event) => {
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
    }));
  }

  render(model: PanelModel): void {
    for (const [id, th] of this.headers) {
      if (model.sort?.column === id) th.setAttribute('aria-sort', model.sort.direction);
      else th.removeAttribute('aria-sort');
    }
    const sortedBy = model.sort ? `, sorted by ${COLUMNS.find((c) => c.id === model.sort!.column)!.title} (${model.sort.direction})` : '';
    this.caption.textContent = `Results per codec${sortedBy}`;

    const focusedCodec = (document.activeElement as HTMLElement | null)?.closest('tbody') === this.body
      ? (document.activeElement as HTMLElement).dataset['details']
      : undefined;
    const body = el('tbody');
    const rows = sortRows(model.rows, model.sort);
    const ratioScale = Math.max(1, ...rows.map(ratioOf));
    const jsonBytes = model.sample?.jsonBytes ?? null;
    rows.forEach((row, index) => {
      const expanded = row.kind === 'result' && model.expanded.includes(row.result.codec);
      body.append(this.rowElement(row, index, expanded, ratioScale, model.phase === 'running', model.previous ?? [], model.previousKind));
      if (expanded && row.kind === 'result') {
        const cell = el('td', {}, [detailsContent(row.result, jsonBytes)]);
        cell.colSpan = COLUMNS.length;
        body.append(el('tr', { className: 'details-row', attrs: { id: detailsId(index) } }, [cell]));
      }
    });
    this.body.replaceWith(body);
    this.body = body;
    if (focusedCodec !== undefined) {
      [...body.querySelectorAll<HTMLElement>('[data-details]')].find((b) => b.dataset['details'] === focusedCodec)?.focus();
    }
  }

  dispose(): void {
    this.listeners.dispose();
  }

  private rowElement(row: Row, index: number, expanded: boolean, ratioScale: number, running: boolean, previous: readonly CompletedResult[], previousKind: PanelModel['previousKind']): HTMLTableRowElement {
    const status = row.kind === 'pending' ? 'pending' : row.result.status;
    const label = row.kind === 'pending' ? row.label : row.result.label;
    const format = row.kind === 'pending' ? row.format : row.result.format;
    // The label names format and library ("Avro (avsc)"); the notes say what the codec chose.
    const title = row.kind === 'pending' ? label : [`${label}, ${row.result.library} ${row.result.libraryVersion}`, ...row.result.notes].join('\n');
    const codecHeader = el('th', { className: 'codec', title, attrs: { scope: 'row' } });
    if (row.kind === 'result') {
      const toggle = button(row.result.codec, 'details-toggle', { 'data-details': row.result.codec, 'aria-expanded': String(expanded) });
      if (expanded) toggle.setAttribute('aria-controls', detailsId(index)); // the details row exists only while open
      codecHeader.append(toggle);
      if (inspectable(row)) {
        codecHeader.append(button('Inspect', 'inspect-button', { 'data-inspect': row.result.codec, 'data-label': row.result.label, title: `Open the decoded output and encoded bytes of ${row.result.label}` }));
      }
      const before = previous.find((result) => result.codec === row.result.codec);
      if (before && row.result.status === 'completed') {
        const text = previousKind === 'rerun' ? describeRerunDelta(before) : describeVariantDelta(before, row.result);
        codecHeader.append(el('div', { className: 'variant-delta', text }));
      }
    } else {
      codecHeader.append(el('span', { className: 'codec-name', text: row.codec }));
    }
    const cells = row.kind === 'pending'
      ? pendingCells(row, running)
      : row.result.status === 'completed'
        ? completedCells(row.result, ratioScale)
        : failedCells(row.result, ratioScale);
    // Where the codec's schema came from (inferred, provided, derived): for tests and styles.
    const attrs: Record<string, string> = { 'data-codec': rowCodec(row) };
    if (row.kind === 'result') attrs['data-schema'] = row.result.schema;
    if (inspectable(row) && row.kind === 'result') {
      attrs['data-inspectable'] = '';
      attrs['data-label'] = row.result.label;
    }
    return el('tr', { className: `row-${status}`, attrs }, [codecHeader, el('td', { className: 'format', text: format }), ...cells]);
  }
}

const detailsId = (index: number) => `codec-details-${index}`;

function ratioOf(row: Row): number {
  if (row.kind === 'pending' || row.result.status === 'skipped') return 0;
  return row.result.ratio ?? 0;
}
