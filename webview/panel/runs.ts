/**
 * The page's rules for every kind of run, written once: which events of the host are stale,
 * what a start, a finish and an early end do, and which view each kind of run goes to. A kind
 * brings a `RunApplier` (how its own started/progress/item/report data change its state) and
 * registers a receiver in a `RunReceivers` map typed over the run kinds, so a kind added to
 * shared/run-events.ts without one does not compile. Pure (no DOM).
 */
import type { ItemOf, ProgressOf, ReportOf, RunEnding, RunEvent, RunEventOf, RunKind, StartedOf } from '../../src/shared/run-events';

/** How one kind's events change its state S; stale events never reach it. */
export interface RunApplier<K extends RunKind, S> {
  /** The run the state shows; null before any. */
  runId(state: S): number | null;
  /** `again`: the same run announced again (the host's replay after ready): keep what arrived. */
  started(state: S, runId: number, started: StartedOf<K>, again: boolean): S;
  progress(state: S, progress: ProgressOf<K>): S;
  item(state: S, item: ItemOf<K>): S;
  /** `seen`: false for a newer run whose start this page never saw (only its end). */
  finished(state: S, runId: number, report: ReportOf<K>, seen: boolean): S;
  ended(state: S, runId: number, ending: RunEnding, message: string, seen: boolean): S;
}

/** The state after `event`; the same object when the event is stale. */
export function reduceRun<K extends RunKind, S>(applier: RunApplier<K, S>, state: S, event: RunEventOf<K>): S {
  const current = applier.runId(state);
  const seen = event.runId === current;
  // A start always wins: the host sends in order, and its run ids start again at 1 when the
  // extension restarts while this page (restored from its state) remembers more.
  if (event.phase === 'started') return applier.started(state, event.runId, event.started, seen);
  // An end of a newer run is told even unseen (a run that failed before it could start); late
  // events of an older run (cancelled, superseded) are over.
  const told = seen || current === null || event.runId > current;
  switch (event.phase) {
    case 'finished':
      return told ? applier.finished(state, event.runId, event.report, seen) : state;
    case 'failed':
    case 'cancelled':
      return told ? applier.ended(state, event.runId, event.phase, event.message, seen) : state;
    case 'progress':
      return seen ? applier.progress(state, event.progress) : state;
    case 'item':
      return seen ? applier.item(state, event.item) : state;
  }
}

/** Where each kind's events go on the page: one receiver per kind. */
export type RunReceivers = { [K in RunKind]: (event: RunEventOf<K>) => void };

export function receiveRun(receivers: RunReceivers, event: RunEvent): void {
  deliver(receivers, event);
}

/** Typed per kind: the receiver of the event's own kind gets it. */
function deliver<K extends RunKind>(receivers: RunReceivers, event: RunEventOf<K>): void {
  const receive: (event: RunEventOf<K>) => void = receivers[event.kind];
  receive(event);
}

/** A view of a kind of run with a model of its own (a sweep, a schema change): drawn whole, or only its progress. */
export interface RunView<M> {
  render(model: M | null): void;
  showProgress(model: M): void;
}

/**
 * The receiver of a kind whose view keeps its own model: each event reduced into it; progress
 * redraws the view's progress only (the rest waits for whole items), anything else all of it.
 */
export function receiverOf<K extends RunKind, M>(applier: RunApplier<K, M | null>, view: RunView<M>): (event: RunEventOf<K>) => void {
  let model: M | null = null;
  return (event) => {
    const next = reduceRun(applier, model, event);
    if (next === model) return;
    model = next;
    if (event.phase === 'progress' && model) view.showProgress(model);
    else view.render(model);
  };
}
