/**
 * The panel's history of runs: each run its own entry (its kind, sample, when it started),
 * newest first, each reduced by its kind's applier (runs.ts) and kept until the user closes
 * it or RUNS_KEPT newer runs push it out. A new run of a kind never touches another entry: a
 * limit search goes beside the finished sweep, a new comparison beside the last one. Two
 * exceptions, each the same run told again: a variant change re-runs some codecs of the shown
 * comparison (its rows merge into that entry), and a probe run's table goes into the newest
 * comparison (whose rows it probes). Pure (no DOM): the view draws it, the page's state keeps it.
 */
import { RUNS_KEPT, type RunEvent, type RunEventOf, type RunKey, type RunKind } from '../../src/shared/run-events';
import { comparisonRuns, emptyModel, type PanelModel } from './model';
import { probeRuns } from './probes-model';
import { reduceRun, type RunApplier } from './runs';
import { schemaChangeRuns, type SchemaChangeModel } from './schema-change-model';
import { sweepRuns, type SweepModel } from './sweep-model';

/** What an entry of each kind holds. */
export interface EntryModels {
  comparison: PanelModel;
  sweep: SweepModel;
  schemaChange: SchemaChangeModel;
}
export type EntryKind = keyof EntryModels;

export interface HistoryEntryOf<K extends EntryKind> extends RunKey {
  /** The page's own id of the entry (run ids start again when the extension restarts). */
  id: number;
  kind: K;
  /** When it started, for its heading: the host's time, or the page's when the host gave none. */
  shownAt: number;
  collapsed: boolean;
  model: EntryModels[K];
}
export type HistoryEntry = { [K in EntryKind]: HistoryEntryOf<K> }[EntryKind];

export interface History {
  /** Newest first. */
  entries: HistoryEntry[];
  nextId: number;
  /** Runs whose entries the user closed while they ran: their late events make no new entry. */
  closed: string[];
}

export const emptyHistory = (): History => ({ entries: [], nextId: 1, closed: [] });

/** Each entry kind's applier; a kind's entries start from `initial` (a comparison: the last one's, see below). */
const APPLIERS: { [K in EntryKind]: RunApplier<K, EntryModels[K] | null> } = {
  comparison: comparisonRuns as RunApplier<'comparison', PanelModel | null>,
  sweep: sweepRuns,
  schemaChange: schemaChangeRuns,
};

const runName = (kind: RunKind, runId: number) => `${kind}:${runId}`;

/** The history after `event`; the same object when the event changes nothing or is stale. */
export function reduceHistory(history: History, event: RunEvent, now: number): History {
  switch (event.kind) {
    case 'probes':
      return withProbes(history, event);
    case 'comparison':
      return reduceKind(history, event, now);
    case 'sweep':
      return reduceKind(history, event, now);
    case 'schemaChange':
      return reduceKind(history, event, now);
  }
}

function reduceKind<K extends EntryKind>(history: History, event: RunEventOf<K>, now: number): History {
  const ofKind = history.entries.filter((entry): entry is HistoryEntryOf<K> & HistoryEntry => entry.kind === event.kind);
  const applier = APPLIERS[event.kind] as RunApplier<K, EntryModels[K] | null>;
  if (event.phase === 'started') {
    const at = event.at ?? null;
    const same = ofKind.find((entry) => entry.runId === event.runId && entry.at === at);
    if (same) return replaced(history, same, { model: reduceRun(applier, same.model, event)! });
    const newest = ofKind[0];
    // A variant change measures some of the shown comparison's codecs again: the same table.
    if (newest && event.kind === 'comparison' && 'rerunCodecs' in event.started && event.started.rerunCodecs) {
      return replaced(history, newest, { runId: event.runId, at, model: reduceRun(applier, newest.model, event)! });
    }
    return added(history, event.kind, event.runId, at, event.at ?? now, reduceRun(applier, initialModel(event.kind, newest), event)!);
  }
  if (history.closed.includes(runName(event.kind, event.runId))) return history;
  const own = ofKind.find((entry) => entry.runId === event.runId);
  if (own) {
    const model = reduceRun(applier, own.model, event);
    return model === own.model || model === null ? history : replaced(history, own, { model });
  }
  // A run this page never saw start (its end told after a reload, or a failure before it
  // started): an entry of its own when its kind makes something of it, never over an older run.
  if (event.phase === 'progress' || event.phase === 'item') return history;
  if (ofKind.some((entry) => entry.runId > event.runId)) return history;
  const initial = initialModel(event.kind, ofKind[0]);
  const model = reduceRun(applier, initial, event);
  return model === initial || model === null ? history : added(history, event.kind, event.runId, null, now, model);
}

