/** A round trip's verdict in words, the same in the CLI, the panel and exports. */
import type { RoundTrip } from './results';

/** `exact`, `lossy`…; `nulls added at 1,204 paths` for that verdict. */
export function roundTripLabel(roundTrip: RoundTrip): string {
  if (roundTrip.status !== 'nulls-added') return roundTrip.status;
  const count = roundTrip.nullsAdded ?? roundTrip.differences.length;
  return `nulls added at ${count.toLocaleString('en-US')} ${count === 1 ? 'path' : 'paths'}`;
}

/** The same, short enough for a terminal column: `nulls +1,204`. */
export function roundTripShortLabel(roundTrip: RoundTrip): string {
  if (roundTrip.status !== 'nulls-added') return roundTrip.status;
  return `nulls +${(roundTrip.nullsAdded ?? roundTrip.differences.length).toLocaleString('en-US')}`;
}
