/** The table footer's "readable by the reference decoder" lines, one per row that was checked. */
import type { CodecResult } from '../shared/results';
import { describeInterop } from '../shared/interop-text';

export function interopLines(results: readonly CodecResult[], nameOf: (codec: string) => string = (codec) => codec): string[] {
  const checked = results.flatMap((row) => (row.status === 'completed' && row.interop ? [{ codec: nameOf(row.codec), interop: row.interop }] : []));
  if (checked.length === 0) return [];
  const width = Math.max(...checked.map((row) => row.codec.length));
  return [
    'readable by the reference decoder (another library of the format):',
    ...checked.map((row) => `  ${row.codec.padEnd(width)}  ${describeInterop(row.interop)}`),
  ];
}
