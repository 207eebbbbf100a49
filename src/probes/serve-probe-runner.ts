/**
 * dist/probe-process.js as the probe runner: `runProbes` in a process of its own, for the
 * extension host (see probe-runner-client.ts). It forks the probe processes (this same script,
 * without the flag) and answers over its channel: the plan and each result as events, the
 * report as the answer. It leaves once its probe processes have been stopped.
 */
import { serveAsChild } from '../processes/serve-as-child';
import { RUNNER_FLAG, type RunnerEvents, type RunnerMethods } from '../shared/probe-runner-protocol';
import { runProbes } from './run-probes';

export function serveAsRunner(): void {
  serveAsChild<RunnerMethods, RunnerEvents>({
    what: 'the probe runner',
    flag: RUNNER_FLAG,
    leave: 'after-work',
    handlers: (emit) => ({
      'run-probes': (job, { signal }) =>
        runProbes({
          codecs: job.codecs,
          probes: job.probes,
          timeoutMs: job.timeoutMs,
          memoryLimitMb: job.memoryLimitMb,
          childScript: process.argv[1]!,
          signal,
          onStart: (plan) => void emit('probe-plan', plan),
          onResult: (result) => void emit('probe-result', result),
        }),
    }),
  });
}
