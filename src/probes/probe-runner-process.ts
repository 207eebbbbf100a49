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
import type { ProbeReport } from '../shared/probes';
import type { ProbeOptions } from './run-probes';
import { RUNNER_FLAG, type RunnerCommand, type RunnerMessage } from './runner-protocol';

export type RunnerOptions = Pick<ProbeOptions, 'codecs' | 'probes' | 'timeoutMs' | 'memoryLimitMb' | 'signal' | 'onStart' | 'onResult'> & {
  /** The bundled probe script; defaults to `probe-child.js` beside the running bundle. */
  childScript?: string;
};

/** After Cancel, how long the runner gets to stop its probe processes before it is killed. */
const CANCEL_GRACE_MS = 5_000;
const STDERR_TAIL_BYTES = 2_048;

export function runProbesInProcess(options: RunnerOptions): Promise<ProbeReport> {
  const script = options.childScript ?? path.join(__dirname, 'probe-child.js');
  if (!fs.existsSync(script)) return Promise.reject(new Error(`${script} is missing: build the bundles first (npm run build)`));
  if (options.signal?.aborted) return Promise.reject(new CancelledError('cancelled before start'));

  return new Promise((resolve, reject) => {
    const runner = fork(script, [RUNNER_FLAG], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'json' });
    let stderr = '';
    let killTimer: ReturnType<typeof setTimeout> | undefined;
    let settled = false;
    const settle = (outcome: { report: ProbeReport } | { error: Error }) => {
      if (settled) return;
      settled = true;
      clearTimeout(killTimer);
      options.signal?.removeEventListener('abort', onAbort);
      if ('report' in outcome) resolve(outcome.report);
      else reject(outcome.error);
    };
    const command = (message: RunnerCommand) => {
      if (runner.connected) runner.send(message, (error) => error && runner.kill('SIGKILL'));
    };
    const onAbort = () => {
      command({ type: 'cancel' });
      killTimer = setTimeout(() => runner.kill('SIGKILL'), CANCEL_GRACE_MS);
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });

    runner.stderr?.setEncoding('utf8');
    runner.stderr?.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL_BYTES);
    });
    runner.on('message', (message: RunnerMessage) => {
      switch (message.type) {
        case 'start':
          return options.onStart?.(message.plan);
        case 'result':
          return options.onResult?.(message.result);
        case 'report':
          return settle({ report: message.report });
        case 'ended':
          return settle({ error: message.cancelled ? new CancelledError(message.message) : new Error(message.message) });
      }
    });
    runner.on('error', (error) => {
      if (runner.pid === undefined) settle({ error: new Error(`could not start the probe runner: ${error.message}`) });
    });
    runner.on('close', (code, signal) => {
      if (options.signal?.aborted) return settle({ error: new CancelledError('cancelled') });
      const how = signal === null ? `exited with code ${code}` : `was killed by ${signal}`;
      const words = stderr.trim().split('\n').pop();
      settle({ error: new Error(`the probe runner ${how} before it reported${words ? `: ${words}` : ''}`) });
    });
    command({ type: 'run', codecs: options.codecs?.slice(), probes: options.probes?.slice(), timeoutMs: options.timeoutMs, memoryLimitMb: options.memoryLimitMb });
  });
}
