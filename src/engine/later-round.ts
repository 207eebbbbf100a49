/**
 * A later round (timing only): one fresh JSON worker for the round and one fresh worker per
 * codec, each codec timed in slices alternating with JSON's (alternate-slices.ts). Workers open
 * in groups side by side (`opensAtOnce`: start, read the sample, prepare), but warm-ups and
 * timing run alone: while a codec warms up or is timed, the round's other workers are idle
 * (opened and waiting their turn, or timed and waiting to exit beside the next group's opens).
 * The codec's speed-up in this round compares it with JSON's slices taken beside its own;
 * JSON's row gets all of its slices. After its slices each worker times compression of its
 * encoded bytes (JSON's once, at the round's end), so compression times have rounds too (not in
 * a quick run). A worker that fails leaves a note on its row, and the run goes on.
 */
import type { CodecResult, StageError, WorkStage, CompressionTiming } from '../shared/results';
import { compressionWindows, timesCompression } from '../compression/compression-windows';
import { CancelledError, throwIfCancelled } from '../shared/cancelled';
import { SideFailure, timeAlternately, type SideWindows, type SlicePlan } from './alternate-slices';
import type { RoundTimings } from './rounds';
import { SliceSessionError, type OpenTimingSession, type TimingSession } from './slice-session';
import type { WorkerLimits } from './worker-launch';
import type { CodecSource, TimedWindow, CodecJob } from '../shared/codec-job';
import type { RoundFailure } from '../shared/results';
import { mergeWindows, summarize } from '../measurement/timing-windows';

export interface RoundEntry {
  source: CodecSource;
  shown: boolean;
  id: string;
  /** The first round's row: sizes, round trip, remnants, or why the codec stopped. */
  first?: CodecResult;
  timings: RoundTimings[];
  /** Later rounds that did not complete, for the row. */
  roundFailures: RoundFailure[];
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
  /** Codec workers opened side by side (see `opensAtOnce`); 1: each opens alone. */
  opensAtOnce: number;
  /** Opens one codec for the round's slices, where the runtime runs it. */
  open: OpenTimingSession;
}

/**
 * Past this much JSON, a round opens one worker at a time. Side by side, up to five workers
 * hold the sample, its encoding and a decoded copy at once (two opening, two exiting, JSON's);
 * a sweep's largest sizes would multiply that, and there the windows, not the opens, are the time.
 */
const SIDE_BY_SIDE_MAX_JSON_BYTES = 16 * 1024 * 1024;

/**
 * How many codec workers a later round opens at once (JSON's opens beside the first). Opening
 * (start the worker, read the sample, prepare, encode and decode once) is untimed and leaves
 * nothing running, so with two cores two workers open side by side; each then waits idle for
 * its turn to warm up and be timed alone, as JSON's worker waits between its slices. The
 * warm-up is not part of the opening: warmed side by side, codecs' encode speed-ups came out
 * about a tenth lower (README, "Where a default run's time goes"). Not more than two: each
 * opened worker holds its copy of the sample until the group after it opens.
 */
export function opensAtOnce(cores: number, jsonBytes: number): number {
  return cores >= 2 && jsonBytes <= SIDE_BY_SIDE_MAX_JSON_BYTES ? 2 : 1;
}

const timingsOf = (round: number, windows: SideWindows, jsonBytes: number) => ({
  round,
  encode: summarize(mergeWindows(windows.encode), jsonBytes),
  decode: summarize(mergeWindows(windows.decode), jsonBytes),
});

