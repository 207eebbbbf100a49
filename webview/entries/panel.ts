/**
 * The results panel's entry point. Restores the history of runs from the webview state (so
 * the entries are back before the host says anything), then says "ready" and follows the
 * host's run events: each run is an entry of the history (history.ts), drawn by its kind's
 * view inside the history's view. Everything the user's data touches arrives by message,
 * never in the HTML.
 */
import { DisposableStore, listen } from '../common/dispose';
import { nextSort, type PanelModel, toggleExpanded } from '../panel/model';
import { PanelView } from '../panel/view';
import { hostConnection } from '../panel/vscode-api';
import { releaseBrowserInput, serveBrowserMeasuring } from '../common/browser-measuring';
import { SweepView } from '../panel/sweep-view';
import { chosenTransport, DEFAULT_PRIORITY } from '../panel/verdict-view';
import { DEFAULT_TRANSPORT } from '../../src/shared/transport';
import { SchemaChangeView } from '../panel/schema-change-view';
import { changeEntry, closeEntry, type EntryModels, type History, type HistoryEntry, reduceHistory, toggleCollapsed } from '../panel/history';
import { type EntryBody, HistoryView } from '../panel/history-view';
import { restoreHistory, saveHistory } from '../panel/history-state';
import type { RunEvent, RunKey } from '../../src/shared/run-events';

const root = document.getElementById('app');
if (!root) throw new Error('the panel page has no #app element');

const host = hostConnection();
const disposables = new DisposableStore();
let history: History = restoreHistory(host);
let scheduled: { frame: number; timer: ReturnType<typeof setTimeout> } | undefined;

const entryOf = (id: number) => history.entries.find((entry) => entry.id === id);
const keyOf = (id: number): RunKey | undefined => {
  const entry = entryOf(id);
  return entry && { runId: entry.runId, at: entry.at };
};
const withRun = (id: number) => {
  const run = keyOf(id);
  return run ? { run } : {};
};

function changeComparison(id: number, change: (model: PanelModel) => PanelModel): void {
  show(changeEntry(history, id, 'comparison', change));
}

function comparisonBody(id: number): EntryBody {
  const view = new PanelView(
    {
      sortBy: (column) => changeComparison(id, (model) => ({ ...model, sort: nextSort(model.sort, column) })),
      toggleDetails: (codec) => changeComparison(id, (model) => toggleExpanded(model, codec)),
      rerun: () => host.notify('rerun', {}),
      cancel: () => host.notify('cancel', { kind: 'comparison' }),
      openSample: () => host.notify('open-sample', {}),
      // The Markdown's verdict picks for what the panel shows.
      exportReport: (format, destination) => {
        const model = entryOf(id)?.model as PanelModel | undefined;
        return host.request('export', {
          format,
          destination,
          priority: model?.priority ?? DEFAULT_PRIORITY,
          transport: model ? chosenTransport(model) : DEFAULT_TRANSPORT,
          ...withRun(id),
        });
      },
      openInferredSchema: (format) => host.request('open-inferred-schema', { format }),
      setVariants: (variants) => {
        // Kept in the panel state at once: the choice survives a reload even before the re-run starts.
        changeComparison(id, (model) => (model.run ? { ...model, run: { ...model.run, variants } } : model));
        host.notify('set-variants', { variants });
      },
      setPriority: (priority) => changeComparison(id, (model) => ({ ...model, priority })),
      setTransport: (transport) => changeComparison(id, (model) => ({ ...model, transport })),
      setColumnHidden: (column, hidden) =>
        changeComparison(id, (model) => {
          const others = (model.hiddenColumns ?? []).filter((known) => known !== column);
          return { ...model, hiddenColumns: hidden ? [...others, column] : others };
        }),
      probeLibraries: () => host.notify('probe-libraries', {}),
      setMessageMode: (messages) => host.notify('set-message-mode', { messages }),
      cancelProbes: () => host.notify('cancel', { kind: 'probes' }),
    },
    {
      request: (method, params) => host.request(method, params),
      closed: () => host.notify('inspector-close', {}),
    },
  );
  let shown: PanelModel | null = null;
  return {
    element: view.element,
    render: (entry, live) => {
      shown = entry.model as PanelModel;
      view.render(shown, !live);
    },
    // A stage changes one row's activity text: shown in place (not saved: the next full render saves it).
    showProgress: (entry, event) => {
      if (!shown || event.kind !== 'comparison' || event.phase !== 'progress') return false;
      const next = entry.model as PanelModel;
      if (!view.showStage(shown, next, event.progress.codec)) return false;
      shown = next;
      return true;
    },
    landmarks: () => view.landmarks(),
    dispose: () => view.dispose(),
  };
}

