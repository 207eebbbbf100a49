/**
 * "Columns": a disclosure above the results table with a checkbox per optional column. What
 * the user unticks stays hidden (remembered with the panel state); a ticked column the panel
 * has no room for says so, and its figures are in each row's details.
 */
import { el } from '../common/dom';
import { type Disposable, DisposableStore, listen } from '../common/dispose';
import { OPTIONAL_COLUMNS } from './columns';
import type { ColumnId } from './model';

export interface ColumnChooserActions {
  setColumnHidden(column: ColumnId, hidden: boolean): void;
}

export class ColumnChooser implements Disposable {
  readonly element: HTMLDetailsElement;
  private readonly boxes = new Map<ColumnId, HTMLInputElement>();
  private readonly notes = new Map<ColumnId, HTMLElement>();
  private readonly summary = el('summary', { text: 'Columns' });
  private readonly listeners = new DisposableStore();

  constructor(actions: ColumnChooserActions) {
    const options = OPTIONAL_COLUMNS.map((column) => {
      const box = el('input', { attrs: { type: 'checkbox', 'data-column': column.id } });
      const note = el('span', { className: 'column-note', text: 'no room: in row details' });
      this.boxes.set(column.id, box);
      this.notes.set(column.id, note);
      return el('label', { className: 'column-option', title: column.description }, [box, ' ', column.title, note]);
    });
    this.element = el('details', { className: 'column-chooser' }, [
      this.summary,
      el('fieldset', { className: 'column-options' }, [
        el('legend', { className: 'visually-hidden', text: 'Optional columns of the results table' }),
        ...options,
      ]),
    ]);
    this.listeners.add(
      listen(this.element, 'change', (event) => {
        const column = (event.target as HTMLElement).dataset['column'] as ColumnId | undefined;
        if (column) actions.setColumnHidden(column, !(event.target as HTMLInputElement).checked);
      }),
    );
  }

  render(hidden: readonly ColumnId[], folded: readonly ColumnId[]): void {
    for (const [id, box] of this.boxes) {
      box.checked = !hidden.includes(id);
      this.notes.get(id)!.hidden = !folded.includes(id);
    }
    const away = hidden.length + folded.length;
    this.summary.textContent = away === 0 ? 'Columns' : `Columns (${away} in row details)`;
  }

  dispose(): void {
    this.listeners.dispose();
  }
}
