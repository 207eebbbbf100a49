/** A stream (message mode) opened for slices in a Node worker: one message per call (open-stream.ts). */
import type { OpenStreamForSlices } from './timing-slices';
import { openStream, streamOperations } from './messages/open-stream';

export const openStreamForSlices: OpenStreamForSlices = async (runtime, job, enter, report) => {
  const opened = await openStream(runtime, job, enter, report);
  if (!opened) return undefined;
  const bytes = opened.encoded.reduce((sum, message) => sum + message.byteLength, 0) / opened.encoded.length;
  return { calls: streamOperations(opened), bytes };
};
