/**
 * One codec's first round on a stream of messages, in the steps a CodecRun has for a
 * document: open (read the stream, prepare, encode and decode every message, verify the round
 * trip of every one), time (encode and decode one message per call, walking the whole stream,
 * with the windows and GC profile of measure.ts), finish (remnants, sizes, framing, compression as streams use it).
 * Every figure in the report is per message; `messages` holds the stream's own.
 */
import { detectRemnants } from '../../analysis/remnants';
import { findParseLosses } from '../../analysis/parse-losses';
import type { CodecReport } from '../../shared/codec-job';
import { blankReport, SteppedRun, type CodecRunRuntime, type StageReporter } from '../stepped-run';
import { measureOperation } from '../measure';
import { openStream, streamOperations, type OpenedStream, type StreamJob } from './open-stream';
import { measureStreamCompression } from './stream-compression';
import { sizeDistribution } from '../../measurement/messages/size-distribution';
import { framingsFor } from '../../measurement/messages/framing';

/** A compression window's share of a codec operation's (a default run: 250 ms → 16 ms). */
const COMPRESSION_WINDOW_SHARE = 1 / 16;

export class MessagesRun extends SteppedRun<OpenedStream, StreamJob> {
  static async open(runtime: CodecRunRuntime, job: StreamJob, enterStage: StageReporter): Promise<MessagesRun> {
    const run = new MessagesRun(runtime, job, enterStage, blankReport());
    await run.step(async () => {
      const opened = await openStream(
        runtime,
        job,
        (next) => run.enter(next),
        run.report,
        (mean) => {
          run.bytes = mean;
        },
      );
      // The stream as one list against the decoded messages: a difference's path starts at its message (`$[12]…`).
      if (opened && job.measurement.verify)
        run.roundTrip = run.verified(
          opened.stream.records,
          opened.decoded,
          'the decoded messages are not the records',
          opened.prepared.semantics ? { semantics: opened.prepared.semantics } : {},
        );
      run.opened = opened;
    });
    return run;
  }

  /** Per message (a call is one message): `jsonBytes` is the stream's mean JSON bytes per message. */
  async time(jsonBytes: number): Promise<void> {
    await this.timingStep(async (opened) => {
      const operations = streamOperations(opened);
      const options = this.measureOptions(jsonBytes);
      this.enter('measure');
      this.timings = { encode: await measureOperation(operations.encode, options), decode: await measureOperation(operations.decode, options) };
      if (!this.job.measurement.verify) this.report.outcome = { status: 'timed', timings: { bytes: this.bytes ?? 0, ...this.timings } };
    });
  }

  finish(): Promise<CodecReport> {
    return this.finishingStep(async (opened, timings, roundTrip) => {
      const { stream, encoded, decoded } = opened;
      this.stage = 'verify';
      // Integers JSON.parse rounded are found in the file's text, whose record indexes are the messages' while no line was left out.
      const parseLosses = stream.bytes && stream.skipped.count === 0 ? findParseLosses(stream.bytes, stream.format === 'jsonl' ? 'jsonl' : 'json') : undefined;
      const remnants = detectRemnants(stream.records, decoded, {
        ...(parseLosses ? { parseLosses } : {}),
        ...(opened.prepared.semantics ? { semantics: opened.prepared.semantics } : {}),
      });
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
  }
}
