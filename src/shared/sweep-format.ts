/** Sizes and slopes of a sweep in words, for the CLI and the panel alike. */
import { type CodecLimit, type GrowthSlope, type LimitFailure, SUPERLINEAR_SLOPE } from './sweep';

/** "1.0 KiB", "16 MiB": a sweep's sizes are powers of two, and so are their labels. */
export function formatJsonSize(bytes: number): string {
  if (!Number.isFinite(bytes)) return '—';
  const units = ['B', 'KiB', 'MiB', 'GiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(unit === 0 || value >= 100 ? 0 : value >= 10 ? 1 : 2)} ${units[unit]}`;
}

export function formatSlope(slope: number | null): string {
  return slope === null ? '—' : `${slope.toFixed(2)}${slope > SUPERLINEAR_SLOPE ? ' ▲' : ''}`;
}

export function growthVerdict(growth: GrowthSlope): string {
  if (growth.encodeSlope === null && growth.decodeSlope === null) return 'too few sizes completed for a slope';
  if (!growth.superlinear) return 'about linear';
  const which = [...((growth.encodeSlope ?? 0) > SUPERLINEAR_SLOPE ? ['encode'] : []), ...((growth.decodeSlope ?? 0) > SUPERLINEAR_SLOPE ? ['decode'] : [])];
  return `${which.join(' and ')} grow${which.length === 1 ? 's' : ''} worse than linearly: fine when small, costly when large`;
}

const FAILURE_WORDS: Record<LimitFailure['kind'], string> = {
  'out-of-memory': 'out of memory',
  'library-limit': 'library limit',
  'range-error': 'RangeError',
  timeout: 'timeout',
  error: 'error',
  crash: 'process crashed',
};

export function describeLimitFailure(failure: LimitFailure | null): string {
  if (!failure) return '—';
  return `${FAILURE_WORDS[failure.kind]} at ${failure.stage}, ${formatJsonSize(failure.atJsonBytes)}`;
}

/** "≥ 512 MiB (cap)", "19.0 MiB", "—". */
export function formatLimit(bytes: number | null, capped: boolean, capJsonBytes: number): string {
  if (bytes === null) return '< smallest size tried';
  return capped && bytes >= capJsonBytes * 0.99 ? `≥ ${formatJsonSize(capJsonBytes)} (cap)` : formatJsonSize(bytes);
}

/** Encode's figure is "≥ cap" when it held at the cap even if decode did not. */
export function limitCells(limit: CodecLimit, capJsonBytes: number): { encode: string; decode: string } {
  const encodeHeld = limit.encodeMaxJsonBytes !== null && limit.encodeMaxJsonBytes >= capJsonBytes * 0.99;
  return {
    encode: formatLimit(limit.encodeMaxJsonBytes, encodeHeld, capJsonBytes),
    decode: formatLimit(limit.decodeMaxJsonBytes, limit.capped, capJsonBytes),
  };
}
