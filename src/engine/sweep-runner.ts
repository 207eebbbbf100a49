/**
 * Entry point of the sweep runner (bundled as dist/sweep-runner.js), forked by the extension
 * host (sweep-runner-process.ts): runs one sweep with its worker threads in this process and
 * streams the plan and rows back. Leaves when the host disconnects (cancelled or done).
 */
import { processTransport } from './node-transports';
import { serve } from '../shared/channel';
import { CancelledError } from './compare';
import { sweepSample } from './sweep';
import { SWEEP_CANCELLED_CODE, SWEEP_RUNNER_FLAG, type SweepRunnerEvents, type SweepRunnerMethods } from './sweep-runner-protocol';

if (typeof process.send !== 'function' || !process.argv.includes(SWEEP_RUNNER_FLAG)) {
  throw new Error('payload-lab sweep-runner: this file runs only as a child process forked by the extension');
}

let running: Promise<unknown> = Promise.resolve();
const { emit } = serve<SweepRunnerMethods, SweepRunnerEvents>(processTransport(), {
  'run-sweep': ({ sample, ...options }, { signal }) => {
    const run = sweepSample(sample, {
      ...options,
      signal,
      onPlan: (plan) => void emit('plan', plan),
      onStage: (sizeIndex, codec, stage, progress) => void emit('stage', { sizeIndex, codec, stage, progress }),
      onResult: (sizeIndex, result, progress) => void emit('result', { sizeIndex, result, progress }),
      onSize: (sizeIndex, size) => void emit('size', { sizeIndex, size }),
    }).catch((error: unknown) => {
      if (error instanceof CancelledError) throw Object.assign(new Error(error.message), { code: SWEEP_CANCELLED_CODE });
      throw error;
    });
    running = run.catch(() => undefined);
    return run;
  },
});
// The host disconnects when it has its answer, or is gone: the channel has cancelled what runs
// (its workers are stopped and waited for); then this process leaves.
process.once('disconnect', () => void running.then(() => process.exit(0)));
