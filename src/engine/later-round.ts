/**
 * A later round (timing only): one fresh JSON worker for the round and one fresh worker per
 * codec, each codec timed in slices alternating with JSON's (alternate-slices.ts). The codec's
 * speed-up in this round compares it with JSON's slices taken beside its own; JSON's row gets
 * all of its slices. After its slices each worker times compression of its encoded bytes
 * (JSON's once, at the round's end), so compression times have rounds too (not in a quick run).
 * A worker that fails leaves a note on its row, and the run goes on.
 */
import type { CodecResult, StageError, WorkStage, CompressionTiming } from '../shared/results';
import { compressionWindows, timesCompression } from '../compression/compression-windows';
import { CancelledError } from './cancelled';
import { SideFailure, timeAlternately, type SideWindows, type SlicePlan } from './alternate-slices';
import type { RoundTimings } from './rounds';
import { SliceSession, SliceSessionError } from './slice-session';
import type { WorkerLimits } from './worker-launch';
import type { CodecSource, TimedWindow, CodecJob } from '../shared/codec-job';
import { mergeWindows, summarize } from '../measurement/timing-windows';

export interface RoundEntry {
  source: CodecSource;
  shown: boolean;
  id: string;
  /** The first round's row: sizes, round trip, remnants, or why the codec stopped. */
  first?: CodecResult;
  timings: RoundTimings[];
  /** Later rounds that did not complete, as notes for the row. */
  roundFailures: string[];
  /** The schema the codec inferred in the first round, handed to its later rounds. */
  inferred?: unknown;
}

export interface LaterRound {
  /** 1-based. */
  round: number;
  rounds: number;
  /** Absent when JSON's first round did not complete: codecs are then timed alone. */
  baseline: RoundEntry | undefined;
  /** In this round's order. */
  codecs: readonly RoundEntry[];
  jobFor(entry: RoundEntry): CodecJob;
  limits: Omit<WorkerLimits, 'onStage'>;
  onStage?(id: string, stage: WorkStage): void;
  plan: SlicePlan;
}

const timingsOf = (round: number, windows: SideWindows, jsonBytes: number) => ({
  round,
  encode: summarize(mergeWindows(windows.encode), jsonBytes),
  decode: summarize(mergeWindows(windows.decode), jsonBytes),
});

export async function timeLaterRound(later: LaterRound): Promise<void> {
  const { round, rounds, baseline } = later;
  const jsonBytes = (entry: RoundEntry) => later.jobFor(entry).jsonBytes;
  const open = (entry: RoundEntry) => SliceSession.open(later.jobFor(entry), { ...later.limits, onStage: (stage) => later.onStage?.(entry.id, stage) });
  const fail = (entry: RoundEntry, error: StageError) => {
    if (error.stage === 'cancelled') throw new CancelledError(error.message);
    entry.roundFailures.push(`round ${round} of ${rounds} ${error.stage === 'timeout' || error.stage === 'memory' || error.stage === 'crash' ? 'stopped' : 'failed'} at ${error.stage}: ${error.message}; its figures are left out`);
  };

  /** This round's compression times of a side's bytes; a quick run has none, a failure leaves a note. */
  const compressionOf = async (session: SliceSession, entry: RoundEntry): Promise<{ compressionTiming?: CompressionTiming }> => {
    const job = later.jobFor(entry);
    if (!timesCompression(job)) return {};
    try {
      return { compressionTiming: await session.compression(compressionWindows(job.measurement.operationBudgetMs)) };
    } catch (error) {
      if (!(error instanceof SliceSessionError)) throw error;
      if (error.error.stage === 'cancelled') throw new CancelledError(error.error.message);
      entry.roundFailures.push(`round ${round} of ${rounds}: compression not timed (${error.error.stage}: ${error.error.message})`);
      return {};
    }
  };

  let json: SliceSession | undefined;
  if (baseline) {
    try {
      json = await open(baseline);
    } catch (error) {
      if (!(error instanceof SliceSessionError)) throw error;
      fail(baseline, error.error);
    }
  }
  const jsonWindows: Record<'encode' | 'decode', TimedWindow[]> = { encode: [], decode: [] };
  try {
    // With no codec to pair (a run of JSON alone), JSON is timed alone, in the same slices.
    for (const entry of later.codecs.length > 0 ? later.codecs : []) {
      if (later.limits.signal?.aborted) throw new CancelledError('cancelled');
      let codec: SliceSession;
      try {
        codec = await open(entry);
      } catch (error) {
        if (!(error instanceof SliceSessionError)) throw error;
        fail(entry, error.error);
        continue;
      }
      try {
        const [codecWindows, jsonSide] = await timeAlternately(json ? [codec, json] : [codec], later.plan);
        const timings: RoundTimings = { ...timingsOf(round, codecWindows!, jsonBytes(entry)), ...(await compressionOf(codec, entry)) };
        if (jsonSide) {
          const paired = timingsOf(round, jsonSide, jsonBytes(entry));
          timings.pairedJson = { encodeMeanNs: paired.encode.meanNs, decodeMeanNs: paired.decode.meanNs };
          jsonWindows.encode.push(...jsonSide.encode);
          jsonWindows.decode.push(...jsonSide.decode);
        }
        entry.timings.push(timings);
      } catch (error) {
        if (!(error instanceof SideFailure)) throw error;
        if (error.side === 1 && json && baseline) {
          // JSON's worker failed: the codecs left in this round are timed alone.
          fail(baseline, error.failure.error);
          await json.close();
          json = undefined;
        } else {
          fail(entry, error.failure.error);
        }
      } finally {
        await codec.close();
      }
    }
    if (json && baseline && later.codecs.length === 0) {
      const [alone] = await timeAlternately([json], later.plan);
      jsonWindows.encode.push(...alone!.encode);
      jsonWindows.decode.push(...alone!.decode);
    }
    if (json && baseline && jsonWindows.encode.length > 0) baseline.timings.push({ ...timingsOf(round, jsonWindows, jsonBytes(baseline)), ...(await compressionOf(json, baseline)) });
  } catch (error) {
    if (error instanceof SideFailure && baseline) fail(baseline, error.failure.error);
    else throw error;
  } finally {
    await json?.close();
  }
}
