/**
 * A row's compression times over its rounds, combined like its codec times (engine/rounds.ts):
 * each figure is the median over the rounds of each round's amortised time per call, and its
 * interval the lowest and highest round. Pure (no Node): the host runs it.
 */
import type { CompressionTime, CompressionTiming } from '../shared/results';
import { medianOf } from '../measurement/stats';

const span = (values: readonly number[]): [number, number] => [Math.min(...values), Math.max(...values)];

function combineTimes(times: readonly CompressionTime[]): CompressionTime {
  const compress = times.map((time) => time.compressNs);
  const decompress = times.map((time) => time.decompressNs);
  return { compressNs: medianOf(compress), decompressNs: medianOf(decompress), compressInterval: span(compress), decompressInterval: span(decompress) };
}

/** Undefined when no round timed compression (a quick run, a browser's rows). */
export function combineCompressionRounds(rounds: readonly CompressionTiming[]): CompressionTiming | undefined {
  const last = rounds[rounds.length - 1];
  if (!last) return undefined;
  const zstd = rounds.flatMap((round) => (round.zstd ? [round.zstd] : []));
  // zstd is measured in every round or in none: the same build loads in every worker of a run.
  const { zstdNotMeasured, ...rest } = last;
  return {
    ...rest,
    rounds: rounds.length,
    gzip: combineTimes(rounds.map((round) => round.gzip)),
    brotli: combineTimes(rounds.map((round) => round.brotli)),
    zstd: zstd.length > 0 ? combineTimes(zstd) : null,
    ...(zstd.length === 0 && zstdNotMeasured !== undefined ? { zstdNotMeasured } : {}),
  };
}
