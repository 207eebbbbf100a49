/**
 * A codec job in a forked Node process rather than a worker thread, for what a worker cannot
 * be given: `--disallow-code-generation-from-strings` is a V8 flag, and Node refuses it in a
 * Worker's `execArgv` (ERR_WORKER_INVALID_EXEC_ARGV). The process runs the same worker script
 * (codec-process-entry.ts, bundled as dist/codec-process.js beside worker.js) and settles like
 * `runInWorker`: always with a fate, never a rejection.
 */
import { fork } from 'node:child_process';
import { ChannelClient } from '../shared/channel';
import type { WorkStage } from '../shared/results';
import { childProcessTransport } from './node-transports';
import * as path from 'node:path';
import { workerFailure, type WorkerFate, type WorkerLimits } from './worker-runner';
import type { CodecJob, CodecReport, WorkerEvents, WorkerMethods } from './worker-protocol';

/** The process script: `codec-process.js` beside the worker script. */
export const codecProcessScript = (workerScript: string) => path.join(path.dirname(workerScript), 'codec-process.js');

export async function runCodecInProcess(job: CodecJob, limits: WorkerLimits, execArgv: readonly string[]): Promise<WorkerFate<CodecReport>> {
  if (limits.signal?.aborted) return { kind: 'failed', error: { stage: 'cancelled', message: 'cancelled before start' } };
  const child = fork(codecProcessScript(limits.workerScript), [], {
    execArgv: [...execArgv, `--max-old-space-size=${limits.memoryLimitMb}`],
    // Codec libraries must not write to our stdout (the CLI's JSON goes there).
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    // Structured clone: the job's sample bytes stay a Uint8Array.
    serialization: 'advanced',
  });
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => child.pid === undefined && resolve());
  });
  const channel = new ChannelClient<WorkerMethods, WorkerEvents>(childProcessTransport(child));
  let lastStage: WorkStage | undefined;
  channel.on('stage', (stage) => {
    lastStage = stage;
    limits.onStage?.(stage);
  });
  try {
    const value = await channel.request('measure-codec', job, { timeoutMs: limits.timeoutMs, signal: limits.signal });
    return { kind: 'answered', value, ...(lastStage ? { lastStage } : {}) };
  } catch (error) {
    const what = 'the codec process';
    return { kind: 'failed', error: workerFailure(error, channel.gone, { what, memoryLimitMb: limits.memoryLimitMb, timeoutMs: limits.timeoutMs, lastStage }), ...(lastStage ? { lastStage } : {}) };
  } finally {
    channel.close();
    await exited;
  }
}
