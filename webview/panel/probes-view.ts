/**
 * The library probes ("Probe libraries"): probes down, codecs across (as in the CLI's table:
 * probe titles are long, codecs few, so the table fits a panel), each cell the outcome as a
 * badge worded and coloured by severity. Cells are buttons: pressing one shows its detail
 * below the table, so every detail is readable from the keyboard, not only on hover.
 */
import { uniqueId } from '../common/ids';
import { describeProbeLimits, PROBE_OUTCOME_WORDS, type ProbeOutcome, type ProbeResult } from '../../src/shared/probes';
import { button, el } from '../common/dom';
import { type Disposable, DisposableStore, listen } from '../common/dispose';
import { formatCount } from './format';
import type { PanelModel } from './model';
import type { ProbeState } from './probes-model';

export interface ProbeActions {
  probeLibraries(): void;
  cancelProbes(): void;
}

/** Styles by severity: harm beyond the value, a silent change, a refusal, nothing to judge, kept. */
const SEVERITY: Record<ProbeOutcome, 'severe' | 'silent' | 'refused' | 'neutral' | 'kept'> = {
  crashed: 'severe',
  polluted: 'severe',
  timeout: 'severe',
  'prototype-changed': 'severe',
  'wrong-value': 'silent',
  'dropped-key': 'silent',
  'renamed-key': 'silent',
  'clean-error': 'refused',
  unsupported: 'neutral',
  'not-applicable': 'neutral',
  preserved: 'kept',
};

const LEGEND =
  'crashed, polluted, timeout, prototype changed: harm beyond the decoded value · wrong value, dropped key, renamed key: ' +
  'a silent change · refused: a clean exception · unsupported: the format cannot express the input · + more than one effect';

interface CellKey {
  codec: string;
  probe: string;
}

export class ProbesView implements Disposable {
  readonly element: HTMLElement;
  private readonly status = el('p', { className: 'probe-status', attrs: { role: 'status' } });
  private readonly stopButton = button('Stop probing', 'action secondary', { 'data-action': 'cancel-probes' });
  private readonly limits = el('p', { className: 'probe-limits' });
  private readonly table = el('table', { className: 'probes' });
  private readonly detail = el('div', { className: 'probe-detail', attrs: { id: uniqueId('probe-detail'), 'aria-live': 'polite' } });
  private readonly listeners = new DisposableStore();
  private selected: CellKey | null = null;
  private shownRunId: number | null = null;
  private renderedBefore = false;
  private state: ProbeState | null = null;
  /** What the detail shows now: it is redrawn only when that changes (it is a live region). */
  private shownDetail: ProbeResult | undefined | null = null;

  constructor(actions: ProbeActions) {
    const titleId = uniqueId('probes-title');
    this.element = el('section', { className: 'probes-section', attrs: { 'aria-labelledby': titleId } }, [
      el('div', { className: 'probes-heading' }, [el('h2', { className: 'section-title', text: 'Library probes', attrs: { id: titleId } }), this.stopButton]),
      this.status,
      this.limits,
      el('div', { className: 'table-scroll' }, [this.table]),
      el('p', { className: 'section-note probe-legend', text: LEGEND }),
      this.detail,
    ]);
    this.listeners.add(listen(this.stopButton, 'click', () => actions.cancelProbes()));
    this.listeners.add(
      listen(this.table, 'click', (event) => {
        const cell = (event.target as Element).closest<HTMLElement>('button[data-probe]');
        if (!cell) return;
        this.selected = { codec: cell.dataset['codec']!, probe: cell.dataset['probe']! };
        if (this.state) this.renderTable(this.state);
      }),
    );
  }

  render(model: PanelModel): void {
    const firstRender = !this.renderedBefore;
    this.renderedBefore = true;
    const state = model.probes ?? null;
    this.element.hidden = state === null;
    if (state === null) return;
    const newRun = state.probeRunId !== this.shownRunId;
    if (newRun) this.selected = null; // another run: its cells are new
    // The section sits below the results: a run the user just started is brought into view.
    // Not the run a reloaded page comes back with (its first render): that would jump the page.
    const scroll = newRun && !firstRender && state.phase === 'running';
    this.shownRunId = state.probeRunId;
    this.state = state;
    this.stopButton.hidden = state.phase !== 'running';
    this.status.textContent = statusText(state);
    this.status.className = `probe-status ${state.phase}`;
    this.status.dataset['probeRunId'] = String(state.probeRunId);
    this.limits.hidden = state.limits === null;
    this.limits.textContent = state.limits ? `Each codec runs in a child process: ${describeProbeLimits(state.limits)}.` : '';
    this.limits.classList.toggle('warning', state.limits?.heapLimitHeld === false);
    this.renderTable(state);
    if (scroll) this.element.scrollIntoView({ block: 'start' });
  }

  dispose(): void {
    this.listeners.dispose();
  }