/**
 * A comparison's entry starts from the newest one's model: a Re-run shows each row beside the
 * previous figures, and the sort, the verdict's priority and the hidden columns stay as chosen.
 * Its probe table stays with the run it probed.
 */
function initialModel<K extends EntryKind>(kind: K, newest: HistoryEntryOf<K> | undefined): EntryModels[K] | null {
  if (kind !== 'comparison') return null;
  if (!newest) return emptyModel() as EntryModels[K];
  const { probes: _probes, ...rest } = newest.model as PanelModel;
  return rest as EntryModels[K];
}

function withProbes(history: History, event: RunEventOf<'probes'>): History {
  const target = history.entries.find((entry): entry is HistoryEntryOf<'comparison'> => entry.kind === 'comparison');
  const model = target?.model ?? emptyModel();
  const probes = reduceRun(probeRuns, model.probes ?? null, event);
  if (probes === (model.probes ?? null)) return history;
  if (target) return replaced(history, target, { model: { ...model, probes } });
  // Probes with no comparison shown yet: kept with an empty comparison until one starts.
  return added(history, 'comparison', 0, null, Date.now(), { ...model, probes });
}

function added<K extends EntryKind>(history: History, kind: K, runId: number, at: number | null, shownAt: number, model: EntryModels[K]): History {
  const entry = { id: history.nextId, kind, runId, at, shownAt, collapsed: false, model } as HistoryEntry;
  return { ...history, nextId: history.nextId + 1, entries: [entry, ...history.entries].slice(0, RUNS_KEPT) };
}

function replaced(history: History, entry: HistoryEntry, change: Partial<Omit<HistoryEntry, 'id' | 'kind'>>): History {
  return { ...history, entries: history.entries.map((known) => (known === entry ? ({ ...known, ...change } as HistoryEntry) : known)) };
}

/** The entry's model changed by the user (a sort, an open details row…). */
export function changeEntry<K extends EntryKind>(history: History, id: number, kind: K, change: (model: EntryModels[K]) => EntryModels[K]): History {
  const entry = history.entries.find((known) => known.id === id);
  if (!entry || entry.kind !== kind) return history;
  return replaced(history, entry, { model: change(entry.model as EntryModels[K]) });
}

export function toggleCollapsed(history: History, id: number): History {
  const entry = history.entries.find((known) => known.id === id);
  return entry ? replaced(history, entry, { collapsed: !entry.collapsed }) : history;
}

/** Removes the entry; a run still going on is remembered, so its late events stay out. */
export function closeEntry(history: History, id: number): History {
  const entry = history.entries.find((known) => known.id === id);
  if (!entry) return history;
  const closed = entry.model.phase === 'running' ? [...history.closed, runName(entry.kind, entry.runId)].slice(-RUNS_KEPT) : history.closed;
  return { ...history, closed, entries: history.entries.filter((known) => known !== entry) };
}

/** The newest comparison: the one the host's Re-run, variants and inspector act on. */
export function liveComparison(history: History): HistoryEntryOf<'comparison'> | undefined {
  return history.entries.find((entry): entry is HistoryEntryOf<'comparison'> => entry.kind === 'comparison');
}
