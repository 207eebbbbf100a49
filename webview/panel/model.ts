/**
 * What the panel shows, as plain data: updated by host messages through `reduce`, rendered by
 * the view, and persisted with `setState` so the panel comes back after a reload.
 * Pure (no DOM), so every rule about runs and stale messages lives in one place.
 */
import { isSweepMessage } from '../../src/shared/sweep-protocol';
import { isProbeMessage, type HostToWebview, type ProbeHostMessage, type RunStarted } from '../../src/shared/protocol';
import type { ProbedCodec, ProbeInfo, ProbeLimits, ProbeResult } from '../../src/shared/probes';
import type { SchemaVariants } from '../../src/shared/variants';
import type { Priority } from '../../src/report/verdict';
import type { CodecResult, CompletedResult, ErrorStage, MeasurementSettings, RuntimeInfo, SampleInfo } from '../../src/shared/results';

export type RunPhase = 'idle' | 'running' | 'finished' | 'cancelled' | 'failed';

/** A planned codec whose result has not arrived; `stage` is where its worker is now. */
export interface PendingRow {
  kind: 'pending';
  codec: string;
  label: string;
  format: string;
  stage: ErrorStage | null;
}

export interface ResultRow {
  kind: 'result';
  result: CodecResult;
}

export type Row = PendingRow | ResultRow;

export const COLUMN_IDS = ['codec', 'format', 'bytes', 'ratio', 'encode', 'decode', 'encodeSpeedup', 'decodeSpeedup', 'roundTrip', 'remnants', 'bundle'] as const;
export type ColumnId = (typeof COLUMN_IDS)[number];

export interface SortOrder {
  column: ColumnId;
  direction: 'ascending' | 'descending';
}

export interface RunHeading {
  sampleName: string;
  sampleLocation: string;
  runtime: RuntimeInfo;
  settings: MeasurementSettings;
  /** Null when the run is known only from its report (the host sent no run-started). */
  extensionVersion: string | null;
  /** The panel offers the inferred schemas and their variants (a JSON sample, no schema given). */
  inferredSchemas?: boolean;
  variants?: Partial<SchemaVariants>;
}

export interface PanelModel {
  runId: number | null;
  phase: RunPhase;
  /** Why the run ended early: the host's words. */
  endMessage: string | null;
  run: RunHeading | null;
  sample: SampleInfo | null;
  rows: Row[];
  sort: SortOrder | null;
  /** Codecs whose details row is open. */
  expanded: string[];
  /**
   * After a variant change: the re-run codecs' rows with the previous choice, so each new row
   * shows its change; after Re-run, every row of the previous run. Absent in older pages' state.
   */
  previous?: CompletedResult[];
  /** Why `previous` is kept: a variant change, or a re-run of the same request. */
  previousKind?: 'variant' | 'rerun';
  /** The round the run is in (1-based), while it runs. */
  round?: number;
  /**
   * The last probe run ("Probe libraries"), independent of comparison runs: a new comparison
   * keeps it. Saved with the rest of the model, so it survives a reload of the page; while it
   * runs, the host also replays its messages after 'ready'. Absent in older pages' state.
   */
  probes?: ProbeState | null;
  /** What the verdict's pick favours; absent until the user chooses (then: size). */
  priority?: Priority;
  /** Optional table columns the user unticked in the column chooser; absent: none. */
  hiddenColumns?: ColumnId[];
}

export type ProbePhase = 'running' | 'finished' | 'cancelled' | 'failed';

export interface ProbeState {
  probeRunId: number;
  phase: ProbePhase;
  probes: ProbeInfo[];
  codecs: ProbedCodec[];
  /** Null when the run failed before it started (e.g. the probe script is missing). */
  limits: ProbeLimits | null;
  /** In arrival order; one per codec and probe. */
  results: ProbeResult[];
  /** Why the run ended early: the host's words. */
  endMessage: string | null;
}

type HostEvent = HostToWebview;

