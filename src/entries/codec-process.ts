/**
 * Entry point of a forked codec process (bundled as dist/codec-process.js; started by
 * engine/codec-sandbox.ts and engine/codec-process-client.ts). It answers a codec job's requests
 * with the same handlers as a worker thread (worker/codec-handlers.ts), for what a worker cannot
 * be: a process under V8 flags a worker cannot take (--disallow-code-generation-from-strings),
 * and the sandbox of a codec that runs generated code (Node's permission model: no file writes,
 * processes or workers, reads of its bundles and its generated code only). It holds only the
 * codec run, so a library that cannot load fails its own job, not the process's start.
 */
import { codecHandlers } from '../worker/codec-handlers';
import { serveAsChild } from '../processes/serve-as-child';
import { notSandboxedBecause, removeNetworkGlobals } from '../processes/sandbox';
import type { CodecWorkerMethods, WorkerEvents } from '../shared/worker-protocol';

// The permission model does not cover the network: the globals that reach it easily go.
if (notSandboxedBecause() === undefined) removeNetworkGlobals();

serveAsChild<CodecWorkerMethods, WorkerEvents>({
  what: 'the codec process',
  leave: 'at-once',
  handlers: (emit) => codecHandlers((stage) => void emit('stage', stage)),
});
