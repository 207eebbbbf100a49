/**
 * How long a comparison will take, estimated before it starts from the sizes-only pass: each
 * codec's job there is one worker's start, the sample read, one encode, one decode and the
 * round-trip check, and the stages it reports tell those apart. A round then repeats the
 * opening and times each operation for its budget, or for `minSamples` calls where one call
 * takes longer than the budget allows; later rounds time JSON beside each codec. Rounds stop
 * per codec from the third on, so the estimate is a range: every codec stopping as early as
 * allowed, or every one running to the most rounds.
 *
 * Times here are of single cold calls read on the host's clock: an estimate to decide on, never
 * a figure of the report.
 */
import type { MeasurementSettings, WorkStage } from '../shared/results';

/** What one codec's sizes-only job took, by stage (ms on the host's clock). */
export interface SizingTimes {
  /** From the job's start to its first encode: the worker's start, the sample read, prepare. */
  openMs: number;
  encodeMs: number;
  decodeMs: number;
  /** From the round trip's check to the job's end: verify, remnants, compressed sizes. */
  checkMs: number;
}

/** Records each codec's stages as a sizes-only pass reports them, then its times. */
export class SizingClock {
  private readonly starts = new Map<string, number>();
  private readonly stages = new Map<string, Partial<Record<WorkStage, number>>>();
  private readonly ends = new Map<string, number>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  stage(codec: string, stage: WorkStage): void {
    const time = this.now();
    if (!this.starts.has(codec)) this.starts.set(codec, time);
    const seen = this.stages.get(codec) ?? {};
    seen[stage] ??= time;
    this.stages.set(codec, seen);
  }

  sized(codec: string): void {
    this.ends.set(codec, this.now());
  }

  /** Each codec whose job ended, with its times; a codec missing a stage is left out. */
  times(): Map<string, SizingTimes> {
    const result = new Map<string, SizingTimes>();
    for (const [codec, end] of this.ends) {
      const start = this.starts.get(codec);
      const { encode, decode, verify } = this.stages.get(codec) ?? {};
      if (start === undefined || encode === undefined || decode === undefined || verify === undefined) continue;
      result.set(codec, { openMs: encode - start, encodeMs: decode - encode, decodeMs: verify - decode, checkMs: end - verify });
    }
    return result;
  }
}

/** What the estimate reads of a run's settings (measurementSettings gives them). */
export type EstimatePlan = Pick<MeasurementSettings, 'adaptiveRounds' | 'timeBudgetMs' | 'minSamples'> & { rounds: number };

export interface RunEstimate {
  /** Every codec stopping as early as its rounds allow. */
  lowMs: number;
  /** Every codec running the most rounds. */
  highMs: number;
  /** Codecs the estimate has times for. */
  codecs: number;
}

/** Compression's windows beside each codec's own timing: about a share of its budget. */
const COMPRESSION_SHARE = 0.5;

/** Estimated time of a comparison of these codecs (JSON's times among them, under 'json'). */
export function estimateRun(times: ReadonlyMap<string, SizingTimes>, plan: EstimatePlan): RunEstimate | undefined {
  const json = times.get('json');
  if (!json || times.size === 0) return undefined;
  const operation = (callMs: number) => callMs + Math.max(plan.timeBudgetMs / 2, plan.minSamples * callMs);
  const timing = (codec: SizingTimes) => operation(codec.encodeMs) + operation(codec.decodeMs) + plan.timeBudgetMs * COMPRESSION_SHARE;
  const opening = (codec: SizingTimes) => codec.openMs + codec.encodeMs + codec.decodeMs;
  const jsonBeside = opening(json) + timing(json);
  let first = 0;
  let later = 0;
  for (const [codec, figures] of times) {
    first += opening(figures) + figures.checkMs + timing(figures);
    if (codec !== 'json') later += opening(figures) + timing(figures) + jsonBeside;
  }
  const laterRounds = (rounds: number) => Math.max(0, rounds - 1) * later;
  const lowRounds = plan.adaptiveRounds ? Math.min(plan.rounds, plan.adaptiveRounds.minRounds) : plan.rounds;
  return { lowMs: first + laterRounds(lowRounds), highMs: first + laterRounds(plan.rounds), codecs: times.size };
}
