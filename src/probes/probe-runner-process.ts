/**
 * `runProbes` for the extension host, run in a process of its own: dist/probe-child.js started
 * as the runner (runner-mode.ts), which forks the probe processes. The host then holds neither
 * the runner, the probe catalog nor their bookkeeping (its bundle stays small, activation
 * fast), only this relay. Same contract as `runProbes`: rejects with CancelledError when
 * cancelled, with an Error when the runner cannot run; never for what a library does.
 */
import { fork } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CancelledError } from '../engine/compare';
import { childProcessTransport } from '../engine/node-transports';
import { followChild } from '../engine/forked-child';
import { ChannelClient, ChannelError, type Gone } from '../shared/channel';
import type { ProbeReport } from '../shared/probes';
import type { ProbeOptions } from './run-probes';
import { CANCELLED_CODE, RUNNER_FLAG, type RunnerEvents, type RunnerMethods } from './runner-protocol';

export type RunnerOptions = Pick<ProbeOptions, 'codecs' | 'probes' | 'timeoutMs' | 'memoryLimitMb' | 'signal' | 'onStart' | 'onResult'> & {
  /** The bundled probe script; defaults to `probe-child.js` beside the running bundle. */
  childScript?: string;
};

/** Once done or cancelled, how long the runner gets to stop its probe processes before it is killed. */
const STOP_GRACE_MS = 5_000;
const STDERR_TAIL_BYTES = 2_048;

/** Settles once the runner process has ended (and so have the probe processes it waited for). */
export async function runProbesInProcess(options: RunnerOptions): Promise<ProbeReport> {
  const script = options.childScript ?? path.join(__dirname, 'probe-child.js');
  if (!fs.existsSync(script)) throw new Error(`${script} is missing: build the bundles first (npm run build)`);
  if (options.signal?.aborted) throw new CancelledError('cancelled before start');

  const runner = fork(script, [RUNNER_FLAG], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'json' });
  const { ended, stderrTail } = followChild(runner, STDERR_TAIL_BYTES);
  const channel = new ChannelClient<RunnerMethods, RunnerEvents>(childProcessTransport(runner));
  if (options.onStart) channel.on('probe-plan', options.onStart);
  if (options.onResult) channel.on('probe-result', options.onResult);
  try {
    return await channel.request(
      'run-probes',
      { codecs: options.codecs?.slice(), probes: options.probes?.slice(), timeoutMs: options.timeoutMs, memoryLimitMb: options.memoryLimitMb },
      { signal: options.signal },
    );
  } catch (error) {
    throw runnerError(error, channel.gone, stderrTail());
  } finally {
    // The runner stops its probe processes when disconnected, then exits; past the grace it is killed.
    if (runner.connected) runner.disconnect();
    const kill = setTimeout(() => channel.close('did not stop in time'), STOP_GRACE_MS);
    await ended;
    clearTimeout(kill);
  }
}

function runnerError(error: unknown, gone: Gone | undefined, stderr: string): Error {
  if (!(error instanceof ChannelError)) return error instanceof Error ? error : new Error(String(error));
  if (error.kind === 'cancelled' || error.code === CANCELLED_CODE) return new CancelledError(error.message);
  if (error.kind === 'remote') return new Error(error.message);
  const words = stderr.trim().split('\n').pop();
  const how = gone?.reason === 'exited' ? `exited with ${gone.detail}` : gone?.reason === 'crashed' ? `could not run: ${gone.detail}` : error.message;
  return new Error(`the probe runner ${how} before it reported${words ? `: ${words}` : ''}`);
}
