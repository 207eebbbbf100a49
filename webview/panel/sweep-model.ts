/**
 * The panel's model of a size sweep (and limit search): sizes as planned, each codec's latest
 * row per size as it streams in, where each codec's limit search is, then growth and limits.
 * What only sweeps do with their events (the rules every run has are runs.ts's). A stopped
 * search keeps everything that arrived: the limits found, and for the codecs still searching
 * the sizes that held so far. Pure; kept apart from the comparison run's model, as the sweep
 * is a run of its own.
 */
import type { SweepNote } from '../../src/shared/sweep-notes';
import type { CodecResult, CompletedResult } from '../../src/shared/results';
import type { CodecLimit, GrowthSlope, LimitSettings, SweepReport } from '../../src/shared/sweep';
import type { LimitProgress, SizeProgress, SweepItem, SweepStarted } from '../../src/shared/sweep-events';
import type { RunApplier } from './runs';

export interface SweepSizeState {
  jsonBytes: number;
  records: number;
  repeated: boolean;
  rows: CodecResult[];
  /** Every round at this size is in. */
  done: boolean;
}

export interface SweepModel {
  runId: number;
  started: SweepStarted;
  phase: 'running' | 'finished' | 'cancelled' | 'failed';
  message: string | null;
  notes: SweepNote[];
  sizes: SweepSizeState[];
  growth: GrowthSlope[];
  limits: CodecLimit[];
  limitSettings: LimitSettings | null;
  /** Where the size sweep is now; null between sizes' stages and once it is past. */
  sizeProgress: SizeProgress | null;
  /** Each codec's limit search so far, until its limit is found (latest per codec). */
  searching: LimitProgress[];
}

export const sweepRuns: RunApplier<'sweep', SweepModel | null> = {
  runId: (model) => model?.runId ?? null,
  started: (model, runId, started, again) =>
    again && model
      ? { ...model, started }
      : {
          runId,
          started,
          phase: 'running',
          message: null,
          notes: [],
          sizes: [],
          growth: [],
          limits: [],
          limitSettings: null,
          sizeProgress: null,
          searching: [],
        },
  progress: (model, progress) => {
    if (!model) return model;
    if (progress.type === 'size') return { ...model, sizeProgress: progress };
    return { ...model, sizeProgress: null, searching: [...model.searching.filter((known) => known.codec !== progress.codec), progress] };
  },
  item: (model, item) => (model ? withItem(model, item) : model),
  // A run this page never saw start has nothing to show its end on (its notification tells).
  finished: (model, _runId, report, seen) => (seen && model ? finishSweep(model, report) : model),
  // Everything that arrived stays: the sizes done, the limits found, what held so far.
  ended: (model, _runId, ending, message, seen) => (seen && model ? { ...model, phase: ending, message, sizeProgress: null } : model),
};

function withItem(model: SweepModel, item: SweepItem): SweepModel {
  switch (item.type) {
    case 'planned':
      return {
        ...model,
        notes: item.notes,
        sizes: item.sizes.map((info) => ({
          jsonBytes: info.jsonBytes,
          records: info.records,
          repeated: info.scaling?.repeated ?? false,
          rows: [],
          done: false,
        })),
      };
    case 'size-result':
      return withSize(model, item.sizeIndex, (size) => ({ ...size, rows: [...size.rows.filter((row) => row.codec !== item.result.codec), item.result] }));
    case 'size-done':
      return withSize(model, item.sizeIndex, (size) => ({ ...size, jsonBytes: item.size.jsonBytes, rows: item.size.results, done: true }));
    case 'limit':
      return {
        ...model,
        limits: [...model.limits.filter((limit) => limit.codec !== item.limit.codec), item.limit],
        limitSettings: model.limitSettings ?? item.settings,
        searching: model.searching.filter((known) => known.codec !== item.limit.codec),
      };
  }
}

function finishSweep(model: SweepModel, report: SweepReport): SweepModel {
  const sizes = report.sizes.map((size) => ({
    jsonBytes: size.jsonBytes,
    records: size.scaling.records,
    repeated: size.scaling.repeated,
    rows: size.results,
    done: true,
  }));
  return {
    ...model,
    phase: 'finished',
    notes: report.notes,
    sizes,
    growth: report.growth,
    limits: report.limits ?? [],
    limitSettings: report.limitSettings ?? null,
    sizeProgress: null,
    searching: [],
  };
}

function withSize(model: SweepModel, index: number, change: (size: SweepSizeState) => SweepSizeState): SweepModel {
  const size = model.sizes[index];
  if (!size) return model;
  const sizes = [...model.sizes];
  sizes[index] = change(size);
  return { ...model, sizes };
}

export interface SeriesPoint {
  jsonBytes: number;
  row: CompletedResult;
}

/** Each codec's completed rows by size, in the run's codec order: the plots' series. */
export function seriesByCodec(model: SweepModel): Array<{ codec: string; label: string; points: SeriesPoint[] }> {
  return model.started.codecs.map(({ id, label }) => ({
    codec: id,
    label,
    points: model.sizes.flatMap((size) => {
      const row = size.rows.find((candidate) => candidate.codec === id);
      return row?.status === 'completed' ? [{ jsonBytes: size.jsonBytes, row: row as CompletedResult }] : [];
    }),
  }));
}
