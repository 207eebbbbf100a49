/**
 * A later round's timing, inside the codec's worker, in slices: the host opens the codec once
 * (prepare, encode, decode, warm up both operations), then asks for short windows of encode or
 * decode in turn with the JSON baseline's worker of the same round. Both sides of a speed-up
 * are then timed in the same stretch of time, so load that comes and goes on the machine
 * lands on both instead of on whichever ran at that moment. Slices run without the GC profiler:
 * GC share and allocation come from the first round's profiling windows (measure.ts). After its
 * slices, the host asks for this round's compression times of the same encoded bytes.
 */
import { openCodec } from './codec-run-core';
import { blankReport, describeFailure, type StageReporter } from './stepped-run';
import { nodeCodecRuntime } from './codec-run-node';
import { batchSizeFor, timeWindow, warmUp } from './measure';
import type { TimingOperation, TimingReady, TimingSliceRequest, CompressionWindows } from '../shared/worker-protocol';
import type { TimedWindow, CodecJob } from '../shared/codec-job';
import { timeCompression } from './compression-timing';
import type { CompressionTiming } from '../shared/results';
import { openStream, streamOperations } from './messages/open-stream';

interface OpenOperation {
  call: () => unknown;
  batchSize: number;
  perCallNs: number;
}

/** The codec this worker has open for slices. */
let open: Record<TimingOperation, OpenOperation> | undefined;
/** Its encoded bytes, for this round's compression times. */
let openEncoded: Uint8Array | undefined;

export async function openForSlices(job: CodecJob, enter: StageReporter, collectGarbage: (() => void) | undefined): Promise<TimingReady> {
  const report = blankReport();
  let stage: Parameters<StageReporter>[0] = 'input';
  const enterStage: StageReporter = (next) => {
    stage = next;
    enter(next);
  };
  try {
    const { messages } = job;
    const runtime = nodeCodecRuntime(collectGarbage);
    const opened = messages ? await openStream(runtime, { ...job, messages }, enterStage, report) : await openCodec(runtime, job, enterStage, report);
    if (!opened) return { ready: false, error: report.outcome.status === 'skipped' ? report.outcome.error : { stage, message: 'skipped' } };
    enterStage('measure');
    const warmupMs = Math.max(50, job.measurement.operationBudgetMs * 0.25);
    const operation = (call: () => unknown): OpenOperation => {
      collectGarbage?.();
      const perCallNs = warmUp(call, warmupMs);
      return { call, perCallNs, batchSize: perCallNs < 20_000 ? batchSizeFor(perCallNs) : 1 };
    };
    if ('inputs' in opened) {
      // Message mode: one message per call (open-stream.ts).
      const stream = streamOperations(opened);
      open = { encode: operation(stream.encode), decode: operation(stream.decode) };
      openEncoded = undefined;
    } else {
      const { prepared, encoded } = opened;
      const { input } = prepared;
      open = { encode: operation(() => prepared.encode(input)), decode: operation(() => prepared.decode(encoded)) };
      openEncoded = encoded;
    }
    // Each side starts its slices from a collected heap, as a one-window measurement does.
    collectGarbage?.();
    const bytes = 'inputs' in opened ? opened.encoded.reduce((sum, message) => sum + message.byteLength, 0) / opened.encoded.length : opened.encoded.byteLength;
    return { ready: true, bytes, perCallNs: { encode: open.encode.perCallNs, decode: open.decode.perCallNs } };
  } catch (error) {
    return { ready: false, error: { stage, message: describeFailure(error, stage) } };
  }
}

export async function timeCompressionOfOpen(windows: CompressionWindows): Promise<CompressionTiming> {
  if (!openEncoded) throw new Error('no codec is open for timing in this worker');
  return (await timeCompression(openEncoded, windows)).timing;
}

export function timeSlice(request: TimingSliceRequest): TimedWindow {
  if (!open) throw new Error('no codec is open for timing in this worker');
  const operation = open[request.operation];
  return timeWindow(operation.call, request.budgetMs, request.minSamples, operation.batchSize, operation.perCallNs);
}
