/**
 * Row order for each sortable column. Rows without a value (pending, errored, skipped) stay
 * below the measured ones in both directions, so flipping the order never buries the results.
 */
import { remnantCount } from '../../src/analysis/matrix';
import type { CompletedResult } from '../../src/shared/results';
import type { ColumnId, Row, SortOrder } from './model';

const ROUND_TRIP_RANK = { exact: 0, equivalent: 1, 'nulls-added': 2, 'nulls-absent': 2, lossy: 3, failed: 4 } as const;

type SortValue = number | string | undefined;

function completed(row: Row): CompletedResult | undefined {
  return row.kind === 'result' && row.result.status === 'completed' ? row.result : undefined;
}

const sortValues: Record<ColumnId, (row: Row) => SortValue> = {
  codec: (row) => (row.kind === 'pending' ? row.codec : row.result.codec),
  format: (row) => (row.kind === 'pending' ? row.format : row.result.format),
  bytes: (row) => (row.kind === 'result' && row.result.status !== 'skipped' ? row.result.bytes : undefined),
  ratio: (row) => (row.kind === 'result' && row.result.status !== 'skipped' ? (row.result.ratio ?? undefined) : undefined),
  encode: (row) => completed(row)?.encode.meanNs,
  decode: (row) => completed(row)?.decode.meanNs,
  encodeSpeedup: (row) => completed(row)?.speedupVsJson?.encode,
  decodeSpeedup: (row) => completed(row)?.speedupVsJson?.decode,
  roundTrip: (row) => {
    const result = completed(row);
    return result && ROUND_TRIP_RANK[result.roundTrip.status];
  },
  remnants: (row) => {
    const result = completed(row);
    return result && remnantCount(result);
  },
  bundle: (row) => (row.kind === 'result' ? row.result.bundleBytes : undefined),
};

function compareValues(a: SortValue, b: SortValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en', { numeric: true, sensitivity: 'base' });
}

/** A sorted copy; ties keep the order the rows arrived in. */
export function sortRows(rows: readonly Row[], sort: SortOrder | null): Row[] {
  if (!sort) return [...rows];
  const valueOf = sortValues[sort.column];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: valueOf(row) }))
    .sort((a, b) => {
      const aMissing = a.value === undefined;
      const bMissing = b.value === undefined;
      if (aMissing !== bMissing) return aMissing ? 1 : -1;
      const order = aMissing ? 0 : sign * compareValues(a.value, b.value);
      return order !== 0 ? order : a.index - b.index;
    })
    .map(({ row }) => row);
}
