/**
 * The results panel's entry point. Restores the last model from the webview state (so the
 * table is back before the host says anything), then says "ready" and follows the host's run
 * events, each kind of run to its own view. Everything the user's data touches arrives by
 * message, never in the HTML.
 */
import { DisposableStore, listen } from '../common/dispose';
import { comparisonRuns, nextSort, type PanelModel, toggleExpanded } from '../panel/model';
import { probeRuns } from '../panel/probes-model';
import { receiveRun, receiverOf, reduceRun, type RunReceivers } from '../panel/runs';
import { restoreModel, saveModel } from '../panel/state';
import { PanelView } from '../panel/view';
import { hostConnection } from '../panel/vscode-api';
import { releaseBrowserInput, serveBrowserMeasuring } from '../common/browser-measuring';
import { sweepRuns } from '../panel/sweep-model';
import { SweepView } from '../panel/sweep-view';
import { chosenTransport, DEFAULT_PRIORITY } from '../panel/verdict-view';
import { schemaChangeRuns } from '../panel/schema-change-model';
import { SchemaChangeView } from '../panel/schema-change-view';

const root = document.getElementById('app');
if (!root) throw new Error('the panel page has no #app element');

const host = hostConnection();
const disposables = new DisposableStore();
let model: PanelModel = restoreModel(host);
let scheduled: { frame: number; timer: ReturnType<typeof setTimeout> } | undefined;

const view = disposables.add(new PanelView(root, {
  sortBy: (column) => show({ ...model, sort: nextSort(model.sort, column) }),
  toggleDetails: (codec) => show(toggleExpanded(model, codec)),
  rerun: () => host.notify('rerun', {}),
  cancel: () => host.notify('cancel', { kind: 'comparison' }),
  openSample: () => host.notify('open-sample', {}),
  // The exported verdict is the one the panel shows: its priority and how the bytes travel.
  exportReport: (format, destination) => host.request('export', { format, destination, priority: model.priority ?? DEFAULT_PRIORITY, transport: chosenTransport(model) }),
  openInferredSchema: (format) => host.request('open-inferred-schema', { format }),
  setVariants: (variants) => {
    // Kept in the panel state at once: the choice survives a reload even before the re-run starts.
    if (model.run) show({ ...model, run: { ...model.run, variants } });
    host.notify('set-variants', { variants });
  },
  setPriority: (priority) => show({ ...model, priority }),
  setTransport: (transport) => show({ ...model, transport }),
  setColumnHidden: (column, hidden) => {
    const others = (model.hiddenColumns ?? []).filter((id) => id !== column);
    show({ ...model, hiddenColumns: hidden ? [...others, column] : others });
  },
  probeLibraries: () => host.notify('probe-libraries', {}),
  setMessageMode: (messages) => host.notify('set-message-mode', { messages }),
  cancelProbes: () => host.notify('cancel', { kind: 'probes' }),
}, {
  request: (method, params) => host.request(method, params),
  closed: () => host.notify('inspector-close', {}),
}));
view.render(model);

// The size sweep: a run of its own, with its own view and model (shown above the comparison).
const sweepView = disposables.add(new SweepView({
  cancelSweep: () => host.notify('cancel', { kind: 'sweep' }),
  exportSweep: (format, destination) => host.request('export-sweep', { format, destination }),
}));
root.insertBefore(sweepView.element, root.children[1] ?? null);

// Check Schema Change: a run of its own, with its own view and model (shown above the comparison).
const schemaChangeView = disposables.add(new SchemaChangeView({
  cancelSchemaChange: () => host.notify('cancel', { kind: 'schemaChange' }),
  openSchemaVersion: (runId, version, line, column) => host.notify('open-schema-version', { runId, version, line, column }),
}));
root.insertBefore(schemaChangeView.element, root.children[1] ?? null);

/** Renders and saves now: for the user's own actions, which must answer at once. */
function show(next: PanelModel): void {
  model = next;
  cancelScheduled();
  saveModel(host, model);
  view.render(model);
}

/**
 * Host messages come in bursts (a whole run is replayed after 'ready'): draw once per frame,
 * not once per message. The timer covers a page that gets no frames.
 */
function showSoon(next: PanelModel): void {
  if (next === model) return;
  model = next;
  if (scheduled) return;
  const flush = () => show(model);
  scheduled = { frame: requestAnimationFrame(flush), timer: setTimeout(flush, 100) };
}

function cancelScheduled(): void {
  if (!scheduled) return;
  cancelAnimationFrame(scheduled.frame);
  clearTimeout(scheduled.timer);
  scheduled = undefined;
}

/** Each kind of run's view: a kind of run without one does not compile. */
const runViews: RunReceivers = {
  comparison: (event) => {
    if (event.phase === 'finished' || event.phase === 'failed' || event.phase === 'cancelled') releaseBrowserInput();
    const next = reduceRun(comparisonRuns, model, event);
    // A stage changes one row's activity text: shown in place (not saved: the next full render saves it).
    if (event.phase === 'progress' && !scheduled && view.showStage(model, next, event.progress.codec)) {
      model = next;
      return;
    }
    showSoon(next);
  },
  probes: (event) => {
    const probes = reduceRun(probeRuns, model.probes ?? null, event);
    if (probes !== (model.probes ?? null)) showSoon({ ...model, probes });
  },
  // Progress changes the sweep's status and limits only (the plots wait for whole rows), the schema change's status and bar (the matrix waits for whole cells).
  sweep: receiverOf(sweepRuns, sweepView),
  schemaChange: receiverOf(schemaChangeRuns, schemaChangeView),
};
disposables.add(host.onRun((event) => receiveRun(runViews, event)));
serveBrowserMeasuring(host.transport());
disposables.add({ dispose: cancelScheduled });
disposables.add(host);
disposables.add(listen(window, 'pagehide', () => disposables.dispose()));
host.notify('ready', {});
