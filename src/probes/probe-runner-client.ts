/**
 * `runProbes` for the extension host, run in a process of its own: dist/probe-process.js started
 * as the runner (serve-probe-runner.ts), which forks the probe processes. The host then holds
 * neither the runner, the probe catalog nor their bookkeeping (its bundle stays small, activation
 * fast), only this relay. Same contract as `runProbes`: rejects with CancelledError when
 * cancelled, with an Error when the runner cannot run; never for what a library does.
 */
import { CancelledError } from '../shared/cancelled';
import { bundlePath } from '../processes/bundle-path';
import { superviseChild } from '../processes/supervise-child';
import { ChannelError } from '../shared/channel';
import type { ProbeReport } from '../shared/probes';
import type { ProbeOptions } from './run-probes';
import { RUNNER_FLAG, type RunnerEvents, type RunnerMethods } from '../shared/probe-runner-protocol';

export type RunnerOptions = Pick<ProbeOptions, 'codecs' | 'probes' | 'timeoutMs' | 'memoryLimitMb' | 'signal' | 'onStart' | 'onResult'> & {
  /** The bundled probe script; defaults to the one beside the running bundle. */
  childScript?: string;
};

/** Once done or cancelled, how long the runner gets to stop its probe processes before it is killed. */
const STOP_GRACE_MS = 5_000;

/** Settles once the runner process has ended (and so have the probe processes it waited for). */
export async function runProbesInProcess(options: RunnerOptions): Promise<ProbeReport> {
  if (options.signal?.aborted) throw new CancelledError('cancelled before start');
  const runner = superviseChild<RunnerMethods, RunnerEvents>({
    script: options.childScript ?? bundlePath('probe-process'),
    what: 'the probe runner',
    args: [RUNNER_FLAG],
  });
  if (options.onStart) runner.channel.on('probe-plan', options.onStart);
  if (options.onResult) runner.channel.on('probe-result', options.onResult);
  try {
    return await runner.channel.request(
      'run-probes',
      { codecs: options.codecs?.slice(), probes: options.probes?.slice(), timeoutMs: options.timeoutMs, memoryLimitMb: options.memoryLimitMb },
      { signal: options.signal },
    );
  } catch (error) {
    if (!(error instanceof ChannelError)) throw error;
    if (error.kind === 'remote') throw new Error(error.message);
    throw new Error(`${(await runner.ended).description}, before it reported`);
  } finally {
    await runner.stop(STOP_GRACE_MS);
  }
}
