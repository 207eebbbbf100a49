/**
 * The results panel's entry point. Restores the last model from the webview state (so the
 * table is back before the host says anything), then says "ready" and follows the host's
 * messages. Everything the user's data touches arrives by message, never in the HTML.
 */
import { DisposableStore, listen } from '../common/dispose';
import { nextSort, type PanelModel, reduce, toggleExpanded } from '../panel/model';
import { restoreModel, saveModel } from '../panel/state';
import { PanelView } from '../panel/view';
import { hostConnection } from '../panel/vscode-api';
import { releaseBrowserInput, serveBrowserMeasuring } from '../common/browser-measuring';
import { isSweepMessage } from '../../src/shared/sweep-protocol';
import { reduceSweep, type SweepModel } from '../panel/sweep-model';
import { SweepView } from '../panel/sweep-view';
import { DEFAULT_PRIORITY } from '../panel/verdict-view';

const root = document.getElementById('app');
if (!root) throw new Error('the panel page has no #app element');

const host = hostConnection();
const disposables = new DisposableStore();
let model: PanelModel = restoreModel(host);
let scheduled: { frame: number; timer: ReturnType<typeof setTimeout> } | undefined;

const view = disposables.add(new PanelView(root, {
  sortBy: (column) => show({ ...model, sort: nextSort(model.sort, column) }),
  toggleDetails: (codec) => show(toggleExpanded(model, codec)),
  rerun: () => host.post({ type: 'rerun' }),
  cancel: () => host.post({ type: 'cancel' }),
  openSample: () => host.post({ type: 'open-sample' }),
  // The Markdown's verdict picks for what the panel shows.
  exportReport: (format, destination) => host.request('export', { format, destination, priority: model.priority ?? DEFAULT_PRIORITY }),
  openInferredSchema: (format) => host.request('open-inferred-schema', { format }),
  setVariants: (variants) => {
    // Kept in the panel state at once: the choice survives a reload even before the re-run starts.
    if (model.run) show({ ...model, run: { ...model.run, variants } });
    host.post({ type: 'set-variants', variants });
  },
  setPriority: (priority) => show({ ...model, priority }),
  setColumnHidden: (column, hidden) => {
    const others = (model.hiddenColumns ?? []).filter((id) => id !== column);
    show({ ...model, hiddenColumns: hidden ? [...others, column] : others });
  },
  probeLibraries: () => host.post({ type: 'probe-libraries' }),
  cancelProbes: () => host.post({ type: 'cancel-probes' }),
}, {
  request: (method, params) => host.request(method, params),
  closed: () => host.post({ type: 'inspector-close' }),
}));
view.render(model);

// The size sweep: a run of its own, with its own view and model (shown above the comparison).
let sweepModel: SweepModel | null = null;
const sweepView = disposables.add(new SweepView({
  cancelSweep: () => host.post({ type: 'cancel-sweep' }),
  exportSweep: (format, destination) => host.request('export-sweep', { format, destination }),
}));
root.insertBefore(sweepView.element, root.children[1] ?? null);
disposables.add(host.onMessage((message) => {
  if (!isSweepMessage(message)) return;
  sweepModel = reduceSweep(sweepModel, message);
  sweepView.render(sweepModel);
}));

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

disposables.add(host.onMessage((message) => {
  if (message.type === 'run-finished' || message.type === 'run-ended') releaseBrowserInput();
  const next = reduce(model, message);
  // A stage changes one row's activity text: shown in place (not saved: the next full render saves it).
  if (message.type === 'codec-stage' && !scheduled && view.showStage(model, next, message.codec)) {
    model = next;
    return;
  }
  showSoon(next);
}));
serveBrowserMeasuring(host.transport());
disposables.add({ dispose: cancelScheduled });
disposables.add(host);
disposables.add(listen(window, 'pagehide', () => disposables.dispose()));
host.post({ type: 'ready' });
