/**
 * dist/probe-child.js as the probe runner: `runProbes` in a process of its own, for the
 * extension host (see probe-runner-process.ts). It forks the probe processes (this same script,
 * without the flag) and answers over its channel: the plan and each result as events, the
 * report as the answer.
 */
import { CancelledError } from '../engine/compare';
import { processTransport } from '../engine/node-transports';
import { serve } from '../shared/channel';
import { CANCELLED_CODE, type RunnerEvents, type RunnerMethods } from './runner-protocol';
import { runProbes } from './run-probes';

export function serveAsRunner(): void {
  let running: Promise<unknown> = Promise.resolve();
  const { emit } = serve<RunnerMethods, RunnerEvents>(processTransport(), {
    'run-probes': (job, { signal }) => {
      const run = runProbes({
        codecs: job.codecs,
        probes: job.probes,
        timeoutMs: job.timeoutMs,
        memoryLimitMb: job.memoryLimitMb,
        childScript: process.argv[1]!,
        signal,
        onStart: (plan) => emit('probe-plan', plan),
        onResult: (result) => emit('probe-result', result),
      }).catch((error: unknown) => {
        if (error instanceof CancelledError) throw Object.assign(new Error(error.message), { code: CANCELLED_CODE });
        throw error;
      });
      running = run.catch(() => undefined);
      return run;
    },
  });
  // The host disconnects when it has its answer, or is gone: the channel has cancelled what
  // runs (its probe processes are killed and waited for); then this process leaves.
  process.once('disconnect', () => void running.then(() => process.exit(0)));
}
