/**
 * The effect of a schema-variant change on one codec: its row re-run with the new choice
 * against the same codec's row with the previous one. Pure, so it is tested without a page.
 */
import type { CompletedResult } from '../src/shared/results';

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
  return `vs previous: bytes ${percentChange(previous.bytes, current.bytes)}, `
    + `encode ${timesFaster(previous.encode.medianNs, current.encode.medianNs)}, `
    + `decode ${timesFaster(previous.decode.medianNs, current.decode.medianNs)}`;
}
