/**
 * `sweepSample` for the extension host, run in a process of its own (dist/sweep-process.js), as
 * the probe runner is: the sweep's worker threads, and the scaled samples they build (up to a
 * gigabyte of JSON), live in that process, so the extension host's memory does not grow with
 * the sizes. Same contract as `sweepSample`: rejects with CancelledError when cancelled, with a
 * SampleInputError for a sample that cannot be swept, with an Error when the process cannot run.
 */
import { SampleInputError } from '../input/read-sample';
import { ChannelError } from '../shared/channel';
import type { SweepReport } from '../shared/sweep';
import { CancelledError } from '../shared/cancelled';
import { bundlePath } from '../processes/bundle-path';
import { superviseChild } from '../processes/supervise-child';
import type { SweepOptions } from './sweep';
import { SWEEP_RUNNER_FLAG, type SweepJob, type SweepRunnerEvents, type SweepRunnerMethods } from '../shared/sweep-process-protocol';

/** Once done or cancelled, how long the process gets to stop its workers before it is killed. */
const STOP_GRACE_MS = 5_000;

export type SweepInProcessOptions = Omit<SweepJob, 'sample'> &
  Pick<SweepOptions, 'signal' | 'onPlan' | 'onStage' | 'onResult' | 'onSize'> & {
    /** The bundled sweep process; defaults to the one beside the running bundle. */
    runnerScript?: string;
  };

export async function runSweepInProcess(sample: SweepJob['sample'], options: SweepInProcessOptions): Promise<SweepReport> {
  const { signal, onPlan, onStage, onResult, onSize, runnerScript, ...job } = options;
  if (signal?.aborted) throw new CancelledError('cancelled before start');
  const child = superviseChild<SweepRunnerMethods, SweepRunnerEvents>({
    script: runnerScript ?? bundlePath('sweep-process'),
    what: 'the sweep process',
    args: [SWEEP_RUNNER_FLAG],
    // Structured clone: unsaved editor text arrives as its bytes.
    serialization: 'advanced',
  });
  const { channel } = child;
  if (onPlan) channel.on('plan', onPlan);
  if (onStage) channel.on('stage', (event) => onStage(event.sizeIndex, event.codec, event.stage, event.progress));
  if (onResult) channel.on('result', (event) => onResult(event.sizeIndex, event.result, event.progress));
  if (onSize) channel.on('size', (event) => onSize(event.sizeIndex, event.size));
  try {
    return await channel.request('run-sweep', { sample, ...job }, { signal });
  } catch (error) {
    if (!(error instanceof ChannelError)) throw error;
    // The sample's own problems come back as the process's error: the user can act on them.
    if (error.kind === 'remote') throw new SampleInputError(error.message, sample.path);
    throw new Error(`${(await child.ended).description}, before it reported`);
  } finally {
    // It stops its workers when disconnected, then exits; past the grace it is killed.
    await child.stop(STOP_GRACE_MS);
  }
}
