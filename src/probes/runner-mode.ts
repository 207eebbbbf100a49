/**
 * dist/probe-child.js as the probe runner: `runProbes` in a process of its own, for the
 * extension host (see probe-runner-process.ts). It forks the probe processes (this same script,
 * without the flag) and relays the plan, each result and the report to the host.
 */
import { CancelledError } from '../engine/compare';
import type { RunnerCommand, RunnerJob, RunnerMessage } from './runner-protocol';
import { runProbes } from './run-probes';

function send(message: RunnerMessage): Promise<void> {
  // After a disconnect the callback gets the error: nobody is left to tell.
  return new Promise((resolve) => process.send!(message, undefined, {}, () => resolve()));
}

async function run(job: RunnerJob, signal: AbortSignal): Promise<void> {
  try {
    const report = await runProbes({
      codecs: job.codecs,
      probes: job.probes,
      timeoutMs: job.timeoutMs,
      memoryLimitMb: job.memoryLimitMb,
      childScript: process.argv[1]!,
      signal,
      onStart: (plan) => void send({ type: 'start', plan }),
      onResult: (result) => void send({ type: 'result', result }),
    });
    await send({ type: 'report', report });
  } catch (error) {
    await send({ type: 'ended', cancelled: error instanceof CancelledError, message: error instanceof Error ? error.message : String(error) });
  }
  process.exit(0);
}

export function serveAsRunner(): void {
  const controller = new AbortController();
  // Aborting kills the probe processes this runner started; then the run ends and so does this process.
  process.once('disconnect', () => controller.abort());
  process.on('message', (command: RunnerCommand) => {
    if (command.type === 'cancel') controller.abort();
    else void run(command, controller.signal);
  });
}
