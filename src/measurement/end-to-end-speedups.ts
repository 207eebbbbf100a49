/** End-to-end decode speed-ups: each of a row's figures against JSON's of the same runtime and round (pure, host side). */
import type { EndToEndDecode, TransportCompression } from '../shared/results';

const round3 = (value: number) => Number(value.toFixed(3));

/** Each timing's speed-up against JSON's end-to-end figure of the same runtime and round. */
export function withEndToEndSpeedups(own: EndToEndDecode, json: EndToEndDecode | undefined): EndToEndDecode {
  if (!json) return own;
  const timings: EndToEndDecode['timings'] = {};
  for (const [name, timing] of Object.entries(own.timings) as Array<[TransportCompression, NonNullable<EndToEndDecode['timings'][TransportCompression]>]>) {
    const baseline = json.timings[name];
    timings[name] = baseline && timing.meanNs > 0 ? { ...timing, speedupVsJson: round3(baseline.meanNs / timing.meanNs) } : timing;
  }
  return { ...own, timings };
}
