/**
 * One codec's row against its previous figures: after a schema-variant change (what the new
 * choice changed), or after Re-run (the speed-ups of the previous run, to see whether they
 * hold). Pure, so it is tested without a page.
 */
import type { CompletedResult } from '../../src/shared/results';
import { formatSpeedupRange } from './format';

/** "bytes −12%": a relative change, signed, with a real minus sign. */
function percentChange(previous: number, current: number): string {
  if (previous === 0) return current === 0 ? '±0%' : 'n/a';
  const change = Math.round(((current - previous) / previous) * 100);
  if (change === 0) return '±0%';
  return change > 0 ? `+${change}%` : `−${Math.abs(change)}%`;
}

/** "×1.30": how many times faster than before (above 1 is faster). */
function timesFaster(previous: number, current: number): string {
  return current > 0 ? `×${(previous / current).toFixed(2)}` : 'n/a';
}

/** "vs previous: bytes −12%, encode ×1.30, decode ×0.95" (speeds: above ×1 is faster). */
export function describeVariantDelta(previous: CompletedResult, current: CompletedResult): string {
  return (
    `vs previous: bytes ${percentChange(previous.bytes, current.bytes)}, ` +
    `encode ${timesFaster(previous.encode.meanNs, current.encode.meanNs)}, ` +
    `decode ${timesFaster(previous.decode.meanNs, current.decode.meanNs)}`
  );
}

/** "previous run: encode 9.10× (8.71–9.52×), decode 4.20× (3.95–4.41×)". */
export function describeRerunDelta(previous: CompletedResult): string {
  const speedups = previous.speedupVsJson;
  if (!speedups) return 'previous run: no speed-ups (no JSON baseline)';
  return (
    `previous run: encode ${formatSpeedupRange(speedups.encode, speedups.encodeInterval)}, ` +
    `decode ${formatSpeedupRange(speedups.decode, speedups.decodeInterval)}`
  );
}
