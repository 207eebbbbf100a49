/**
 * One codec's first round on a stream of messages (issue 26), in the steps a CodecRun has for a
 * document: open (read the stream, prepare, encode and decode every message, verify the round
 * trip of every one), time (encode and decode one message per call, walking the whole stream,
 * with the windows and GC profile of measure.ts), finish (remnants, sizes, framing, compression as streams use it).
 * Every figure in the report is per message; `messages` holds the stream's own.
 */
import { verifyRoundTrip } from '../../analysis/verify';
import { detectRemnants } from '../../analysis/remnants';
import { findParseLosses } from '../../analysis/parse-losses';
import type { TimingStats, WorkStage } from '../../shared/results';
import type { CodecReport } from '../../shared/codec-job';
import { describeError, type CodecRunRuntime, type CodecRunSteps, type StageReporter } from '../codec-run-core';
import { measureOperation, type MeasureOptions } from '../measure';
import { openStream, streamOperations, type OpenedStream, type StreamJob } from './open-stream';
import { measureStreamCompression } from './stream-compression';
import { sizeDistribution } from '../../measurement/messages/size-distribution';
import { framingsFor } from '../../measurement/messages/framing';

/** A compression window's share of a codec operation's (a default run: 250 ms → 16 ms). */
const COMPRESSION_WINDOW_SHARE = 1 / 16;

export class MessagesRun implements CodecRunSteps {
  private stage: WorkStage = 'input';
  private opened: OpenedStream | undefined;
  private timings: { encode: TimingStats; decode: TimingStats } | undefined;
  private meanBytes: number | undefined;
  private roundTrip: ReturnType<typeof verifyRoundTrip> | undefined;

  private constructor(
    private readonly runtime: CodecRunRuntime,
    private readonly job: StreamJob,
    private readonly enterStage: StageReporter,
    readonly report: CodecReport,
  ) {}

  static async open(runtime: CodecRunRuntime, job: StreamJob, enterStage: StageReporter): Promise<MessagesRun> {
    const report: CodecReport = { schema: 'none', notes: [], outcome: { status: 'errored', error: { stage: 'input', message: '' } } };
    const run = new MessagesRun(runtime, job, enterStage, report);
    await run.step(async () => {
      const opened = await openStream(runtime, job, (next) => run.enter(next), report, (mean) => { run.meanBytes = mean; });
      if (!opened || !job.measurement.verify) {
        run.opened = opened;
        return;
      }
      run.enter('verify');
      // The stream as one list against the decoded messages: a difference's path starts at its message (`$[12]…`).
      const roundTrip = verifyRoundTrip(opened.stream.records, opened.decoded);
      if (roundTrip.status === 'failed') {
        const first = roundTrip.differences[0];
        throw new Error(`round trip failed: ${first ? `${first.path}: ${first.detail}` : 'the decoded messages are not the records'}`);
      }
      run.roundTrip = roundTrip;
      run.opened = opened;
    });
    return run;
  }

  get ready(): boolean {
    return this.opened !== undefined;
  }

  /** Per message (a call is one message): `jsonBytes` is the stream's mean JSON bytes per message. */
  async time(jsonBytes: number): Promise<void> {
    const opened = this.opened;
    if (!opened) return;
    await this.step(async () => {
      const operations = streamOperations(opened);
      const options = this.measureOptions(jsonBytes);
      this.enter('measure');
      this.timings = { encode: await measureOperation(operations.encode, options), decode: await measureOperation(operations.decode, options) };
      if (!this.job.measurement.verify) this.report.outcome = { status: 'timed', timings: { bytes: this.meanBytes ?? 0, ...this.timings } };
    });
    if (!this.job.measurement.verify) this.opened = undefined;
  }

  async finish(): Promise<CodecReport> {
    const { opened, timings, roundTrip } = this;
    if (!opened || !timings || !roundTrip) return this.report;
    this.opened = undefined;
    await this.step(async () => {
      const { stream, encoded, decoded } = opened;
      this.stage = 'verify';
      // Integers JSON.parse rounded are found in the file's text, whose record indexes are the messages' while no line was left out.
      const parseLosses = stream.bytes && stream.skipped.count === 0 ? findParseLosses(stream.bytes, stream.format === 'jsonl' ? 'jsonl' : 'json') : undefined;
      const remnants = detectRemnants(stream.records, decoded, parseLosses ? { parseLosses } : {});
      this.stage = 'measure';
      const sizes = encoded.map((message) => message.byteLength);
      const distribution = sizeDistribution(sizes);
      const plan = this.job.measurement;
      const { compression, dictionary, batches } = await measureStreamCompression(encoded, this.job.messages, {
        budgetMs: Math.max(10, plan.operationBudgetMs * COMPRESSION_WINDOW_SHARE),
      });
      this.report.outcome = {
        status: 'completed',
        measurements: {
          bytes: distribution.mean,
          compressed: compression.alone,
          ...timings,
          roundTrip,
          remnants,
          messages: {
            count: encoded.length,
            sizes: distribution,
            framing: framingsFor(this.report.descriptor?.format ?? 'custom', sizes),
            compression,
            dictionary,
            batches,
          },
        },
      };
    });
    return this.report;
  }

  private enter(next: WorkStage): void {
    this.stage = next;
    this.enterStage(next);
  }

  private measureOptions(jsonBytes: number): MeasureOptions {
    return {
      budgetMs: this.job.measurement.operationBudgetMs,
      minSamples: this.job.measurement.minSamples,
      jsonBytes,
      collectGarbage: this.runtime.collectGarbage,
      watchGarbageCollection: this.runtime.watchGarbageCollection,
    };
  }

  private async step(body: () => Promise<void>): Promise<void> {
    try {
      await body();
    } catch (error) {
      this.opened = undefined;
      this.report.outcome = { status: 'errored', error: { stage: this.stage, message: describeError(error) }, ...(this.meanBytes === undefined ? {} : { bytes: this.meanBytes }) };
    }
  }
}
