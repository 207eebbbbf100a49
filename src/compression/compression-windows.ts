/**
 * How long compression is timed, per round and codec (see compression-timing.ts): the windows
 * are short, a share of a codec operation's, because six of them (gzip, brotli and zstd, both
 * ways) follow every codec's timing in every round, and a default run must not grow much for
 * them. Pure: the runtime-neutral codec run and the host import it.
 */
import type { CompressedSizes, CompressionTiming } from '../shared/results';
import type { CodecJob } from '../shared/codec-job';
import type { CompressionWindows } from '../shared/worker-protocol';

/**
 * Each compression window's share of a codec operation's window (250 ms by default: 7.8 ms).
 * At 1/16, a default run of the bundled tuples took about a fifth longer (six windows and
 * their warm-ups beside each codec's two windows of 250 ms, in every round).
 */
export const COMPRESSION_BUDGET_SHARE = 1 / 32;
const MIN_BUDGET_MS = 2;
/** Two samples at least: a lone call of a big payload would be one draw of the machine's noise. */
const MIN_SAMPLES = 2;

/** The windows for a codec whose encode and decode each get `operationBudgetMs`. */
export function compressionWindows(operationBudgetMs: number): CompressionWindows {
  return { budgetMs: Math.max(MIN_BUDGET_MS, operationBudgetMs * COMPRESSION_BUDGET_SHARE), minSamples: MIN_SAMPLES };
}

/**
 * Whether a job's rounds time compression: not in a quick run (its first look leaves out what
 * only refines the picture), nor at a size sweep's sizes (the sweep shows compressed sizes, not
 * compression times, and its largest sizes would pay seconds per codec and round for them). A
 * representative part of a large sample is timed as the whole would be.
 */
export function timesCompression(job: Pick<CodecJob, 'measurement' | 'scale' | 'messages'>): boolean {
  // Message mode compresses messages one by one, in its own figures (src/worker/messages).
  const sweepSize = job.scale !== undefined && job.scale.pick !== 'spread';
  return !job.measurement.firstLook && !sweepSize && job.messages === undefined;
}

/** One round's sizes (from the timed calls) and times. */
export interface TimedCompression {
  sizes: CompressedSizes;
  timing: CompressionTiming;
}
