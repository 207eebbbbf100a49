/**
 * Keeps the panel's history in VS Code's webview state (getState/setState): a hidden webview is
 * destroyed and made again (no retainContextWhenHidden), and a window reload revives it with no
 * run on the host to replay, so the entries come back from here; the host then replays only the
 * runs still its current ones, which join their entries again. A state from the page before the
 * history (one comparison's model) comes back as that comparison's entry.
 */
import { RUNS_KEPT } from '../../src/shared/run-events';
import { emptyHistory, type History, type HistoryEntry } from './history';
import { restoreModel } from './state';

/** Bump when the history's shape changes: a state from an older page is then dropped. */
const HISTORY_VERSION = 2;
const ENTRY_KINDS: ReadonlyArray<HistoryEntry['kind']> = ['comparison', 'sweep', 'schemaChange'];

interface StateStore {
  getState(): unknown;
  setState(state: unknown): void;
}

export function restoreHistory(store: StateStore): History {
  const saved = store.getState() as { version?: unknown; history?: unknown } | undefined | null;
  if (saved?.version === HISTORY_VERSION && looksLikeHistory(saved.history)) return saved.history;
  const model = restoreModel(store);
  if (model.run === null || model.runId === null) return emptyHistory();
  return { entries: [{ id: 1, kind: 'comparison', runId: model.runId, at: null, shownAt: Date.now(), collapsed: false, model }], nextId: 2, closed: [] };
}

export function saveHistory(store: StateStore, history: History): void {
  store.setState({ version: HISTORY_VERSION, history });
}

/** A cheap sanity check: the state was written by this page, but perhaps by an older build. */
function looksLikeHistory(value: unknown): value is History {
  if (typeof value !== 'object' || value === null) return false;
  const history = value as Partial<History>;
  return (
    Array.isArray(history.entries) &&
    history.entries.length <= RUNS_KEPT &&
    typeof history.nextId === 'number' &&
    Array.isArray(history.closed) &&
    history.entries.every(
      (entry) =>
        typeof entry === 'object' &&
        entry !== null &&
        ENTRY_KINDS.includes(entry.kind) &&
        typeof entry.id === 'number' &&
        typeof entry.runId === 'number' &&
        typeof entry.model === 'object' &&
        entry.model !== null,
    )
  );
}
