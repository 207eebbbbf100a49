/**
 * The remnant matrix under the results table: codecs (in the table's row order) × kinds of
 * remnant, each cell the number of distinct remnants. Computed here from the
 * model's rows with the analysis' own `remnantMatrixRow`, so it fills in while the run streams
 * and counts exactly as the CLI's `--remnants` matrix and the report's `remnantMatrix` do.
 */
import { remnantMatrixRow } from '../../src/analysis/matrix';
import { REMNANT_KIND_INFO, REMNANT_KINDS } from '../../src/shared/remnant-kinds';
import type { CodecResult, RemnantKind, RemnantMatrixCell } from '../../src/shared/results';
import { el } from '../common/dom';
import { formatCount } from './format';
import type { PanelModel } from './model';
import { sortRows } from './sorting';
import { namesOfRows } from './row-names';

export class RemnantMatrixView {
  readonly element: HTMLElement;
  private body = el('tbody');

  constructor() {
    const kindHeaders = REMNANT_KINDS.map((kind) => {
      const info = REMNANT_KIND_INFO[kind];
      return el('th', { className: 'num', text: info.short, title: `${info.title}: ${info.meaning}`, attrs: { scope: 'col', 'data-kind': kind } });
    });
    const caption = el('caption', {}, [
      el('span', { className: 'section-title', text: 'Remnants by kind' }),
      el('span', {
        className: 'section-note',
        text: 'Distinct remnants per codec and kind (+: at least, the list was capped). Hover a header for what the kind means, a cell for its occurrences.',
      }),
    ]);
    const head = el('thead', {}, [el('tr', {}, [el('th', { text: 'Codec', attrs: { scope: 'col' } }), ...kindHeaders])]);
    const table = el('table', { className: 'remnant-matrix' }, [caption, head, this.body]);
    this.element = el('section', { className: 'remnant-matrix-section', attrs: { 'aria-label': 'Remnants by kind' } }, [
      el('div', { className: 'table-scroll' }, [table]),
    ]);
  }

  render(model: PanelModel): void {
    const results = sortRows(model.rows, model.sort).flatMap((row) => (row.kind === 'result' ? [row.result] : []));
    this.element.hidden = !results.some((result) => result.status === 'completed');
    if (this.element.hidden) return;
    const nameOf = namesOfRows(model.rows);
    const body = el(
      'tbody',
      {},
      results.map((result) => matrixRow(result, nameOf(result.codec))),
    );
    this.body.replaceWith(body);
    this.body = body;
  }
}

function matrixRow(result: CodecResult, name: string): HTMLTableRowElement {
  const codec = el('th', { className: 'codec', text: name, title: result.label, attrs: { scope: 'row' } });
  if (result.status !== 'completed') {
    // No decoded object to look at: one cell says why, across every kind.
    const cell = el('td', { className: `matrix-${result.status}`, text: `${result.status} at ${result.error.stage}: no decoded object` });
    cell.title = result.error.message;
    cell.colSpan = REMNANT_KINDS.length;
    return el('tr', { attrs: { 'data-matrix-codec': result.codec, 'data-status': result.status } }, [codec, cell]);
  }
  const { cells } = remnantMatrixRow(result);
  return el('tr', { attrs: { 'data-matrix-codec': result.codec, 'data-status': result.status } }, [
    codec,
    ...REMNANT_KINDS.map((kind) => matrixCell(kind, cells[kind])),
  ]);
}

function matrixCell(kind: RemnantKind, cell: RemnantMatrixCell | undefined): HTMLTableCellElement {
  if (!cell) {
    return el('td', { className: 'num clean', attrs: { 'data-kind': kind } }, [
      el('span', { text: '–', attrs: { 'aria-hidden': 'true' } }),
      el('span', { className: 'visually-hidden', text: 'none' }),
    ]);
  }
  const { title } = REMNANT_KIND_INFO[kind];
  const distinct = `${cell.partial ? 'at least ' : ''}${formatCount(cell.remnants, 'distinct remnant')}`;
  // A capped list's summary entry tells how many groups it left out, not their sizes.
  const occurrences = `${cell.partial ? 'at least ' : ''}${formatCount(cell.occurrences, 'occurrence')}`;
  return el('td', {
    className: 'num affected',
    text: `${cell.remnants}${cell.partial ? '+' : ''}`,
    title: `${title}: ${distinct}, ${occurrences}`,
    attrs: { 'data-kind': kind },
  });
}
