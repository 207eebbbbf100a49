/**
 * Where codecs are measured: Node's worker threads (node-runtime.ts), or a browser's Web Workers
 * (the panel's, or the CLI's headless Chromium). The engine runs the same rounds on either.
 */
import type { CodecJob, CodecReport, CodecSource } from '../shared/codec-job';
import type { MeasuredRuntime, WorkStage } from '../shared/results';
import type { FirstRoundRun } from './first-round-session';
import type { LaterRound } from './later-round';
import type { WorkerFate } from './worker-launch';

/** Runs one codec job somewhere and says what became of it (never rejects). */
export type MeasureJob = (job: CodecJob, onStage: (stage: WorkStage) => void) => Promise<WorkerFate<CodecReport>>;

export interface MeasuringRuntime {
  name: MeasuredRuntime;
  measure: MeasureJob;
  /**
   * A first round in steps, so untimed work can run beside another codec's (first-round-pipeline.ts),
   * where the runtime can keep two workers open at once (Node). Absent: `measure` runs each whole.
   */
  openFirstRound?: (job: CodecJob, onStage: (stage: WorkStage) => void) => Promise<FirstRoundRun>;
  /** The same job with code generation from strings disabled. */
  measureWithoutCodeGeneration: MeasureJob;
  /** Why a codec cannot run here (no browser build), or undefined. */
  unsupported(source: CodecSource): string | undefined;
  /**
   * A later round, each codec timed in slices in turn with JSON's (later-round.ts), where the
   * runtime can keep two workers open at once (Node). Absent: each job runs alone, as in round 1.
   */
  timeLaterRound?: (round: Omit<LaterRound, 'limits' | 'opensAtOnce' | 'open'>) => Promise<void>;
  /**
   * Processes outside this one whose CPU is the runtime's measuring (a headless Chromium): how
   * busy the machine was counts them as the run's own (machine-load-monitor.ts). Node's workers
   * are threads of this process and need none. A browser runtime without it runs in processes
   * the run cannot tell from others' (VS Code's renderer): the load is then not measured.
   */
  measuringProcesses?: () => readonly number[];
}
