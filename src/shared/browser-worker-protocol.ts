import type { CodecJob, CodecReport } from './codec-job';
/**
 * The measuring Web Worker's conversation, typed with the engine's job and report (the frames
 * relay them opaquely: src/shared/measure-frame.ts). It answers one codec job, like a Node
 * worker's 'measure-codec'.
 */

export interface BrowserWorkerMethods {
  'measure-codec': { params: CodecJob; result: CodecReport };
}

export type { MeasureEvents as BrowserWorkerEvents } from './measure-frame';
