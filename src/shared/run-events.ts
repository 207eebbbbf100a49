/**
 * Every kind of long work (a comparison, a probe run, a size sweep or limit search) told to the
 * panel in one shape: a run starts, may report progress (where it is now) and items (what it
 * found, kept as they arrive), and ends finished with its report, failed, or cancelled. Each
 * event carries its kind and its run's id; ids grow per kind, and the page ignores a run once a
 * newer one of its kind has started (it keeps the older one as an entry of its history). A kind is its four types below; the host's RunLifecycle
 * and the page's run reducer handle the phases for all of them. Plain data only.
 */
import type { CodecStage, ComparisonItem, ComparisonStarted } from './comparison-events';
import type { ProbePlan, ProbeReport, ProbeResult } from './probes';
import type { ComparisonReport } from './results';
import type { EvolutionReport } from './evolution';
import type { SchemaChangeItem, SchemaChangeProgress, SchemaChangeStarted } from './schema-change-events';
import type { SweepItem, SweepProgress, SweepStarted } from './sweep-events';
import type { SweepReport } from './sweep';

/** Each kind's data: what its start says, its progress, its items and its finished report. */
export interface RunKinds {
  comparison: { started: ComparisonStarted; progress: CodecStage; item: ComparisonItem; report: ComparisonReport };
  /** Probe runs report each result as an item; their progress is the notification's only. */
  probes: { started: ProbePlan; progress: never; item: ProbeResult; report: ProbeReport };
  sweep: { started: SweepStarted; progress: SweepProgress; item: SweepItem; report: SweepReport };
  /** Check Schema Change: each cell of the matrix as an item once all its records are read (or the versions' problems). */
  schemaChange: { started: SchemaChangeStarted; progress: SchemaChangeProgress; item: SchemaChangeItem; report: EvolutionReport };
}

export type RunKind = keyof RunKinds;
export type StartedOf<K extends RunKind> = RunKinds[K]['started'];
export type ProgressOf<K extends RunKind> = RunKinds[K]['progress'];
export type ItemOf<K extends RunKind> = RunKinds[K]['item'];
export type ReportOf<K extends RunKind> = RunKinds[K]['report'];

/** How a run ended early; `message` says what was stopped or what went wrong, once. */
export type RunEnding = 'failed' | 'cancelled';

/** One event of a run of kind K. */
export type RunEventOf<K extends RunKind> = { kind: K; runId: number } &
  /** `at`: when the host started it (ms since the epoch); with the id, what tells a run from one of an earlier host. */
  (
    | { phase: 'started'; started: StartedOf<K>; at?: number }
    | { phase: 'progress'; progress: ProgressOf<K> }
    | { phase: 'item'; item: ItemOf<K> }
    | { phase: 'finished'; report: ReportOf<K> }
    | { phase: RunEnding; message: string }
  );

/** Any run's event: a union over the kinds, so `kind` tells the rest. */
export type RunEvent = { [K in RunKind]: RunEventOf<K> }[RunKind];

export type RunPhase = RunEvent['phase'];

/**
 * How many runs the panel's history keeps (the page its entries, the host their reports for
 * Export): enough for a session's comparison, re-runs, a sweep, a limit search and a schema
 * change check side by side; few enough that the page's saved state (every entry's rows, a
 * sweep's per size) stays a few hundred kB, written again on each render, and the page short.
 */
export const RUNS_KEPT = 8;

/** A run as the history and Export name it: its id and when its host started it (ids start again with the host). */
export interface RunKey {
  runId: number;
  at: number | null;
}
