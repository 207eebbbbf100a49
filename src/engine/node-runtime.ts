/**
 * Node as a measuring runtime: every job in a fresh worker thread, or in a sandboxed child for a
 * codec that runs generated code (codec-sandbox.ts); the strict one in a forked process.
 */
import * as os from 'node:os';
import { NO_CODE_GENERATION_FLAG } from './code-generation';
import { runCodecJobIn } from './codec-process-client';
import { openFirstRound } from './first-round-session';
import { opensAtOnce, timeLaterRound } from './later-round';
import type { MeasuringRuntime } from './measuring-runtime';
import type { WorkerLimits } from './worker-launch';
import { SliceSession } from './slice-session';

export function nodeMeasuringRuntime(limits: Omit<WorkerLimits, 'onStage'>): MeasuringRuntime {
  return {
    name: 'node',
    measure: (job, onStage) => runCodecJobIn(job, { ...limits, onStage }),
    openFirstRound: (job, onStage) => openFirstRound(job, { ...limits, onStage }),
    measureWithoutCodeGeneration: (job, onStage) => runCodecJobIn(job, { ...limits, onStage }, [NO_CODE_GENERATION_FLAG]),
    unsupported: () => undefined,
    timeLaterRound: (round) => {
      // Every entry's job carries the sample's JSON size.
      const someEntry = round.baseline ?? round.codecs[0];
      return timeLaterRound({
        ...round,
        limits,
        open: (job, sessionLimits) => SliceSession.open(job, sessionLimits),
        opensAtOnce: opensAtOnce(os.availableParallelism(), someEntry ? round.jobFor(someEntry).jsonBytes : 0),
      });
    },
  };
}
