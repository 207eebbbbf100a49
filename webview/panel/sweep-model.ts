/**
 * The panel's model of a size sweep (and limit search): sizes as planned, each codec's latest
 * row per size as it streams in, then growth and limits. Pure; kept apart from the comparison
 * run's model, as the sweep is a run of its own.
 */
import type { CodecResult, CompletedResult } from '../../src/shared/results';
import type { CodecLimit, GrowthSlope, LimitSettings } from '../../src/shared/sweep';
import type { SweepHostMessage, SweepStarted } from '../../src/shared/sweep-protocol';

export interface SweepSizeState {
  jsonBytes: number;
  records: number;
  repeated: boolean;
  rows: CodecResult[];
  /** Every round at this size is in. */
  done: boolean;
}

export interface SweepModel {
  sweepId: number;
  started: SweepStarted;
  phase: 'running' | 'finished' | 'cancelled' | 'failed';
  message: string | null;
  notes: string[];
  sizes: SweepSizeState[];
  growth: GrowthSlope[];
  limits: CodecLimit[];
  limitSettings: LimitSettings | null;
}

export function reduceSweep(model: SweepModel | null, message: SweepHostMessage): SweepModel | null {
  if (message.type === 'sweep-started') {
    return { sweepId: message.sweep.sweepId, started: message.sweep, phase: 'running', message: null, notes: [], sizes: [], growth: [], limits: [], limitSettings: null };
  }
  if (!model || message.sweepId !== model.sweepId) return model;
  switch (message.type) {
    case 'sweep-planned':
      return { ...model, notes: message.notes, sizes: message.sizes.map((info) => ({ jsonBytes: info.jsonBytes, records: info.records, repeated: info.scaling?.repeated ?? false, rows: [], done: false })) };
    case 'sweep-result':
      return withSize(model, message.sizeIndex, (size) => ({ ...size, rows: [...size.rows.filter((row) => row.codec !== message.result.codec), message.result] }));
    case 'sweep-size':
      return withSize(model, message.sizeIndex, (size) => ({ ...size, jsonBytes: message.size.jsonBytes, rows: message.size.results, done: true }));
    case 'sweep-limit':
      return { ...model, limits: [...model.limits.filter((limit) => limit.codec !== message.limit.codec), message.limit], limitSettings: model.limitSettings ?? message.settings };
    case 'sweep-finished': {
      const { report } = message;
      const sizes = report.sizes.map((size) => ({ jsonBytes: size.jsonBytes, records: size.scaling.records, repeated: size.scaling.repeated, rows: size.results, done: true }));
      return { ...model, phase: 'finished', notes: report.notes, sizes, growth: report.growth, limits: report.limits ?? [], limitSettings: report.limitSettings ?? null };
    }
    case 'sweep-ended':
      return { ...model, phase: message.outcome, message: message.message };
  }
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
