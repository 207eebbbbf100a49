/**
 * Measurement in rounds: each round runs the JSON baseline and every codec, each in a fresh
 * worker, in an order rotated from round to round. A speed-up is computed per round (JSON's
 * amortised time over the codec's, both from that round), so drift of the machine between
 * rounds cancels out; the row reports the median over rounds and where a re-run's median is
 * expected (rerun-interval.ts). Pure.
 */
import type { CompletedResult, InstabilityMarker, RoundFigures, SpeedupVsJson, TimingStats, CompressionTiming } from '../shared/results';
import { medianOf } from '../measurement/stats';
import { rerunInterval } from '../measurement/rerun-interval';
import { combineCompressionRounds } from '../compression/compression-rounds';

/** Rounds whose highest figure is this many times their lowest are marked unstable. */
export const UNSTABLE_SPREAD = 1.25;

export interface RoundTimings {
  /** 1-based. */
  round: number;
  encode: TimingStats;
  decode: TimingStats;
  /**
   * JSON's amortised times from the slices taken in turn with this codec's (later rounds);
   * absent in the first round, where JSON's own window of the round is the reference.
   */
  pairedJson?: { encodeMeanNs: number; decodeMeanNs: number };
  /** This round's compression times, where the round timed them (not a quick run, not a browser). */
  compressionTiming?: CompressionTiming;
}

/**
 * The order of round `index` (0-based): the first round runs in the given order (the baseline
 * first, so its rows can show speed-ups as they stream in); later ones rotate it, so no codec
 * always runs first on a cold machine or right after the same neighbour.
 */
export function roundOrder<T>(items: readonly T[], index: number): T[] {
  if (items.length === 0) return [];
  const shift = index % items.length;
  return [...items.slice(shift), ...items.slice(0, shift)];
}

const round3 = (value: number) => Number(value.toFixed(3));
const range = (values: readonly number[]): [number, number] => [Math.min(...values), Math.max(...values)];

/**
 * Each field is the median over rounds of that field; the mean's interval is the rounds' range.
 * GC share and allocation: the median over the rounds that profiled them (the first), else null.
 */
export function combineTimings(rounds: readonly TimingStats[], jsonBytes: number): TimingStats {
  const pick = (field: keyof Omit<TimingStats, 'meanInterval' | 'bimodal' | 'gcShare' | 'bytesAllocatedPerCall' | 'allocationLowerBound'>) =>
    medianOf(rounds.map((timing) => timing[field]));
  const profiled = (field: 'gcShare' | 'bytesAllocatedPerCall') => {
    const values = rounds.flatMap((timing) => (timing[field] === null ? [] : [timing[field]]));
    return values.length > 0 ? medianOf(values) : null;
  };
  const bytesAllocatedPerCall = profiled('bytesAllocatedPerCall');
  const meanNs = pick('meanNs');
  return {
    meanNs,
    meanInterval: range(rounds.map((timing) => timing.meanNs)),
    gcShare: profiled('gcShare'),
    bytesAllocatedPerCall: bytesAllocatedPerCall === null ? null : Math.round(bytesAllocatedPerCall),
    // A median among rounds of which one saw memory freed out of sight is a lower bound too.
    allocationLowerBound: rounds.some((timing) => timing.bytesAllocatedPerCall !== null && timing.allocationLowerBound === true),
    bimodal: rounds.filter((timing) => timing.bimodal).length * 2 >= rounds.length,
    medianNs: pick('medianNs'),
    p75Ns: pick('p75Ns'),
    p99Ns: pick('p99Ns'),
    minNs: Math.min(...rounds.map((timing) => timing.minNs)),
    maxNs: Math.max(...rounds.map((timing) => timing.maxNs)),
    rme: pick('rme'),
    samples: rounds.reduce((sum, timing) => sum + timing.samples, 0),
    batchSize: pick('batchSize'),
    mbPerSec: meanNs > 0 ? jsonBytes / 1e6 / (meanNs / 1e9) : 0,
  };
}

/**
 * The codec's row after the rounds so far: its first round's row (sizes, round trip,
 * remnants) with timings and speed-ups over every round. `baseline`: JSON's rounds; absent
 * when JSON did not complete. A round without JSON's figure gives no speed-up.
 */
