/** A round trip's verdict in words, the same in the CLI, the panel and exports. */
import type { RoundTrip } from './results';

/** `exact`, `lossy`…; `nulls added at 1,204 paths`, `nulls absent at 3 paths` for those verdicts. */
export function roundTripLabel(roundTrip: RoundTrip): string {
  const count = nullCount(roundTrip);
  if (count === undefined) return roundTrip.status;
  const moved = roundTrip.status === 'nulls-added' ? 'added' : 'absent';
  return `nulls ${moved} at ${count.toLocaleString('en-US')} ${count === 1 ? 'path' : 'paths'}`;
}

/** The same, short enough for a terminal column: `nulls +1,204`, `nulls -3`. */
export function roundTripShortLabel(roundTrip: RoundTrip): string {
  const count = nullCount(roundTrip);
  if (count === undefined) return roundTrip.status;
  return `nulls ${roundTrip.status === 'nulls-added' ? '+' : '-'}${count.toLocaleString('en-US')}`;
}

/** The nulls a `nulls-added` or `nulls-absent` verdict counts; undefined for the others. */
function nullCount(roundTrip: RoundTrip): number | undefined {
  if (roundTrip.status === 'nulls-added') return roundTrip.nullsAdded ?? roundTrip.differences.length;
  if (roundTrip.status === 'nulls-absent') return roundTrip.nullsAbsent ?? roundTrip.differences.length;
  return undefined;
}
