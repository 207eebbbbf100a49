/**
 * The speed side of the verdict: which rows the figures can rank. A speed-up is ranked only
 * where its interval (where a re-run's median is expected) stands clear of the leader's; every
 * row whose interval overlaps the leader's is tied with it, and the best row that does not is
 * named after them, so a reader sees why a higher median is left out. Pure.
 */
import type { CompletedResult } from '../shared/results';
import { medianOf } from '../measurement/stats';
import { rerunInterval } from '../measurement/rerun-interval';

export type Interval = readonly [number, number];

export interface SpeedFigure {
  value: number;
  interval: Interval;
  /** Rounds the figure is the median of. */
  rounds: number;
}

export type SpeedOf = (row: CompletedResult) => SpeedFigure | null;

/** What the whole run says about its speed figures. */
export interface SpeedContext {
  /** Rounds of a row that carries none (older reports). */
  defaultRounds: number;
}

/** From this many rows, a tie is said as "not ranked" rather than listed: the rows outside it are named instead. */
export const ALL_TIED_FROM = 4;

const overlaps = (a: Interval, b: Interval) => a[0] <= b[1] && b[0] <= a[1];

/** Rounds that gave the row a speed-up. */
export function roundsOf(row: CompletedResult, context: SpeedContext): number {
  return row.rounds ? row.rounds.filter((round) => round.speedupVsJson !== null).length : context.defaultRounds;
}

export function operationSpeed(operation: 'encode' | 'decode', context: SpeedContext): SpeedOf {
  return (row) => {
    const speedup = row.speedupVsJson;
    if (!speedup) return null;
    return { value: speedup[operation], interval: operation === 'encode' ? speedup.encodeInterval : speedup.decodeInterval, rounds: roundsOf(row, context) };
  };
}

/**
 * Encode and decode together: in each round, the geometric mean of that round's two speed-ups
 * (√(encode × decode): a codec twice as fast at one and half as fast at the other is even), then
 * the median over rounds with the same interval as any speed-up. Rows of older reports without
 * rounds: the geometric mean of the medians, between those of the intervals' ends.
 */
export function combinedSpeed(context: SpeedContext): SpeedOf {
  return (row) => {
    const speedup = row.speedupVsJson;
    if (!speedup) return null;
    const perRound = (row.rounds ?? []).flatMap((round) => (round.speedupVsJson ? [Math.sqrt(round.speedupVsJson.encode * round.speedupVsJson.decode)] : []));
    if (perRound.length > 0) {
      const round3 = (value: number) => Number(value.toFixed(3));
      const [low, high] = rerunInterval(perRound);
      return { value: round3(medianOf(perRound)), interval: [round3(low), round3(high)], rounds: perRound.length };
    }
    return {
      value: Math.sqrt(speedup.encode * speedup.decode),
      interval: [Math.sqrt(speedup.encodeInterval[0] * speedup.decodeInterval[0]), Math.sqrt(speedup.encodeInterval[1] * speedup.decodeInterval[1])],
      rounds: roundsOf(row, context),
    };
  };
}

export interface SpeedRanking {
  leader: CompletedResult;
  /** The leader and every row whose interval overlaps it, in the rows' order (a tie names no first). */
  tied: CompletedResult[];
  /** The fastest row outside the tie. */
  next?: CompletedResult;
  /** Every measured row outside the tie, in the rows' order. */
  outside: CompletedResult[];
  /** The tie holds so many rows that listing them helps no one: the line says nothing is ranked, and names the rows outside it. */
  all: boolean;
}

export function rankSpeed(rows: readonly CompletedResult[], speed: SpeedOf): SpeedRanking | undefined {
  const measured = rows.filter((row) => speed(row) !== null);
  if (measured.length === 0) return undefined;
  const leader = measured.reduce((best, row) => (speed(row)!.value > speed(best)!.value ? row : best));
  const lead = speed(leader)!.interval;
  const tied = measured.filter((row) => row === leader || overlaps(speed(row)!.interval, lead));
  const rest = measured.filter((row) => !tied.includes(row));
  const next = rest.length > 0 ? rest.reduce((best, row) => (speed(row)!.value > speed(best)!.value ? row : best)) : undefined;
  return { leader, tied, ...(next ? { next } : {}), outside: rest, all: tied.length >= ALL_TIED_FROM };
}
