/**
 * A codec job in a forked Node process rather than a worker thread, for what a worker cannot
 * be given: `--disallow-code-generation-from-strings` is a V8 flag, and Node refuses it in a
 * Worker's `execArgv` (ERR_WORKER_INVALID_EXEC_ARGV). The process (dist/codec-process.js, beside
 * the worker script) runs the same codec run, and this settles like `runInWorker`: always with a
 * fate, never a rejection.
 */
import * as path from 'node:path';
import type { WorkStage } from '../shared/results';
import { bundlePath } from '../processes/bundle-path';
import { superviseChild } from '../processes/supervise-child';
import { workerFailure, type WorkerFate, type WorkerLimits } from './worker-launch';
import type { CodecProcessMethods, WorkerEvents } from '../shared/worker-protocol';
import type { CodecJob, CodecReport } from '../shared/codec-job';

export async function runCodecInProcess(job: CodecJob, limits: WorkerLimits, execArgv: readonly string[]): Promise<WorkerFate<CodecReport>> {
  if (limits.signal?.aborted) return { kind: 'failed', error: { stage: 'cancelled', message: 'cancelled before start' } };
  const what = 'the codec process';
  const child = superviseChild<CodecProcessMethods, WorkerEvents>({
    script: bundlePath('codec-process', path.dirname(limits.workerScript)),
    what,
    execArgv,
    heapMb: limits.memoryLimitMb,
    // Structured clone: the job's sample bytes stay a Uint8Array.
    serialization: 'advanced',
  });
  let lastStage: WorkStage | undefined;
  child.channel.on('stage', (stage) => {
    lastStage = stage;
    limits.onStage?.(stage);
  });
  try {
    const value = await child.channel.request('measure-codec', job, { timeoutMs: limits.timeoutMs, signal: limits.signal });
    return { kind: 'answered', value, ...(lastStage ? { lastStage } : {}) };
  } catch (error) {
    const exit = child.channel.gone && child.channel.gone.reason !== 'closed' ? await child.ended : undefined;
    return { kind: 'failed', error: workerFailure(error, child.channel.gone, { what, memoryLimitMb: limits.memoryLimitMb, timeoutMs: limits.timeoutMs, lastStage }, exit), ...(lastStage ? { lastStage } : {}) };
  } finally {
    await child.stop();
  }
}
