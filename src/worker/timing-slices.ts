/**
 * A later round's timing, inside the codec's worker, in slices: the host opens the codec once
 * (prepare, encode, decode), has it warm up both operations (apart: opening may run beside
 * other workers' opens, a warm-up never does), then asks for short windows of encode or
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
import type { TimingOperation, TimingOpened, TimingReady, TimingSliceRequest, CompressionWindows } from '../shared/worker-protocol';
import type { TimedWindow, CodecJob } from '../shared/codec-job';
import { timeCompression } from './compression-timing';
import type { CompressionTiming } from '../shared/results';
import { openStream, streamOperations } from './messages/open-stream';

interface OpenOperation {
  call: () => unknown;
  batchSize: number;
  perCallNs: number;
}

/** The codec this worker has open, before and after its warm-up, and how long each operation warms up. */
let opened: { calls: Record<TimingOperation, () => unknown>; collectGarbage: (() => void) | undefined; warmupMs: number } | undefined;
/** Its operations once warm: what slices call. */
let open: Record<TimingOperation, OpenOperation> | undefined;
/** Its encoded bytes, for this round's compression times. */
let openEncoded: Uint8Array | undefined;

/** Prepares the codec and calls each operation once; the warm-up is asked for apart (`warmForSlices`). */
export async function openForSlices(job: CodecJob, enter: StageReporter, collectGarbage: (() => void) | undefined): Promise<TimingOpened> {
  const report = blankReport();
  let stage: Parameters<StageReporter>[0] = 'input';
  const enterStage: StageReporter = (next) => {
    stage = next;
    enter(next);
  };
  try {
    const { messages } = job;
    const runtime = nodeCodecRuntime(collectGarbage);
    const result = messages ? await openStream(runtime, { ...job, messages }, enterStage, report) : await openCodec(runtime, job, enterStage, report);
    if (!result) return { ready: false, error: report.outcome.status === 'skipped' ? report.outcome.error : { stage, message: 'skipped' } };
    const warmupMs = Math.max(50, job.measurement.operationBudgetMs * 0.25);
    if ('inputs' in result) {
      // Message mode: one message per call (open-stream.ts).
      const stream = streamOperations(result);
      opened = { calls: { encode: stream.encode, decode: stream.decode }, collectGarbage, warmupMs };
      openEncoded = undefined;
    } else {
      const { prepared, encoded } = result;
      const { input } = prepared;
      opened = { calls: { encode: () => prepared.encode(input), decode: () => prepared.decode(encoded) }, collectGarbage, warmupMs };
      openEncoded = encoded;
    }
    const bytes = 'inputs' in result ? result.encoded.reduce((sum, message) => sum + message.byteLength, 0) / result.encoded.length : result.encoded.byteLength;
    return { ready: true, bytes };
  } catch (error) {
    return { ready: false, error: { stage, message: describeFailure(error, stage) } };
  }
}

/** Warms both operations up, then collects: each side starts its slices from a collected heap, as a one-window measurement does. */
export function warmForSlices(enter: StageReporter): TimingReady {
  if (!opened) throw new Error('no codec is open for timing in this worker');
  const { calls, collectGarbage, warmupMs } = opened;
  enter('measure');
  try {
    const operation = (call: () => unknown): OpenOperation => {
      collectGarbage?.();
      const perCallNs = warmUp(call, warmupMs);
      return { call, perCallNs, batchSize: perCallNs < 20_000 ? batchSizeFor(perCallNs) : 1 };
    };
    open = { encode: operation(calls.encode), decode: operation(calls.decode) };
    collectGarbage?.();
    return { ready: true, perCallNs: { encode: open.encode.perCallNs, decode: open.decode.perCallNs } };
  } catch (error) {
    return { ready: false, error: { stage: 'measure', message: describeFailure(error, 'measure') } };
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
