/**
 * The matrix: every writer version's records read by every reader version, each reading run
 * on every record. Long work: it yields to the event loop between slices (so an abort message
 * reaches a worker, and the caller's progress events go out) and stops on the signal.
 */
import { CancelledError } from '../shared/cancelled';
import { previewValue } from '../schema/sample-fit';
import {
  type CellReading,
  type EvolutionCell,
  type EvolutionProgress,
  type ReadingMode,
  readingVerdict,
  type ReencodeCheck,
  type Refusal,
} from '../shared/evolution';
import { ReadingFindings, valueAt } from './findings';
import { prepareReadings, versionCodec, type PreparedReading } from './format-readings';
import { ABSENT, valuesEqual } from './json-values';
import type { LoadedVersion } from './versions';

export interface WriterData {
  records: unknown[];
  bytes: Uint8Array[];
  /** The writer's own decoding of each record's bytes. */
  views: unknown[];
}

export interface MatrixOptions {
  signal?: AbortSignal;
  onProgress?: (progress: EvolutionProgress) => void;
  /** Completes a cell (the rules' disagreements) before it is reported. */
  finishCell: (cell: EvolutionCell) => EvolutionCell;
}

/** Time between yields: short enough for a cancel to feel immediate. */
const SLICE_MS = 30;

export function writeRecords(version: LoadedVersion, records: unknown[]): WriterData {
  const codec = versionCodec(version);
  const bytes = records.map((record) => codec.encode(record));
  return { records, bytes, views: bytes.map((each) => codec.view(each)) };
}

export async function runMatrix(versions: readonly LoadedVersion[], writers: readonly WriterData[], options: MatrixOptions): Promise<EvolutionCell[]> {
  const readingsPerCell = (writer: number, reader: number) => (versions[0]!.format === 'avro' && writer !== reader ? 2 : 1);
  let total = 0;
  versions.forEach((_, writer) => versions.forEach((__, reader) => (total += writers[writer]!.records.length * readingsPerCell(writer, reader))));
  if (options.signal?.aborted) throw new CancelledError('the schema change check was cancelled');
  const progress = { done: 0, total, lastYield: Date.now() };
  const cells: EvolutionCell[] = [];
  for (let writer = 0; writer < versions.length; writer++) {
    for (let reader = 0; reader < versions.length; reader++) {
      const readings: CellReading[] = [];
      for (const prepared of prepareReadings(versions[writer]!, versions[reader]!)) {
        readings.push(await runReading(prepared, writers[writer]!, progress, options));
      }
      const cell = options.finishCell({ writer, reader, readings, needs: chooseReading(writer === reader, readings), verdict: 'equal', disagreements: [] });
      cell.verdict = readingVerdict(readings.find((reading) => reading.mode === cell.needs.mode)!);
      cells.push(cell);
      options.onProgress?.({ done: progress.done, total, cell });
    }
  }
  return cells;
}

async function runReading(
  prepared: PreparedReading,
  data: WriterData,
  progress: { done: number; total: number; lastYield: number },
  options: MatrixOptions,
): Promise<CellReading> {
  const findings = new ReadingFindings();
  const count = data.records.length;
  if (prepared.refusedUpFront !== undefined) {
    progress.done += count;
    const refused: Refusal = { message: prepared.refusedUpFront, record: null, count };
    return { mode: prepared.mode, records: count, decoded: 0, refused, ...findings.result() };
  }
  let refused: Refusal | undefined;
  for (let index = 0; index < count; index++) {
    findings.record = index;
    findings.path.length = 0;
    try {
      prepared.read(data.bytes[index]!, data.views[index], findings);
    } catch (error) {
      if (refused) refused.count++;
      else
        refused = {
          message: error instanceof Error ? error.message : String(error),
          record: index,
          recordPreview: previewValue(data.records[index]),
          count: 1,
        };
    }
    progress.done++;
    if (Date.now() - progress.lastYield > SLICE_MS) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (options.signal?.aborted) throw new CancelledError('the schema change check was cancelled');
      options.onProgress?.({ done: progress.done, total: progress.total });
      progress.lastYield = Date.now();
    }
  }
  const result = findings.result();
  const reencode = result.dropped.values > 0 ? reencodeCheck(prepared, data, findings) : undefined;
  return {
    mode: prepared.mode,
    records: count,
    decoded: count - (refused?.count ?? 0),
    ...(refused ? { refused } : {}),
    ...result,
    dropped: { ...result.dropped, ...(reencode ? { reencode } : {}) },
  };
}

/** Whether the dropped values come back when the reader writes the message again (measured on the first records). */
function reencodeCheck(prepared: PreparedReading, data: WriterData, findings: ReadingFindings): ReencodeCheck {
  let kept = true;
  let keptWithOption: boolean | undefined;
  let option: string | undefined;
  for (const [record, paths] of findings.droppedByRecord) {
    let views;
    try {
      views = prepared.reencode(data.bytes[record]!);
    } catch {
      return { kept: false, records: findings.droppedByRecord.size };
    }
    const survives = (view: unknown) => view !== ABSENT && paths.every((path) => valuesEqual(valueAt(view, path), valueAt(data.views[record], path)));
    kept &&= survives(views.plain);
    if (views.withOption) {
      option = views.withOption.option;
      keptWithOption = (keptWithOption ?? true) && survives(views.withOption.view);
    }
  }
  return { kept, records: findings.droppedByRecord.size, ...(option !== undefined ? { withOption: { option, kept: keptWithOption ?? false } } : {}) };
}

/** Avro: the reader's type alone when it reads right, otherwise a resolver (said with what goes wrong without one). */
function chooseReading(diagonal: boolean, readings: readonly CellReading[]): { mode: ReadingMode; why: string } {
  if (readings.length === 1) {
    return diagonal
      ? { mode: readings[0]!.mode, why: 'the same schema reads its own data' }
      : { mode: 'decode', why: 'protobufjs pairs fields by number: there is no resolution step' };
  }
  const direct = readings.find((reading) => reading.mode === 'decode')!;
  const resolved = readings.find((reading) => reading.mode === 'resolver')!;
  if (readingVerdict(direct) === 'equal') return { mode: 'decode', why: "avsc reads this data with the reader's type alone" };
  const wrong = direct.refused
    ? `fails ("${direct.refused.message}")`
    : `reads ${direct.reinterpreted.reduce((sum, each) => sum + each.count, 0)} values wrong, silently`;
  const resolverText = resolved.refused ? `; the resolver refuses too ("${resolved.refused.message}")` : ': use readerType.createResolver(writerType)';
  return { mode: 'resolver', why: `without a resolver avsc ${wrong}${resolverText}` };
}
