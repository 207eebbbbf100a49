/** "yes (cborg)" / "no (cborg: why)": a row's interop result as one phrase, for every view. */
import type { InteropResult } from './results';

export function describeInterop(interop: InteropResult): string {
  return interop.readable ? `yes (${interop.decoder})` : `no (${interop.decoder}: ${interop.why ?? 'not readable'})`;
}
