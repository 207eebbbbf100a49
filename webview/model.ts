/**
 * What the panel shows, as plain data: updated by host messages through `reduce`, rendered by
 * the view, and persisted with `setState` so the panel comes back after a reload.
 * Pure (no DOM), so every rule about runs and stale messages lives in one place.
 */
import type { HostToWebview, RunStarted } from '../src/shared/protocol';
import type { SchemaVariants } from '../src/schema/variants';
import type { CodecResult, CompletedResult, ErrorStage, MeasurementSettings, RuntimeInfo, SampleInfo } from '../src/shared/results';

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

export const COLUMN_IDS = ['codec', 'format', 'bytes', 'ratio', 'encode', 'decode', 'encodeSpeedup', 'decodeSpeedup', 'roundTrip', 'remnants'] as const;
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
   * shows its change. Absent in the state of older pages.
   */
  previous?: CompletedResult[];
}

type HostEvent = Exclude<HostToWebview, { type: 'reply' }>;

export const emptyModel = (): PanelModel => ({
  runId: null, phase: 'idle', endMessage: null, run: null, sample: null, rows: [], sort: null, expanded: [],
});

const baseName = (location: string) => location.split(/[\\/]/).filter(Boolean).pop() ?? location;

export const rowCodec = (row: Row) => (row.kind === 'pending' ? row.codec : row.result.codec);

/** The model after `message`; the same object when the message changes nothing or is stale. */
export function reduce(model: PanelModel, message: HostEvent): PanelModel {
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
    case 'sample-inspected':
      return { ...model, sample: message.sample };
    case 'codec-stage':
      return {
        ...model,
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
  if (run.rerunCodecs && replay) {
    rows = model.rows;
  } else if (run.rerunCodecs) {
    // A variant change: the other codecs' rows stay; the re-run ones remember their last result.
    const rerun = new Set(run.rerunCodecs);
    previous = model.rows.flatMap((row) => (row.kind === 'result' && row.result.status === 'completed' && rerun.has(row.result.codec) ? [row.result] : []));
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
    expanded: replay || run.rerunCodecs ? model.expanded : [],
  };
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

/** Next sort order when a column's header is pressed: ascending, then descending. */
export function nextSort(current: SortOrder | null, column: ColumnId): SortOrder {
  if (current?.column === column && current.direction === 'ascending') return { column, direction: 'descending' };
  return { column, direction: 'ascending' };
}

export function toggleExpanded(model: PanelModel, codec: string): PanelModel {
  const expanded = model.expanded.includes(codec) ? model.expanded.filter((id) => id !== codec) : [...model.expanded, codec];
  return { ...model, expanded };
}

