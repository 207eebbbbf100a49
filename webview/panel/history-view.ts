/**
 * The history on the page: each run an entry, newest first, a region named by its kind, sample
 * and time, with Collapse and Close buttons and a jump list to its sections (a comparison's
 * Actions, Verdict, Table, Charts, Inspector), so Re-run is a few key presses from the top. A
 * run brings its entry into view when it starts and when it ends, unless the user scrolled
 * elsewhere meanwhile (they are reading something). Each kind's own view draws the entry's body.
 */
import { button, el } from '../common/dom';
import { type Disposable, DisposableStore, listen } from '../common/dispose';
import type { RunEvent } from '../../src/shared/run-events';
import type { History, HistoryEntry } from './history';

export interface Landmark {
  name: string;
  element: HTMLElement;
}

/** What a kind's view does for an entry. */
export interface EntryBody extends Disposable {
  readonly element: HTMLElement;
  /** Draws the entry whole; `live`: the newest of its kind, the one the host's actions act on. */
  render(entry: HistoryEntry, live: boolean): void;
  /** Shows a progress event alone when it can (true); false: render instead. */
  showProgress(entry: HistoryEntry, event: RunEvent): boolean;
  /** Its sections the jump list leads to, those shown now. */
  landmarks(): Landmark[];
}

export interface HistoryActions {
  toggle(id: number): void;
  close(id: number): void;
  body(entry: HistoryEntry): EntryBody;
}

const KIND_WORDS = { comparison: 'Comparison', schemaChange: 'Schema change' } as const;

/**
 * What the entry is called: kind, sample, the time it started and its run's number (two runs
 * in one second are still two names): its buttons' accessible names too.
 */
export function entryName(entry: HistoryEntry): string {
  const time = new Date(entry.shownAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  return `${entryKindWords(entry)} of ${entrySample(entry)}, ${time} (run ${entry.runId})`;
}

function entryKindWords(entry: HistoryEntry): string {
  if (entry.kind !== 'sweep') return KIND_WORDS[entry.kind];
  const { sweep, limits } = entry.model.started;
  return sweep && limits ? 'Size sweep and payload limits' : sweep ? 'Size sweep' : 'Payload limits';
}

function entrySample(entry: HistoryEntry): string {
  switch (entry.kind) {
    case 'comparison':
      return entry.model.run?.sampleName ?? 'no sample yet';
    case 'sweep':
      return entry.model.started.sampleName;
    case 'schemaChange':
      return entry.model.started.schemaName;
  }
}

const PHASE_WORDS: Record<string, string> = { idle: '', running: 'running', finished: 'finished', cancelled: 'stopped', failed: 'failed' };

class EntryView implements Disposable {
  readonly element: HTMLElement;
  readonly body: EntryBody;
  private readonly title = el('h2', { className: 'entry-title' });
  private readonly phase = el('span', { className: 'entry-phase' });
  private readonly toggle: HTMLButtonElement;
  private readonly close: HTMLButtonElement;
  private readonly jumps = el('nav', { className: 'entry-jumps' });
  private readonly content: HTMLElement;
  private readonly listeners = new DisposableStore();
  /** The model last drawn, and whether it was live then. */
  private drawn: { model: unknown; live: boolean } | null = null;
  /** Where the page was scrolled to when this entry was last brought into view. */
  scrolledTo: number | null = null;
  shownPhase: string | null = null;

  constructor(
    readonly entry: HistoryEntry,
    actions: HistoryActions,
  ) {
    const prefix = `run-entry-${entry.id}`;
    this.body = actions.body(entry);
    this.toggle = button('', 'entry-toggle', { 'aria-controls': `${prefix}-body` });
    this.close = button('×', 'entry-close');
    this.content = el('div', { className: 'run-entry-body', attrs: { id: `${prefix}-body` } }, [this.jumps, this.body.element]);
    this.title.id = `${prefix}-title`;
    this.element = el(
      'section',
      { className: 'run-entry', attrs: { role: 'region', 'aria-labelledby': this.title.id, 'data-kind': entry.kind, 'data-entry': String(entry.id) } },
      [el('div', { className: 'run-entry-bar' }, [this.toggle, this.title, this.close]), this.content],
    );
    this.listeners.add(listen(this.toggle, 'click', () => actions.toggle(entry.id)));
    this.listeners.add(listen(this.close, 'click', () => actions.close(entry.id)));
    this.listeners.add(
      listen(this.jumps, 'click', (event) => {
        const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-jump]');
        const target = link && this.body.landmarks().find((landmark) => landmark.name === link.dataset['jump']);
        if (!target) return;
        event.preventDefault();
        // Focus moves there: the next Tab goes on from the section, as a skip link does.
        if (!target.element.hasAttribute('tabindex')) target.element.tabIndex = -1;
        target.element.focus();
        target.element.scrollIntoView({ block: 'start' });
      }),
    );
  }

  render(entry: HistoryEntry, live: boolean): void {
    const name = entryName(entry);
    this.title.replaceChildren(name, ' ', this.phase);
    this.phase.textContent = PHASE_WORDS[entry.model.phase] ?? entry.model.phase;
    this.element.dataset['phase'] = entry.model.phase;
    this.element.dataset['runId'] = String(entry.runId);
    this.toggle.textContent = entry.collapsed ? '▸' : '▾';
    this.toggle.setAttribute('aria-expanded', String(!entry.collapsed));
    this.toggle.setAttribute('aria-label', `${entry.collapsed ? 'Expand' : 'Collapse'} ${name}`);
    this.close.setAttribute('aria-label', `Close ${name}`);
    this.close.title = entry.model.phase === 'running' ? 'Stop this run and close its entry' : 'Close this entry';
    this.content.hidden = entry.collapsed;
    if (this.drawn?.model !== entry.model || this.drawn.live !== live) {
      this.body.render(entry, live);
      this.drawn = { model: entry.model, live };
    }
    this.renderJumps(name);
  }

  showProgress(entry: HistoryEntry, event: RunEvent): boolean {
    if (!this.drawn || !this.body.showProgress(entry, event)) return false;
    this.drawn = { ...this.drawn, model: entry.model };
    return true;
  }

  private renderJumps(name: string): void {
    const landmarks = this.body.landmarks();
    this.jumps.hidden = landmarks.length === 0;
    this.jumps.setAttribute('aria-label', `Sections of ${name}`);
    const names = landmarks.map((landmark) => landmark.name).join('\n');
    if (this.jumps.dataset['names'] === names) return;
    this.jumps.dataset['names'] = names;
    this.jumps.replaceChildren(
      el(
        'ul',
        {},
        landmarks.map((landmark) => el('li', {}, [el('a', { text: landmark.name, attrs: { href: '#', 'data-jump': landmark.name } })])),
      ),
    );
  }

  focusToggle(): void {
    this.toggle.focus();
  }

  dispose(): void {
    this.listeners.dispose();
    this.body.dispose();
    this.element.remove();
  }
}