  private renderTable(state: ProbeState): void {
    const focused =
      document.activeElement instanceof HTMLElement && this.table.contains(document.activeElement)
        ? { codec: document.activeElement.dataset['codec'], probe: document.activeElement.dataset['probe'] }
        : undefined;
    const byKey = new Map(state.results.map((result) => [`${result.codec}\u0000${result.probe}`, result]));
    const codecs = [...state.codecs.map((codec) => codec.codec), ...state.results.map((result) => result.codec)].filter(
      (codec, index, all) => all.indexOf(codec) === index,
    );
    const head = el('tr', {}, [
      el('th', { text: 'Probe', attrs: { scope: 'col' } }),
      ...codecs.map((codec) => {
        const known = state.codecs.find((described) => described.codec === codec);
        return el('th', { text: codec, title: known ? `${known.label}, ${known.library} ${known.libraryVersion}` : codec, attrs: { scope: 'col' } });
      }),
    ]);
    const rows = state.probes.map((probe) =>
      el('tr', { attrs: { 'data-probe': probe.id } }, [
        el('th', { text: probe.title, title: probe.description, attrs: { scope: 'row' } }),
        ...codecs.map((codec) => this.cell(byKey.get(`${codec}\u0000${probe.id}`), { codec, probe: probe.id }, state.phase === 'running')),
      ]),
    );
    const caption = el('caption', { className: 'visually-hidden', text: 'Outcome of each probe per codec; press a cell for its detail' });
    this.table.replaceChildren(caption, el('thead', {}, [head]), el('tbody', {}, rows));
    if (focused?.codec !== undefined) {
      [...this.table.querySelectorAll<HTMLElement>('button[data-probe]')]
        .find((cell) => cell.dataset['codec'] === focused.codec && cell.dataset['probe'] === focused.probe)
        ?.focus();
    }
    this.renderDetail(state, byKey);
  }

  private cell(result: ProbeResult | undefined, key: CellKey, running: boolean): HTMLTableCellElement {
    if (!result) {
      const text = running ? '…' : '—';
      return el('td', { className: 'probe-pending' }, [
        el('span', { text, attrs: { 'aria-hidden': 'true' } }),
        el('span', { className: 'visually-hidden', text: running ? 'pending' : 'not run' }),
      ]);
    }
    const more = result.effects.filter((effect) => effect !== 'preserved').length > 1 ? '+' : '';
    const selected = this.selected?.codec === key.codec && this.selected.probe === key.probe;
    const badge = button(`${PROBE_OUTCOME_WORDS[result.outcome]}${more}`, `probe-outcome ${SEVERITY[result.outcome]}${selected ? ' selected' : ''}`, {
      'data-codec': key.codec,
      'data-probe': key.probe,
      'data-outcome': result.outcome,
      'aria-controls': this.detail.id,
      'aria-pressed': String(selected),
    });
    badge.title = result.detail;
    return el('td', {}, [badge]);
  }

  private renderDetail(state: ProbeState, byKey: Map<string, ProbeResult>): void {
    const result = this.selected ? byKey.get(`${this.selected.codec}\u0000${this.selected.probe}`) : undefined;
    if (result === this.shownDetail) return;
    this.shownDetail = result;
    if (!result) {
      this.detail.replaceChildren(el('p', { className: 'section-note', text: 'Press a cell (or focus it and press Enter) to read what happened.' }));
      return;
    }
    const probe = state.probes.find((info) => info.id === result.probe);
    const effects = result.effects.length > 1 ? ` (effects: ${result.effects.map((effect) => PROBE_OUTCOME_WORDS[effect]).join(', ')})` : '';
    const parts: HTMLElement[] = [
      el('h3', {
        className: 'probe-detail-title',
        text: `${result.codec} · ${probe?.title ?? result.probe}: ${PROBE_OUTCOME_WORDS[result.outcome]}${effects}`,
      }),
      el('p', { className: 'probe-detail-text', text: result.detail }),
    ];
    if (result.cases && result.cases.length > 1) {
      parts.push(
        el(
          'ul',
          { className: 'detail-list' },
          result.cases.map((entry) => el('li', { text: `${entry.label}: ${PROBE_OUTCOME_WORDS[entry.outcome]}: ${entry.detail}` })),
        ),
      );
    }
    if (result.pollution) parts.push(el('p', { text: `Object.prototype changed: ${result.pollution.join(', ')}` }));
    if (probe) parts.push(el('p', { className: 'section-note', text: probe.description }));
    this.detail.replaceChildren(...parts);
  }
}

function statusText(state: ProbeState): string {
  const total = state.codecs.length * state.probes.length;
  const done = formatCount(state.results.length, 'result');
  switch (state.phase) {
    case 'running':
      return `Probing… ${state.results.length} of ${total} done`;
    case 'finished':
      return `Probed ${formatCount(state.codecs.length, 'codec')} with ${formatCount(state.probes.length, 'probe')}`;
    case 'cancelled':
      return `Probing stopped after ${done}${state.endMessage ? `: ${state.endMessage}` : ''}`;
    case 'failed':
      return `The probe run failed${state.endMessage ? `: ${state.endMessage}` : ''}`;
  }
}
