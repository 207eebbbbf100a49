/**
 * The verdict above the table: how busy the machine was (once, for every speed figure), the
 * pick for the chosen priority, then each claim with its figure (computed by
 * src/report/verdict.ts). Shown once a run has finished: a verdict on half the rows would name
 * a winner the next row may beat.
 */
import { computeVerdict, type Priority, PRIORITIES } from '../../src/report/verdict';
import { describeMachineLoad } from '../../src/shared/machine-load-text';
import { computeMessageVerdict } from '../../src/report/message-verdict';
import { el } from '../common/dom';
import { type Disposable, DisposableStore, listen } from '../common/dispose';
import { inMessageMode, type PanelModel } from './model';

export interface VerdictActions {
  setPriority(priority: Priority): void;
}

export const DEFAULT_PRIORITY: Priority = 'size';

export class VerdictView implements Disposable {
  readonly element: HTMLElement;
  private readonly prioritySelect = el('select', { className: 'priority-select', attrs: { 'aria-label': 'Priority of the pick' } },
    PRIORITIES.map((priority) => el('option', { text: priority.label, attrs: { value: priority.id } })));
  private readonly machineLoad = el('p', { className: 'machine-load', attrs: { role: 'note' } });
  private readonly title = el('h2', { className: 'section-title', text: 'Verdict', attrs: { id: 'verdict-title' } });
  private readonly pick = el('p', { className: 'verdict-pick' });
  private readonly claims = el('ul', { className: 'verdict-claims' });
  private readonly notes = el('p', { className: 'section-note verdict-notes' });
  private readonly waiting = el('p', { className: 'section-note', text: 'The verdict appears when the run finishes.' });
  private readonly listeners = new DisposableStore();

  constructor(actions: VerdictActions) {
    this.element = el('section', { className: 'verdict', attrs: { 'aria-labelledby': 'verdict-title' } }, [
      el('div', { className: 'verdict-heading' }, [
        this.title,
        el('label', { className: 'variant' }, [el('span', { className: 'toolbar-label', text: 'Pick for' }), this.prioritySelect]),
      ]),
      this.machineLoad,
      this.waiting,
      this.pick,
      this.claims,
      this.notes,
    ]);
    this.listeners.add(listen(this.prioritySelect, 'change', () => actions.setPriority(this.prioritySelect.value as Priority)));
  }

  render(model: PanelModel): void {
    const results = model.rows.flatMap((row) => (row.kind === 'result' ? [row.result] : []));
    const finished = model.phase === 'finished' && results.some((result) => result.status === 'completed');
    // A failed or cancelled run without results has nothing to judge.
    this.element.hidden = model.phase !== 'running' && !finished;
    this.waiting.hidden = finished;
    for (const part of [this.pick, this.claims, this.notes]) part.hidden = !finished;
    const load = model.run?.settings.machineLoad;
    this.machineLoad.hidden = !finished || !load;
    if (finished && load) {
      const text = describeMachineLoad(load);
      const busy = load.measured && load.busy;
      this.machineLoad.textContent = `${busy ? '⚠ ' : ''}${text[0]!.toUpperCase()}${text.slice(1)}.`;
      this.machineLoad.classList.toggle('busy', busy);
    }
    this.prioritySelect.disabled = !finished;
    const priority = model.priority ?? DEFAULT_PRIORITY;
    this.prioritySelect.value = priority;
    if (!finished) return;
    const stream = inMessageMode(model) ? model.sample : null;
    this.title.textContent = stream ? 'Verdict per message' : 'Verdict';
    // A stream's verdict weighs bytes as messages are sent (framed, with a trained dictionary) and rates on links.
    const verdict = stream ? computeMessageVerdict({ results, input: stream }, priority, { settings: model.run?.settings }) : computeVerdict(results, model.sample?.jsonBytes ?? null, priority, { settings: model.run?.settings });
    this.pick.textContent = verdict.pick.text;
    this.pick.dataset['codecs'] = verdict.pick.codecs.join(' ');
    this.claims.replaceChildren(...verdict.claims.map((claim) =>
      el('li', { text: claim.text, attrs: { 'data-claim': claim.id, 'data-codecs': claim.codecs.join(' '), ...(claim.tied ? { 'data-tied': '' } : {}) } })));
    this.notes.textContent = verdict.notes.join(' ');
    this.notes.hidden = verdict.notes.length === 0;
  }

  dispose(): void {
    this.listeners.dispose();
  }
}
