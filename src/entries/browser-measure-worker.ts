/**
 * Entry point of a browser measuring worker (bundled as dist/browser/measure-worker.js, IIFE,
 * for the browser): one dedicated Web Worker per codec job, answering 'measure-codec' over the
 * typed channel with the same run as a Node worker (codec-run-core.ts), or a later round's
 * slices with the same SliceTimer (timing-slices.ts). It reaches nothing but
 * its own messages: the context that starts it gives it a policy with no network.
 */
import { serve, isChannelMessage, type Transport } from '../shared/channel';
import { runCodecJobIn } from '../worker/codec-run-core';
import { browserCodecRuntime } from '../worker/browser-runtime';
import { SliceTimer } from '../worker/timing-slices';
import type { BrowserWorkerMethods, MeasureEvents } from '../shared/measure-frame';

interface WorkerScope {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
  importScripts?: unknown;
  document?: unknown;
}

/** A dedicated Web Worker's global scope (this file is type-checked with Node's lib, which lacks it). */
declare const self: WorkerScope;
const scope = self;
if (typeof scope.importScripts !== 'function' || scope.document !== undefined) {
  throw new Error('payload-lab measure worker: this script runs only inside a dedicated Web Worker');
}

const transport: Transport = {
  send: (message) => scope.postMessage(message),
  listen(onMessage) {
    scope.addEventListener('message', (event) => {
      if (isChannelMessage(event.data)) onMessage(event.data);
    });
  },
  end: () => scope.close(),
};

const slices = new SliceTimer(browserCodecRuntime);
const { emit } = serve<BrowserWorkerMethods, MeasureEvents>(transport, {
  'measure-codec': (job) => runCodecJobIn(browserCodecRuntime, job, (stage) => void emit('stage', stage)),
  'open-for-slices': (job) => slices.open(job, (stage) => void emit('stage', stage)),
  'warm-for-slices': () => slices.warmUp((stage) => void emit('stage', stage)),
  'time-slice': (request) => slices.slice(request),
});