export async function timeLaterRound(later: LaterRound): Promise<void> {
  const { round, rounds, baseline } = later;
  const jsonBytes = (entry: RoundEntry) => later.jobFor(entry).jsonBytes;
  const open = (entry: RoundEntry) => later.open(later.jobFor(entry), { ...later.limits, onStage: (stage) => later.onStage?.(entry.id, stage) });
  const fail = (entry: RoundEntry, error: StageError) => {
    throwIfCancelled(error);
    entry.roundFailures.push({ code: 'round-failed', round, rounds, error });
  };

  /** This round's compression times of a side's bytes; a quick run has none, a failure leaves a note. */
  const compressionOf = async (session: TimingSession, entry: RoundEntry): Promise<{ compressionTiming?: CompressionTiming }> => {
    const job = later.jobFor(entry);
    if (!timesCompression(job) || !session.timesCompression) return {};
    try {
      return { compressionTiming: await session.compression(compressionWindows(job.measurement.operationBudgetMs)) };
    } catch (error) {
      if (!(error instanceof SliceSessionError)) throw error;
      throwIfCancelled(error.error);
      entry.roundFailures.push({ code: 'compression-not-timed', round, rounds, error: error.error });
      return {};
    }
  };

  // Every worker of the round still running: whatever ends the round (cancel, a failure) closes them.
  const live = new Set<TimingSession>();
  const closeAll = (sessions: readonly TimingSession[]) =>
    Promise.all(
      sessions.map(async (session) => {
        await session.close();
        live.delete(session);
      }),
    );
  /** Opens a group side by side (nothing is timed meanwhile), while the last group's workers close. */
  const openGroup = async (entries: readonly RoundEntry[], closing: readonly TimingSession[]): Promise<Array<TimingSession | undefined>> => {
    const [settled] = await Promise.all([Promise.allSettled(entries.map(open)), closeAll(closing)]);
    for (const result of settled) if (result.status === 'fulfilled') live.add(result.value);
    return settled.map((result, index) => {
      if (result.status === 'fulfilled') return result.value;
      if (!(result.reason instanceof SliceSessionError)) throw result.reason;
      fail(entries[index]!, result.reason.error);
      return undefined;
    });
  };

  let json: TimingSession | undefined;
  /** JSON's worker failed: a note on its row, and the round's codecs left are timed alone. */
  const dropJson = async (error: StageError) => {
    if (baseline) fail(baseline, error);
    if (json) await closeAll([json]);
    json = undefined;
  };
  /** Warm-ups run alone, right before the timing they prepare: JSON's before its first pairing. */
  const warmJson = async () => {
    if (!json || json.warmed) return;
    try {
      await json.warm();
    } catch (error) {
      if (!(error instanceof SliceSessionError)) throw error;
      await dropJson(error.error);
    }
  };
  const jsonWindows: Record<'encode' | 'decode', TimedWindow[]> = { encode: [], decode: [] };
  const codecs = later.codecs;
  try {
    // Timed, idle, closed beside the next group's opens.
    let timed: TimingSession[] = [];
    let next = 0;
    for (let first = true; first || next < codecs.length; first = false) {
      if (later.limits.signal?.aborted) throw new CancelledError('cancelled');
      // JSON's worker (no library to load or prepare: the lightest open) opens beside the first
      // group; with no codec to pair (a run of JSON alone), it is timed alone.
      const withJson = first && baseline !== undefined;
      const group = codecs.slice(next, next + later.opensAtOnce);
      next += group.length;
      const sessions = await openGroup(withJson ? [baseline, ...group] : group, timed);
      timed = [];
      if (withJson) json = sessions.shift();
      for (const [index, entry] of group.entries()) {
        const codec = sessions[index];
        if (!codec) continue;
        if (later.limits.signal?.aborted) throw new CancelledError('cancelled');
        timed.push(codec);
        await warmJson();
        try {
          await codec.warm();
        } catch (error) {
          if (!(error instanceof SliceSessionError)) throw error;
          fail(entry, error.error);
          continue;
        }
        // JSON's worker ending mid-pairing leaves the codec's own worker as it was: it is timed
        // again, alone, so its round still counts (without a speed-up) rather than vanish.
        for (let again = true; again;) {
          again = false;
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
            if (error.side === 1 && json) {
              await dropJson(error.failure.error);
              again = true;
            } else fail(entry, error.failure.error);
          }
        }
      }
    }
    if (codecs.length === 0) await warmJson();
    if (json && codecs.length === 0) {
      const [alone] = await timeAlternately([json], later.plan);
      jsonWindows.encode.push(...alone!.encode);
      jsonWindows.decode.push(...alone!.decode);
    }
    // JSON's compression is timed alone too: the last group's workers exit first.
    await closeAll(timed);
    if (json && baseline && jsonWindows.encode.length > 0)
      baseline.timings.push({ ...timingsOf(round, jsonWindows, jsonBytes(baseline)), ...(await compressionOf(json, baseline)) });
  } catch (error) {
    if (error instanceof SideFailure && baseline) fail(baseline, error.failure.error);
    else throw error;
  } finally {
    await closeAll([...live]);
  }
}
