/**
 * Compares the encodings of one sample. Inspects the sample in a worker (the caller's thread
 * never parses it), then measures in rounds: each round runs the JSON baseline and every codec,
 * each in its own fresh worker, one after another so no two measurements compete for the CPU,
 * in an order rotated from round to round (rounds.ts). The first round also verifies the round
 * trip, finds remnants and compresses; later rounds only time, each codec until its speed-ups
 * have settled or the most rounds are reached (round-stops.ts). The run is a `Comparison`
 * (comparison.ts); rows stream through `onResult`; the report says how busy the machine was
 * meanwhile (machine-load-monitor.ts).
 */
import { BASELINE_CODEC_ID } from '../codecs/registry';
import type { ComparisonReport } from '../shared/results';
import { machineWatchOf, watchMachineLoad } from './machine-load-monitor';
import { Comparison, unknownCodecs, type ComparedSample } from './comparison';
import type { CompareOptions } from './compare-options';
import type { SizesReport } from '../shared/sizes';

export { unknownCodecs, type CompareOptions };

/** The rows a run shows, in order: the JSON baseline first when it is shown. */
export function displayedCodecOrder(selected: readonly string[]): string[] {
  return selected.includes(BASELINE_CODEC_ID) ? [BASELINE_CODEC_ID, ...selected.filter((id) => id !== BASELINE_CODEC_ID)] : [...selected];
}

/**
 * `sample.bytes` absent: every worker reads `sample.path` itself (use it for files on disk;
 * give bytes for unsaved editor text). `origin` is only reported (SampleInfo.origin).
 */
export async function compareSample(sample: ComparedSample, options: CompareOptions = {}): Promise<ComparisonReport> {
  // How busy the machine is, read over the whole run: other work distorts every time in it.
  const machine = watchMachineLoad(machineWatchOf(options.runtime));
  try {
    const report = await new Comparison(sample, options).run();
    return { ...report, settings: { ...report.settings, machineLoad: machine.stop() } };
  } finally {
    machine.stop();
  }
}

/**
 * Every figure of a comparison's first round that is not a time (compare --sizes-only): the
 * answer in seconds, before or instead of any speed round. Documents only (not message mode).
 */
export async function sizeSample(sample: ComparedSample, options: CompareOptions = {}): Promise<SizesReport> {
  if (options.messages) throw new Error('a sizes-only run measures one document: message mode is not offered');
  return new Comparison(sample, options, 'sizes').sizes();
}
