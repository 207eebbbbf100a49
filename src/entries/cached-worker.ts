/**
 * Entry point of every Node worker thread the engine starts when a code cache is configured
 * (engine/worker-code-cache.ts): loads the worker's own bundle (workerData.script) with V8's
 * code cache (worker/code-cache.ts), then that bundle serves the worker as if started directly.
 */
import { workerData } from 'node:worker_threads';
import { loadWithCodeCache } from '../worker/code-cache';

const { script, cacheFile } = workerData as { script: string; cacheFile: string };
loadWithCodeCache(script, cacheFile);
