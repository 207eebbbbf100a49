/**
 * Entry point of a forked codec process (bundled as dist/codec-process.js; see codec-process.ts):
 * answers one 'measure-codec' over the IPC channel with the same run as a worker thread. It
 * holds only the codec run, so a library that cannot load (under
 * --disallow-code-generation-from-strings) fails its own job, not the process's start.
 */
import { serve } from '../shared/channel';
import { runCodecJob } from './codec-run';
import { exposeGarbageCollector } from './expose-gc';
import { processTransport } from './node-transports';
import type { WorkerEvents } from './worker-protocol';
import type { CodecJob, CodecReport } from './worker-protocol';

interface CodecProcessMethods {
  'measure-codec': { params: CodecJob; result: CodecReport };
}

if (typeof process.send !== 'function') {
  throw new Error('payload-lab codec process: this file runs only as a process forked by the engine');
}

const { emit } = serve<CodecProcessMethods, WorkerEvents>(processTransport(), {
  'measure-codec': (job) => runCodecJob(job, (stage) => void emit('stage', stage), exposeGarbageCollector()),
});
// The process ends with its channel.
process.once('disconnect', () => process.exit(0));
