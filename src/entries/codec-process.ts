/**
 * Entry point of a forked codec process (bundled as dist/codec-process.js; started by
 * engine/codec-process-client.ts): answers one 'measure-codec' with the same run as a worker
 * thread. It holds only the codec run, so a library that cannot load (under
 * --disallow-code-generation-from-strings) fails its own job, not the process's start.
 */
import { runCodecJob } from '../worker/codec-run-node';
import { exposeGarbageCollector } from '../worker/expose-gc';
import { serveAsChild } from '../processes/serve-as-child';
import type { CodecProcessMethods, WorkerEvents } from '../shared/worker-protocol';

serveAsChild<CodecProcessMethods, WorkerEvents>({
  what: 'the codec process',
  leave: 'at-once',
  handlers: (emit) => ({
    'measure-codec': (job) => runCodecJob(job, (stage) => void emit('stage', stage), exposeGarbageCollector()),
  }),
});