export const emptyModel = (): PanelModel => ({
  runId: null, phase: 'idle', endMessage: null, run: null, sample: null, rows: [], sort: null, expanded: [],
});

const baseName = (location: string) => location.split(/[\\/]/).filter(Boolean).pop() ?? location;

export const rowCodec = (row: Row) => (row.kind === 'pending' ? row.codec : row.result.codec);

/** The model after `message`; the same object when the message changes nothing or is stale. */
export function reduce(model: PanelModel, message: HostEvent): PanelModel {
  // A size sweep has a view and a model of its own (sweep-view.ts).
  if (isSweepMessage(message)) return model;
  if (isProbeMessage(message)) {
    const probes = reduceProbes(model.probes ?? null, message);
    return probes === (model.probes ?? null) ? model : { ...model, probes };
  }
  // A new run-started always wins: the host sends in order, and its run ids start again at 1
  // when the extension restarts while this page (restored from its state) remembers more.
  if (message.type === 'run-started') return startRun(model, message.run);
  if (message.type === 'run-finished' && (model.runId === null || message.runId > model.runId)) {
    // A finished run this page never saw start (e.g. the host answering 'ready' after a reload).
    const { report } = message;
    const run = { sampleName: baseName(report.input.path), sampleLocation: report.input.path, runtime: report.runtime, settings: report.settings, extensionVersion: null };
    return { ...model, runId: message.runId, phase: 'finished', endMessage: null, run, sample: report.input, rows: report.results.map(resultRow), expanded: [] };
  }
  // Late messages of an older run (cancelled, superseded) are over; a newer run's cannot be
  // placed without its run-started.
  if (message.runId !== model.runId) return model;

  switch (message.type) {
    case 'sample-read':
      return { ...model, sample: message.sample };
    case 'codec-stage':
      return {
        ...model,
        ...(message.round === undefined ? {} : { round: message.round }),
        rows: model.rows.map((row) => (row.kind === 'pending' && row.codec === message.codec ? { ...row, stage: message.stage } : row)),
      };
    case 'codec-result':
      return { ...model, rows: withResult(model.rows, message.result) };
    case 'run-finished': {
      const { report } = message;
      const run = model.run && { ...model.run, runtime: report.runtime, settings: report.settings };
      return { ...model, phase: 'finished', endMessage: null, run, sample: report.input, rows: report.results.map(resultRow) };
    }
    case 'run-ended':
      return { ...model, phase: message.outcome, endMessage: message.message };
  }
}

function startRun(model: PanelModel, run: RunStarted): PanelModel {
  // The same run announced again (the host replaying it after 'ready') keeps what arrived.
  const replay = run.runId === model.runId;
  const known = replay ? model.rows : [];
  const pending = (planned: RunStarted['codecs'][number]): PendingRow => ({ kind: 'pending', codec: planned.id, label: planned.label, format: planned.format, stage: null });
  let rows: Row[] = run.codecs.map((planned) =>
    known.find((row) => row.kind === 'result' && row.result.codec === planned.id) ?? pending(planned));
  let previous: CompletedResult[] = replay ? model.previous ?? [] : [];
  let previousKind = replay ? model.previousKind : undefined;
  if (run.compareWithPrevious && !replay) {
    previous = model.rows.flatMap((row) => (row.kind === 'result' && row.result.status === 'completed' ? [row.result] : []));
    previousKind = 'rerun';
  }
  if (run.rerunCodecs && replay) {
    rows = model.rows;
  } else if (run.rerunCodecs) {
    // A variant change: the other codecs' rows stay; the re-run ones remember their last result.
    previous = lastCompleted(model, run.rerunCodecs);
    previousKind = 'variant';
    rows = model.rows.map((row) => {
      const planned = run.codecs.find((codec) => codec.id === rowCodec(row));
      return planned ? pending(planned) : row;
    });
    for (const planned of run.codecs) if (!rows.some((row) => rowCodec(row) === planned.id)) rows.push(pending(planned));
  }
  const heading: RunHeading = {
    sampleName: run.sampleName,
    sampleLocation: run.sampleLocation,
    runtime: run.runtime,
    settings: run.settings,
    extensionVersion: run.extensionVersion,
    inferredSchemas: run.inferredSchemas ?? false,
    ...(run.variants ? { variants: run.variants } : {}),
  };
  return {
    ...model,
    runId: run.runId,
    phase: 'running',
    endMessage: null,
    run: heading,
    sample: replay || run.rerunCodecs ? model.sample : null,
    rows,
    previous,
    previousKind,
    round: replay ? model.round ?? 1 : 1,
    expanded: replay || run.rerunCodecs ? model.expanded : [],
  };
}

