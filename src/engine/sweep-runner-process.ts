/**
 * `sweepSample` for the extension host, run in a process of its own (dist/sweep-runner.js), as
 * the probe runner is: the sweep's worker threads, and the scaled samples they build (up to a
 * gigabyte of JSON), live in that process, so the extension host's memory does not grow with
 * the sizes. Same contract as `sweepSample`: rejects with CancelledError when cancelled, with a
 * SampleInputError for a sample that cannot be swept, with an Error when the runner cannot run.
 */
import { fork } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SampleInputError } from '../input/read-sample';
import { ChannelClient, ChannelError } from '../shared/channel';
import type { SweepReport } from '../shared/sweep';
import { CancelledError } from './compare';
import { followChild } from './forked-child';
import { childProcessTransport } from './node-transports';
import type { SweepOptions } from './sweep';
import { SWEEP_CANCELLED_CODE, SWEEP_RUNNER_FLAG, type SweepJob, type SweepRunnerEvents, type SweepRunnerMethods } from './sweep-runner-protocol';

const STOP_GRACE_MS = 5_000;
const STDERR_TAIL_BYTES = 2_048;

export type SweepInProcessOptions = Omit<SweepJob, 'sample'> & Pick<SweepOptions, 'signal' | 'onPlan' | 'onStage' | 'onResult' | 'onSize'> & {
  /** The bundled runner; defaults to `sweep-runner.js` beside the running bundle. */
  runnerScript?: string;
};

export async function runSweepInProcess(sample: SweepJob['sample'], options: SweepInProcessOptions): Promise<SweepReport> {
  const { signal, onPlan, onStage, onResult, onSize, runnerScript, ...job } = options;
  const script = runnerScript ?? path.join(__dirname, 'sweep-runner.js');
  if (!fs.existsSync(script)) throw new Error(`${script} is missing: build the bundles first (npm run build)`);
  if (signal?.aborted) throw new CancelledError('cancelled before start');
  // Structured clone: unsaved editor text arrives as its bytes.
  const runner = fork(script, [SWEEP_RUNNER_FLAG], { execArgv: [], stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'advanced' });
  const { ended, stderrTail } = followChild(runner, STDERR_TAIL_BYTES);
  const channel = new ChannelClient<SweepRunnerMethods, SweepRunnerEvents>(childProcessTransport(runner));
  if (onPlan) channel.on('plan', onPlan);
  if (onStage) channel.on('stage', (event) => onStage(event.sizeIndex, event.codec, event.stage, event.progress));
  if (onResult) channel.on('result', (event) => onResult(event.sizeIndex, event.result, event.progress));
  if (onSize) channel.on('size', (event) => onSize(event.sizeIndex, event.size));
  try {
    return await channel.request('run-sweep', { sample, ...job }, { signal });
  } catch (error) {
    if (!(error instanceof ChannelError)) throw error;
    if (error.kind === 'cancelled' || error.code === SWEEP_CANCELLED_CODE) throw new CancelledError(error.message);
    // The sample's own problems come back as the runner's error: the user can act on them.
    if (error.kind === 'remote') throw new SampleInputError(error.message, sample.path);
    const words = stderrTail().trim().split('\n').pop();
    throw new Error(`the sweep runner ${channel.gone ? `exited (${channel.gone.detail})` : error.message} before it reported${words ? `: ${words}` : ''}`);
  } finally {
    if (runner.connected) runner.disconnect();
    const kill = setTimeout(() => channel.close('did not stop in time'), STOP_GRACE_MS);
    await ended;
    clearTimeout(kill);
  }
}
