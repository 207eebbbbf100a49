/**
 * The conversation between the extension host and the sweep runner (dist/sweep-runner.js): the
 * host asks for one sweep and hears the plan and each row as events; the report is the answer.
 * The runner's process holds the sweep's worker threads, so the scaled samples they build never
 * count against the extension host's memory.
 */
import type { CodecResult, SampleInfo, WorkStage, RoundProgress } from './results';
import type { SweepReport, SweepSize } from './sweep';
import type { SampleGrowth, SampleKind } from './codec-job';

export const SWEEP_RUNNER_FLAG = '--payload-lab-sweep-runner';

export interface SweepJob {
  sample: { path: string; bytes?: Uint8Array; kind?: SampleKind };
  codecs?: string[];
  quick?: boolean;
  rounds?: number;
  timeBudgetMs?: number;
  minSamples?: number;
  maxJsonBytes?: number;
  stepFactor?: number;
  sizes?: number[];
  /** Past the sample's own size (default fresh). */
  growth?: SampleGrowth;
  memoryLimitMb?: number;
  timeoutMs?: number;
}

export interface SweepRunnerMethods {
  'run-sweep': { params: SweepJob; result: SweepReport };
}

export interface SweepRunnerEvents {
  plan: SampleInfo[];
  stage: { sizeIndex: number; codec: string; stage: WorkStage; progress: RoundProgress };
  result: { sizeIndex: number; result: CodecResult; progress: RoundProgress };
  size: { sizeIndex: number; size: SweepSize };
}