/**
 * Each re-run codec's last completed figures. A row still pending (its run was cancelled or
 * superseded before that codec's first round reported) keeps the figures the pending run was
 * itself compared against: taking only rows that have arrived lost them, so after an
 * interrupted variant run only the codecs that had reported (avsc before protobufjs) showed
 * "vs previous".
 */
function lastCompleted(model: PanelModel, codecs: readonly string[]): CompletedResult[] {
  return codecs.flatMap((codec) => {
    const row = model.rows.find((candidate) => rowCodec(candidate) === codec);
    if (row?.kind === 'result') return row.result.status === 'completed' ? [row.result] : [];
    const earlier = model.previous?.find((result) => result.codec === codec);
    return earlier ? [earlier] : [];
  });
}

function resultRow(result: CodecResult): ResultRow {
  return { kind: 'result', result };
}

/** Replaces the codec's pending row; a result nobody planned is appended. */
function withResult(rows: Row[], result: CodecResult): Row[] {
  const index = rows.findIndex((row) => rowCodec(row) === result.codec);
  if (index < 0) return [...rows, resultRow(result)];
  return rows.map((row, i) => (i === index ? resultRow(result) : row));
}

/** The probe state after `message`; the same object when the message is stale. */
export function reduceProbes(state: ProbeState | null, message: ProbeHostMessage): ProbeState | null {
  const { probeRunId } = message;
  // As with comparison runs, a start always wins (ids start again at 1 when the extension
  // restarts); the same run announced again (replayed after 'ready') keeps what arrived.
  if (message.type === 'probes-started') {
    const results = state?.probeRunId === probeRunId ? state.results : [];
    const { probes, codecs, limits } = message;
    return { probeRunId, phase: 'running', probes, codecs, limits, results, endMessage: null };
  }
  const newer = state === null || probeRunId > state.probeRunId;
  if (message.type === 'probes-finished' && (newer || probeRunId === state.probeRunId)) {
    const { probes, codecs, limits, results } = message.report;
    return { probeRunId, phase: 'finished', probes, codecs, limits, results, endMessage: null };
  }
  // A run that failed before it started (no probes-started): say why, with nothing to show.
  if (message.type === 'probes-ended' && newer) {
    return { probeRunId, phase: message.outcome, probes: [], codecs: [], limits: null, results: [], endMessage: message.message };
  }
  if (state === null || probeRunId !== state.probeRunId) return state;
  if (message.type === 'probe-result') {
    const { result } = message;
    const others = state.results.filter((known) => known.codec !== result.codec || known.probe !== result.probe);
    return { ...state, results: [...others, result] };
  }
  if (message.type === 'probes-ended') return { ...state, phase: message.outcome, endMessage: message.message };
  return state;
}

/** Next sort order when a column's header is pressed: ascending, then descending. */
export function nextSort(current: SortOrder | null, column: ColumnId): SortOrder {
  if (current?.column === column && current.direction === 'ascending') return { column, direction: 'descending' };
  return { column, direction: 'ascending' };
}

export function toggleExpanded(model: PanelModel, codec: string): PanelModel {
  const expanded = model.expanded.includes(codec) ? model.expanded.filter((id) => id !== codec) : [...model.expanded, codec];
  return { ...model, expanded };
}