export class HistoryView implements Disposable {
  readonly element = el('div', { className: 'run-history' });
  private readonly emptyState = el('div', { className: 'empty-state' }, [
    el('h1', { text: 'No comparison yet' }),
    el('p', {
      text: 'Right-click a .json file and choose “Compare Encodings”, or run “Payload Lab: Run Benchmark…” from the Command Palette. Results appear here as each codec finishes.',
    }),
  ]);
  private readonly views = new Map<number, EntryView>();
  private readonly disposables = new DisposableStore();
  /** The first render is the page coming back (restored state): nothing is scrolled then. */
  private restored = false;

  constructor(
    root: HTMLElement,
    private readonly actions: HistoryActions,
  ) {
    root.replaceChildren(this.emptyState, this.element);
    this.disposables.add({ dispose: () => this.views.forEach((view) => view.dispose()) });
  }

  render(history: History): void {
    const focusedEntry = this.entryOf(document.activeElement);
    const live = new Set<number>();
    for (const kind of ['comparison', 'sweep', 'schemaChange'] as const) {
      const newest = history.entries.find((entry) => entry.kind === kind);
      if (newest) live.add(newest.id);
    }
    const shown = history.entries.filter((entry) => !(entry.kind === 'comparison' && entry.model.run === null && !entry.model.probes));
    for (const [id, view] of this.views) {
      if (shown.some((entry) => entry.id === id)) continue;
      view.dispose();
      this.views.delete(id);
    }
    const ordered = shown.map((entry) => {
      let view = this.views.get(entry.id);
      const created = !view;
      if (!view) {
        view = new EntryView(entry, this.actions);
        this.views.set(entry.id, view);
      }
      view.render(entry, live.has(entry.id));
      return { entry, view, created };
    });
    if (ordered.some(({ view }, index) => this.element.children[index] !== view.element) || this.element.children.length !== ordered.length) {
      this.element.replaceChildren(...ordered.map(({ view }) => view.element));
    }
    this.emptyState.hidden = ordered.length > 0;
    for (const { entry, view, created } of ordered) this.scrollIfNew(entry, view, created);
    // A closed entry took the focus with it: it goes to the next entry's toggle.
    if (focusedEntry !== undefined && !this.views.has(focusedEntry) && document.activeElement === document.body) ordered[0]?.view.focusToggle();
    this.restored = true;
  }

  /** Progress shown in its entry alone; false when the entry must be drawn whole. */
  showProgress(entry: HistoryEntry, event: RunEvent): boolean {
    return this.views.get(entry.id)?.showProgress(entry, event) ?? false;
  }

  dispose(): void {
    this.disposables.dispose();
  }

  private scrollIfNew(entry: HistoryEntry, view: EntryView, created: boolean): void {
    const phase = entry.model.phase;
    const was = view.shownPhase;
    view.shownPhase = phase;
    if (!this.restored) return;
    const started = phase === 'running' && (created || was !== 'running');
    const ended = was === 'running' && phase !== 'running';
    if (!started && !ended) return;
    const scroller = document.scrollingElement ?? document.documentElement;
    // Scrolled elsewhere since the start: the user is reading something; the end does not pull them away.
    if (ended && view.scrolledTo !== null && Math.abs(scroller.scrollTop - view.scrolledTo) > 2) return;
    view.element.scrollIntoView({ block: 'start' });
    view.scrolledTo = scroller.scrollTop;
  }

  private entryOf(element: Element | null): number | undefined {
    const section = element?.closest<HTMLElement>('.run-entry');
    return section ? Number(section.dataset['entry']) : undefined;
  }
}
