/**
 * The panel's model of a Check Schema Change run: the versions it compares, records read so
 * far, each cell of the matrix as it arrives, then the report (pairs' labels, notes). What
 * only this kind does with its events (the rules every run has are runs.ts's). Pure.
 */
import type { CellReading, EvolutionCell, EvolutionReport } from '../../src/shared/evolution';
export { readingVerdict } from '../../src/shared/evolution';
import type { SchemaChangeProblem, SchemaChangeProgress, SchemaChangeStarted } from '../../src/shared/schema-change-events';
import type { RunApplier } from './runs';
import { formatCount, formatNumber } from '../../src/shared/format';

export interface SchemaChangeModel {
  runId: number;
  started: SchemaChangeStarted;
  phase: 'running' | 'finished' | 'cancelled' | 'failed';
  message: string | null;
  progress: SchemaChangeProgress | null;
  /** writer × reader, as they arrive (the report's once finished). */
  cells: EvolutionCell[];
  report: EvolutionReport | null;
  /** The versions' problems, when the run could not read them (it then fails). */
  problems: SchemaChangeProblem[];
}

export const schemaChangeRuns: RunApplier<'schemaChange', SchemaChangeModel | null> = {
  runId: (model) => model?.runId ?? null,
  started: (model, runId, started, again) =>
    again && model ? { ...model, started } : { runId, started, phase: 'running', message: null, progress: null, cells: [], report: null, problems: [] },
  progress: (model, progress) => (model ? { ...model, progress } : model),
  item: (model, item) => {
    if (!model) return model;
    if (item.type === 'problems') return { ...model, problems: item.problems };
    return { ...model, cells: [...model.cells.filter((known) => !sameCell(known, item.cell)), item.cell] };
  },
  // A run this page never saw start has nothing to show its end on (its notification tells).
  finished: (model, _runId, report, seen) => (seen && model ? { ...model, phase: 'finished', report, cells: report.cells, progress: null } : model),
  ended: (model, _runId, ending, message, seen) => (seen && model ? { ...model, phase: ending, message } : model),
};

function sameCell(a: Pick<EvolutionCell, 'writer' | 'reader'>, b: Pick<EvolutionCell, 'writer' | 'reader'>): boolean {
  return a.writer === b.writer && a.reader === b.reader;
}

export function cellAt(model: SchemaChangeModel, writer: number, reader: number): EvolutionCell | undefined {
  return model.cells.find((cell) => sameCell(cell, { writer, reader }));
}

/** The reading the user needs for the cell (avsc: with a resolver or without). */
export function neededReading(cell: EvolutionCell): CellReading {
  return cell.readings.find((reading) => reading.mode === cell.needs.mode) ?? cell.readings[0]!;
}

/** BACKWARD: a newer reader on older data; FORWARD: the reverse. */
export function direction(cell: Pick<EvolutionCell, 'writer' | 'reader'>): 'BACKWARD' | 'FORWARD' | null {
  if (cell.writer === cell.reader) return null;
  return cell.writer < cell.reader ? 'BACKWARD' : 'FORWARD';
}

const total = (items: readonly { count: number }[]) => items.reduce((sum, item) => sum + item.count, 0);

/** The cell in a few words: the worst thing it found, with its count. */
export function cellSummary(cell: EvolutionCell): string {
  const reading = neededReading(cell);
  switch (cell.verdict) {
    case 'refused':
      return `${formatNumber(reading.refused!.count)} of ${formatCount(reading.records, 'record')} refused`;
    case 'reinterpreted':
      return `${total(reading.reinterpreted).toLocaleString('en-US')} values read as other values`;
    case 'dropped':
      return `${reading.dropped.values.toLocaleString('en-US')} values dropped`;
    case 'defaults':
      return `defaults filled in (${reading.defaults.length} ${reading.defaults.length === 1 ? 'field' : 'fields'})`;
    case 'equal':
      return `${reading.equal.toLocaleString('en-US')} of ${reading.compared.toLocaleString('en-US')} values equal`;
  }
}
