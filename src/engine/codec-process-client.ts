/**
 * A codec's whole job, asked of the worker codec-sandbox.ts starts for it: a worker thread, or
 * the sandboxed child of a codec that runs generated code. `execArgv` (V8 flags a worker cannot
 * be given: `--disallow-code-generation-from-strings`, which Node refuses in a Worker's
 * `execArgv` with ERR_WORKER_INVALID_EXEC_ARGV) puts it in a forked process (dist/codec-process.js,
 * beside the worker script) in any case. Settles like `runInWorker`: always with a fate.
 */
import { askOnce, type WorkerFate, type WorkerLimits } from './worker-launch';
import { startCodecWorker } from './codec-sandbox';
import type { CodecJob, CodecReport } from '../shared/codec-job';

export async function runCodecJobIn(job: CodecJob, limits: WorkerLimits, execArgv?: readonly string[]): Promise<WorkerFate<CodecReport>> {
  if (limits.signal?.aborted) return { kind: 'failed', error: { stage: 'cancelled', message: 'cancelled before start' } };
  const started = await startCodecWorker(job, limits, execArgv ? { execArgv } : {});
  if (started.kind === 'failed') return started;
  return askOnce(started.worker, 'measure-codec', started.job, limits);
}
