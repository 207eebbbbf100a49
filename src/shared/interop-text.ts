/** "yes (cborg)" / "no (cborg: why)": a row's interop result as one phrase, for every view. */
import type { InteropResult } from './results';

export function describeInterop(interop: InteropResult): string {
  const read = interop.readable ? `yes (${interop.decoder})` : `no (${interop.decoder}: ${interop.why ?? 'not readable'})`;
  const back = interop.readsReference;
  if (!back) return read;
  const other = back.readable ? `and it reads ${interop.decoder}'s bytes` : `but it does not read ${interop.decoder}'s bytes: ${back.why ?? 'not readable'}`;
  return `${read}, ${other}; ${interop.byteDifferences ? `the bytes differ: ${interop.byteDifferences.join(' ')}` : `the same bytes as ${interop.decoder}`}`;
}
