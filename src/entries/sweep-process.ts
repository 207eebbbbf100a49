/**
 * Entry point of the sweep process (bundled as dist/sweep-process.js; started by
 * engine/sweep-process-client.ts): runs one sweep with its worker threads in this process and
 * streams the plan and rows back. Leaves when the host disconnects (cancelled or done), once
 * its workers have stopped.
 */
import { sweepSample } from '../engine/sweep';
import { serveAsChild } from '../processes/serve-as-child';
import { SWEEP_RUNNER_FLAG, type SweepRunnerEvents, type SweepRunnerMethods } from '../shared/sweep-process-protocol';

serveAsChild<SweepRunnerMethods, SweepRunnerEvents>({
  what: 'the sweep process',
  flag: SWEEP_RUNNER_FLAG,
  leave: 'after-work',
  handlers: (emit) => ({
    'run-sweep': ({ sample, ...options }, { signal }) =>
      sweepSample(sample, {
        ...options,
        signal,
        onPlan: (plan) => void emit('plan', plan),
        onStage: (sizeIndex, codec, stage, progress) => void emit('stage', { sizeIndex, codec, stage, progress }),
        onResult: (sizeIndex, result, progress) => void emit('result', { sizeIndex, result, progress }),
        onSize: (sizeIndex, size) => void emit('size', { sizeIndex, size }),
      }),
  }),
});
