/**
 * What the panel shows, as plain data: updated by the comparison's run events (the rules every
 * run has are runs.ts's; `comparisonRuns` applies what only comparisons have), rendered by the
 * view, and persisted with `setState` so the panel comes back after a reload. Pure (no DOM).
 */
import type { ComparisonStarted } from '../../src/shared/comparison-events';
import type { RunEventOf } from '../../src/shared/run-events';
import type { SchemaVariants } from '../../src/shared/variants';
import type { Priority } from '../../src/report/verdict';
import type { Transport } from '../../src/shared/transport';
import type { CodecResult, ComparisonReport, CompletedResult, ErrorStage, MeasurementSettings, RuntimeInfo, SampleInfo } from '../../src/shared/results';
import type { ProbeState } from './probes-model';
import type { SizedResult } from '../../src/shared/sizes';
import { reduceRun, type RunApplier } from './runs';

export type RunPhase = 'idle' | 'running' | 'finished' | 'cancelled' | 'failed';

/**
 * A planned codec whose result has not arrived; `stage` is where its worker is now, `sizes`
 * its figures that are not times when a sizes-only pass gave them before the speed rounds.
 */
export interface PendingRow {
  kind: 'pending';
  codec: string;
  label: string;
  format: string;
  stage: ErrorStage | null;
  sizes?: SizedResult;
}

export interface ResultRow {
  kind: 'result';
  result: CodecResult;
}

export type Row = PendingRow | ResultRow;

export const COLUMN_IDS = [
  'codec',
  'format',
  'bytes',
  'ratio',
  'encode',
  'decode',
  'encodeSpeedup',
  'decodeSpeedup',
  'roundTrip',
  'remnants',
  'bundle',
] as const;
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
  /** Message mode: every record its own message (`byDefault`: the sample is JSON Lines). */
  messages?: { byDefault: boolean };
  /** How the bytes travel by the user's setting when the run started (the verdict's default). */
  transport?: Transport;
}

/** The run measured a stream of messages: its rows' figures are per message. */
export const inMessageMode = (model: Pick<PanelModel, 'run' | 'sample'>) => model.run?.messages !== undefined || model.sample?.messages !== undefined;

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
  /** How the bytes travel for the verdict; absent until the user chooses (then: the run's setting). */
  transport?: Transport;
  /** Optional table columns the user unticked in the column chooser; absent: none. */
  hiddenColumns?: ColumnId[];
}

export const emptyModel = (): PanelModel => ({
  runId: null,
  phase: 'idle',
  endMessage: null,
  run: null,
  sample: null,
  rows: [],
  sort: null,
  expanded: [],
});

const baseName = (location: string) => location.split(/[\\/]/).filter(Boolean).pop() ?? location;

export const rowCodec = (row: Row) => (row.kind === 'pending' ? row.codec : row.result.codec);

/** What only comparisons do with their runs' events. */
export const comparisonRuns: RunApplier<'comparison', PanelModel> = {
  runId: (model) => model.runId,
  started: (model, runId, started, again) => startRun(model, runId, started, again),
  progress: (model, { codec, stage, round }) => ({
    ...model,
    ...(round === undefined ? {} : { round }),
    rows: model.rows.map((row) => (row.kind === 'pending' && row.codec === codec ? { ...row, stage } : row)),
  }),
  item: (model, item) => {
    if (item.type === 'sample-read') return { ...model, sample: item.sample };
    if (item.type === 'codec-sized') return { ...model, rows: withSizes(model.rows, item.row) };
    return { ...model, rows: withResult(model.rows, item.result) };
  },
  finished: (model, runId, report, seen) => (seen ? finishRun(model, report) : reportOnly(model, runId, report)),
  // An end unseen (a run that failed before it could start) has no rows to show it on: its error
  // notification says why.
  ended: (model, _runId, ending, message, seen) => (seen ? { ...model, phase: ending, endMessage: message } : model),
};

/** The model after `event`; the same object when the event changes nothing or is stale. */
export function reduce(model: PanelModel, event: RunEventOf<'comparison'>): PanelModel {
  return reduceRun(comparisonRuns, model, event);
}

function finishRun(model: PanelModel, report: ComparisonReport): PanelModel {
  const run = model.run && { ...model.run, runtime: report.runtime, settings: report.settings };
  return { ...model, phase: 'finished', endMessage: null, run, sample: report.input, rows: report.results.map(resultRow) };
}

/** A finished run this page never saw start (e.g. the host answering 'ready' after a reload). */
function reportOnly(model: PanelModel, runId: number, report: ComparisonReport): PanelModel {
  const run = {
    sampleName: baseName(report.input.path),
    sampleLocation: report.input.path,
    runtime: report.runtime,
    settings: report.settings,
    extensionVersion: null,
    ...(report.input.messages ? { messages: { byDefault: false } } : {}),
  };
  return { ...model, runId, phase: 'finished', endMessage: null, run, sample: report.input, rows: report.results.map(resultRow), expanded: [] };
}

function startRun(model: PanelModel, runId: number, run: ComparisonStarted, replay: boolean): PanelModel {
  // The same run announced again (the host replaying it after 'ready') keeps what arrived.
  const known = replay ? model.rows : [];
  const pending = (planned: ComparisonStarted['codecs'][number]): PendingRow => ({
    kind: 'pending',
    codec: planned.id,
    label: planned.label,
    format: planned.format,
    stage: null,
  });
  let rows: Row[] = run.codecs.map((planned) => known.find((row) => row.kind === 'result' && row.result.codec === planned.id) ?? pending(planned));
  let previous: CompletedResult[] = replay ? (model.previous ?? []) : [];
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
    ...(run.messages ? { messages: run.messages } : {}),
    ...(run.transport ? { transport: run.transport } : {}),
  };
  return {
    ...model,
    runId,
    phase: 'running',
    endMessage: null,
    run: heading,
    sample: replay || run.rerunCodecs ? model.sample : null,
    rows,
    previous,
    previousKind,
    round: replay ? (model.round ?? 1) : 1,
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

/** The codec's pending row with its sizes; a row already measured (or never planned) is left as it is. */
function withSizes(rows: Row[], sizes: SizedResult): Row[] {
  return rows.map((row) => (row.kind === 'pending' && row.codec === sizes.codec ? { ...row, sizes } : row));
}

/** Replaces the codec's pending row; a result nobody planned is appended. */
function withResult(rows: Row[], result: CodecResult): Row[] {
  const index = rows.findIndex((row) => rowCodec(row) === result.codec);
  if (index < 0) return [...rows, resultRow(result)];
  return rows.map((row, i) => (i === index ? resultRow(result) : row));
}

/** Columns where more is better (a speed-up): their first press puts the best first, as the others' ascending does. */
const BEST_HIGHEST: readonly ColumnId[] = ['encodeSpeedup', 'decodeSpeedup'];

/** Next sort order when a column's header is pressed: best first (smallest, fastest), then the other way. */
export function nextSort(current: SortOrder | null, column: ColumnId): SortOrder {
  const first = BEST_HIGHEST.includes(column) ? 'descending' : 'ascending';
  if (current?.column === column && current.direction === first) return { column, direction: first === 'ascending' ? 'descending' : 'ascending' };
  return { column, direction: first };
}

export function toggleExpanded(model: PanelModel, codec: string): PanelModel {
  const expanded = model.expanded.includes(codec) ? model.expanded.filter((id) => id !== codec) : [...model.expanded, codec];
  return { ...model, expanded };
}