/** A kind whose view keeps its own model (a sweep, a schema change): progress redraws its progress only. */
function ownModelBody<M>(view: { element: HTMLElement; render(model: M | null): void; showProgress(model: M): void; dispose(): void }): EntryBody {
  return {
    element: view.element,
    render: (entry) => view.render(entry.model as M),
    showProgress: (entry, event) => {
      if (event.phase !== 'progress') return false;
      view.showProgress(entry.model as M);
      return true;
    },
    landmarks: () => [],
    dispose: () => view.dispose(),
  };
}

function bodyOf(entry: HistoryEntry): EntryBody {
  const id = entry.id;
  switch (entry.kind) {
    case 'comparison':
      return comparisonBody(id);
    case 'sweep':
      return ownModelBody<EntryModels['sweep']>(
        new SweepView({
          cancelSweep: () => host.notify('cancel', { kind: 'sweep' }),
          exportSweep: (format, destination) => host.request('export-sweep', { format, destination, ...withRun(id) }),
        }),
      );
    case 'schemaChange':
      return ownModelBody<EntryModels['schemaChange']>(
        new SchemaChangeView({
          cancelSchemaChange: () => host.notify('cancel', { kind: 'schemaChange' }),
          openSchemaVersion: (runId, version, line, column) => host.notify('open-schema-version', { runId, version, line, column }),
        }),
      );
  }
}

const view = disposables.add(
  new HistoryView(root, {
    toggle: (id) => show(toggleCollapsed(history, id)),
    close: (id) => {
      const entry = entryOf(id);
      // Closing a run that goes on stops it: nobody is left to read it.
      if (entry?.model.phase === 'running') host.notify('cancel', { kind: entry.kind });
      show(closeEntry(history, id));
    },
    body: bodyOf,
  }),
);
view.render(history);

/** Renders and saves now: for the user's own actions, which must answer at once. */
function show(next: History): void {
  history = next;
  cancelScheduled();
  saveHistory(host, history);
  view.render(history);
}

/**
 * Host messages come in bursts (a whole run is replayed after 'ready'): draw once per frame,
 * not once per message. The timer covers a page that gets no frames.
 */
function showSoon(next: History): void {
  if (next === history) return;
  history = next;
  if (scheduled) return;
  const flush = () => show(history);
  scheduled = { frame: requestAnimationFrame(flush), timer: setTimeout(flush, 100) };
}

function cancelScheduled(): void {
  if (!scheduled) return;
  cancelAnimationFrame(scheduled.frame);
  clearTimeout(scheduled.timer);
  scheduled = undefined;
}

function received(event: RunEvent): void {
  if (event.kind === 'comparison' && (event.phase === 'finished' || event.phase === 'failed' || event.phase === 'cancelled')) releaseBrowserInput();
  const next = reduceHistory(history, event, Date.now());
  if (next === history) return;
  // Progress alone is shown in its entry when nothing else waits to be drawn (not saved: the next full render saves it).
  if (event.phase === 'progress' && !scheduled) {
    const entry = next.entries.find((candidate, index) => candidate !== history.entries[index]);
    if (entry && next.entries.length === history.entries.length && view.showProgress(entry, event)) {
      history = next;
      return;
    }
  }
  showSoon(next);
}

disposables.add(host.onRun(received));
serveBrowserMeasuring(host.transport());
disposables.add({ dispose: cancelScheduled });
disposables.add(host);
disposables.add(listen(window, 'pagehide', () => disposables.dispose()));
host.notify('ready', {});
