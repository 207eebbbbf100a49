/**
 * Keeps the panel's model in VS Code's webview state (getState/setState) so the panel comes
 * back after being hidden or reloaded without `retainContextWhenHidden`, which would keep the
 * whole page alive in memory.
 */
import { COLUMN_IDS, emptyModel, type PanelModel } from './model';

/** Bump when the model's shape changes: a state from an older page is then dropped. */
const STATE_VERSION = 1;

interface PersistedState {
  version: number;
  model: PanelModel;
}

interface StateStore {
  getState(): unknown;
  setState(state: unknown): void;
}

export function restoreModel(store: StateStore): PanelModel {
  const saved = store.getState() as Partial<PersistedState> | undefined | null;
  if (!saved || saved.version !== STATE_VERSION || !looksLikeModel(saved.model)) return emptyModel();
  return saved.model;
}

export function saveModel(store: StateStore, model: PanelModel): void {
  const state: PersistedState = { version: STATE_VERSION, model };
  store.setState(state);
}

/** A cheap sanity check: the state was written by this page, but perhaps by an older build. */
function looksLikeModel(value: unknown): value is PanelModel {
  if (typeof value !== 'object' || value === null) return false;
  const model = value as Partial<PanelModel>;
  return (
    Array.isArray(model.rows) &&
    Array.isArray(model.expanded) &&
    typeof model.phase === 'string' &&
    (model.sort === null || (typeof model.sort === 'object' && COLUMN_IDS.includes(model.sort!.column)))
  );
}