export function rowOverRounds(
  first: CompletedResult,
  own: readonly RoundTimings[],
  baseline: readonly RoundTimings[] | undefined,
  jsonBytes: number,
): CompletedResult {
  const isBaseline = first.codec === 'json';
  const rounds: RoundFigures[] = own.map((timings) => {
    const json = isBaseline
      ? { encodeMeanNs: timings.encode.meanNs, decodeMeanNs: timings.decode.meanNs }
      : (timings.pairedJson ?? jsonMeansOf(baseline?.find((candidate) => candidate.round === timings.round)));
    return {
      round: timings.round,
      encodeMeanNs: timings.encode.meanNs,
      decodeMeanNs: timings.decode.meanNs,
      speedupVsJson: json ? { encode: round3(json.encodeMeanNs / timings.encode.meanNs), decode: round3(json.decodeMeanNs / timings.decode.meanNs) } : null,
      encodeGcShare: timings.encode.gcShare,
      decodeGcShare: timings.decode.gcShare,
      ...(timings.compressionTiming ? { compression: roundCompression(timings.compressionTiming) } : {}),
    };
  });
  const encode = combineTimings(
    own.map((timings) => timings.encode),
    jsonBytes,
  );
  const decode = combineTimings(
    own.map((timings) => timings.decode),
    jsonBytes,
  );
  const speedupVsJson = speedupsOver(rounds);
  const unstable = instabilities(encode, decode, roundRanges(rounds), first.label);
  const compressionTiming = combineCompressionRounds(own.flatMap((timings) => (timings.compressionTiming ? [timings.compressionTiming] : [])));
  return { ...first, encode, decode, speedupVsJson, rounds, ...(compressionTiming ? { compressionTiming } : {}), ...(unstable.length > 0 ? { unstable } : {}) };
}

/** One round's compression times, without the levels and library the row states once. */
function roundCompression(timing: CompressionTiming): NonNullable<RoundFigures['compression']> {
  const times = ({ compressNs, decompressNs }: { compressNs: number; decompressNs: number }) => ({ compressNs, decompressNs });
  return { gzip: times(timing.gzip), brotli: times(timing.brotli), ...(timing.zstd ? { zstd: times(timing.zstd) } : {}) };
}

function jsonMeansOf(timings: RoundTimings | undefined): RoundTimings['pairedJson'] {
  return timings && { encodeMeanNs: timings.encode.meanNs, decodeMeanNs: timings.decode.meanNs };
}

function speedupsOver(rounds: readonly RoundFigures[]): SpeedupVsJson | null {
  const paired = rounds.flatMap((figures) => (figures.speedupVsJson ? [figures.speedupVsJson] : []));
  if (paired.length === 0) return null;
  const encodes = paired.map((speedup) => speedup.encode);
  const decodes = paired.map((speedup) => speedup.decode);
  const interval = (values: number[]) => rerunInterval(values).map(round3) as [number, number];
  return { encode: round3(medianOf(encodes)), decode: round3(medianOf(decodes)), encodeInterval: interval(encodes), decodeInterval: interval(decodes) };
}

/** The lowest and highest round of each speed-up: what "unstable" is judged on. */
function roundRanges(rounds: readonly RoundFigures[]): { encodeInterval: [number, number]; decodeInterval: [number, number] } | null {
  const paired = rounds.flatMap((figures) => (figures.speedupVsJson ? [figures.speedupVsJson] : []));
  if (paired.length === 0) return null;
  return { encodeInterval: range(paired.map((speedup) => speedup.encode)), decodeInterval: range(paired.map((speedup) => speedup.decode)) };
}

function instabilities(
  encode: TimingStats,
  decode: TimingStats,
  speedups: { encodeInterval: [number, number]; decodeInterval: [number, number] } | null,
  label: string,
): InstabilityMarker[] {
  const markers: InstabilityMarker[] = [];
  const check = (figure: InstabilityMarker['figure'], [low, high]: [number, number], timing: TimingStats, what: string) => {
    const spread = low > 0 ? high / low : Number.POSITIVE_INFINITY;
    if (spread < UNSTABLE_SPREAD) return;
    markers.push({ figure, spread: round3(spread), reason: `${label} ${what}: rounds ×${spread.toFixed(2)} apart; ${cause(timing)}` });
  };
  // Only the ranked figures: times may drift between rounds with the machine, which the
  // per-round speed-ups cancel (that is what rounds are for).
  if (speedups) {
    check('encodeSpeedup', speedups.encodeInterval, encode, 'encode speed-up');
    check('decodeSpeedup', speedups.decodeInterval, decode, 'decode speed-up');
  }
  return markers;
}

/** The likeliest reason rounds disagree, from what the windows recorded. */
function cause(timing: TimingStats): string {
  if (timing.gcShare !== null && timing.gcShare >= 0.25) return `${Math.round(timing.gcShare * 100)}% of its time is garbage collection, which lands unevenly`;
  if (timing.bimodal) return 'its calls are bimodal (some pay a collection, some do not)';
  return 'likely other work on the machine in some rounds';
}
