/**
 * A later round's timing, inside the codec's worker, in slices: the host opens the codec once
 * (prepare, encode, decode), has it warm up both operations (apart: opening may run beside
 * other workers' opens, a warm-up never does), then asks for short windows of encode or
 * decode in turn with the JSON baseline's worker of the same round. Both sides of a speed-up
 * are then timed in the same stretch of time, so load that comes and goes on the machine
 * lands on both instead of on whichever ran at that moment. Slices run without the GC profiler:
 * GC share and allocation come from the first round's profiling windows (measure.ts). After its
 * slices, the host asks for this round's compression times of the same encoded bytes. One
 * object per worker's conversation (codec-handlers.ts), for whichever runtime hosts the worker.
 */
import { openCodec, type CodecRunRuntime } from './codec-run-core';
import { blankReport, describeFailure, type StageReporter } from './stepped-run';
import { batchSizeFor, defaultWarmupMs, timeWindow, warmUp } from './measure';
import type { TimingOperation, TimingOpened, TimingReady, TimingSliceRequest, CompressionWindows } from '../shared/worker-protocol';
import type { TimedWindow, CodecJob } from '../shared/codec-job';
import type { CompressionTiming } from '../shared/results';
import type { openStream } from './messages/open-stream';
import type { CodecReport } from '../shared/codec-job';

/**
 * Opens a stream (message mode) for slices: one message per call. Node only (its messages are
 * read from the file), so the Node worker gives it (timing-slices-node.ts); elsewhere a stream job is refused.
 */
export type OpenStreamForSlices = (
  runtime: CodecRunRuntime,
  job: Parameters<typeof openStream>[1],
  enter: StageReporter,
  report: CodecReport,
) => Promise<{ calls: Record<TimingOperation, () => unknown>; bytes: number } | undefined>;

interface OpenOperation {
  call: () => unknown;
  batchSize: number;
  perCallNs: number;
}

export class SliceTimer {
  /** The codec open, before and after its warm-up, and how long each operation warms up. */
  private opened: { calls: Record<TimingOperation, () => unknown>; warmupMs: number } | undefined;
  /** Its operations once warm: what slices call. */
  private warm: Record<TimingOperation, OpenOperation> | undefined;
  /** Its encoded bytes, for this round's compression times. */
  private encoded: Uint8Array | undefined;

  constructor(
    private readonly runtime: CodecRunRuntime,
    private readonly openStream?: OpenStreamForSlices,
  ) {}

  /** Prepares the codec and calls each operation once; the warm-up is asked for apart (`warmUp`). */
  async open(job: CodecJob, enter: StageReporter): Promise<TimingOpened> {
    const report = blankReport();
    let stage: Parameters<StageReporter>[0] = 'input';
    const notOpened = (): TimingOpened => ({ ready: false, error: report.outcome.status === 'skipped' ? report.outcome.error : { stage, message: 'skipped' } });
    const enterStage: StageReporter = (next) => {
      stage = next;
      enter(next);
    };
    try {
      const { messages } = job;
      const { runtime } = this;
      const warmupMs = job.measurement.warmupMs ?? defaultWarmupMs(job.measurement.operationBudgetMs);
      if (messages) {
        if (!this.openStream) throw new Error('message mode runs in Node worker threads only');
        const stream = await this.openStream(runtime, { ...job, messages }, enterStage, report);
        if (!stream) return notOpened();
        this.opened = { calls: stream.calls, warmupMs };
        this.encoded = undefined;
        return { ready: true, bytes: stream.bytes };
      }
      const result = await openCodec(runtime, job, enterStage, report);
      if (!result) return notOpened();
      const { prepared, encoded } = result;
      const { input } = prepared;
      this.opened = { calls: { encode: () => prepared.encode(input), decode: () => prepared.decode(encoded) }, warmupMs };
      this.encoded = encoded;
      const bytes = encoded.byteLength;
      return { ready: true, bytes };
    } catch (error) {
      return { ready: false, error: { stage, message: describeFailure(error, stage) } };
    }
  }

  /** Warms both operations up, then collects: each side starts its slices from a collected heap, as a one-window measurement does. */
  warmUp(enter: StageReporter): TimingReady {
    if (!this.opened) throw new Error('no codec is open for timing in this worker');
    const { calls, warmupMs } = this.opened;
    const { collectGarbage } = this.runtime;
    enter('measure');
    try {
      const operation = (call: () => unknown): OpenOperation => {
        collectGarbage?.();
        const perCallNs = warmUp(call, warmupMs);
        return { call, perCallNs, batchSize: perCallNs < 20_000 ? batchSizeFor(perCallNs) : 1 };
      };
      this.warm = { encode: operation(calls.encode), decode: operation(calls.decode) };
      collectGarbage?.();
      return { ready: true, perCallNs: { encode: this.warm.encode.perCallNs, decode: this.warm.decode.perCallNs } };
    } catch (error) {
      return { ready: false, error: { stage: 'measure', message: describeFailure(error, 'measure') } };
    }
  }

  slice(request: TimingSliceRequest): TimedWindow {
    if (!this.warm) throw new Error('no codec is open for timing in this worker');
    const operation = this.warm[request.operation];
    return timeWindow(operation.call, request.budgetMs, request.minSamples, operation.batchSize, operation.perCallNs);
  }

  async compression(windows: CompressionWindows): Promise<CompressionTiming> {
    if (!this.encoded) throw new Error('no codec is open for timing in this worker');
    const { timeCompression } = this.runtime;
    if (!timeCompression) throw new Error('this runtime does not time compression');
    return (await timeCompression(this.encoded, windows)).timing;
  }
}
