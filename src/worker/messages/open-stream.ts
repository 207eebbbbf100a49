/**
 * A codec opened on a stream of messages: the stream read, the codec prepared once
 * for all of it (one schema, inferred from every record or provided for one message), then every
 * message encoded alone and decoded alone. Shared by a first round (messages-run.ts) and a later
 * round's slices (timing-slices.ts), as openCodec is for a document.
 */
import { prepareReported, type CodecRunRuntime, type StageReporter } from '../codec-run-core';
import { readMessageStream, type ReadStream } from '../../input/read-message-stream';
import { NO_MESSAGE_MODE, type PreparedCodec } from '../../codecs/codec';
import type { CodecJob, CodecReport } from '../../shared/codec-job';
import type { MessagesPlan } from '../../shared/messages';

export interface OpenedStream {
  stream: ReadStream;
  prepared: PreparedCodec;
  /** Each record as `encode` takes it. */
  inputs: unknown[];
  /** Copies of what `encode` returned, one per message: the bytes a receiver would hold. */
  encoded: Uint8Array[];
  /** Every message decoded (a first round); a later round's: the first message's only. */
  decoded: unknown[];
}

export type StreamJob = CodecJob & { messages: MessagesPlan };

export async function openStream(
  runtime: Pick<CodecRunRuntime, 'loadCodec' | 'libraryVersion'>,
  job: StreamJob,
  enter: StageReporter,
  report: CodecReport,
  onEncoded?: (meanBytes: number) => void,
): Promise<OpenedStream | undefined> {
  enter('input');
  const stream = readMessageStream(job.sample, job.messages);
  enter('prepare');
  const prepared = await prepareReported(runtime, job, stream.records, report);
  if (!prepared) return undefined;
  const inputs = prepared.messageInputs;
  if (!inputs || inputs.length !== stream.records.length) {
    report.outcome = { status: 'skipped', error: { stage: 'prepare', message: NO_MESSAGE_MODE } };
    return undefined;
  }
  enter('encode');
  // Encoders may return views into a buffer they reuse: each message is copied as sent.
  const encoded = inputs.map((input) => prepared.encode(input).slice());
  onEncoded?.(encoded.reduce((sum, message) => sum + message.byteLength, 0) / encoded.length);
  enter('decode');
  // Every message decoded for the first round's round trip; a later round only times (its
  // slices warm decode up themselves), so one message shows it decodes.
  const decoded = job.measurement.verify ? encoded.map((message) => prepared.decode(message)) : [prepared.decode(encoded[0]!)];
  return { stream, prepared, inputs, encoded, decoded };
}

/**
 * Encode and decode as timed calls, one message per call, so every timing figure (and the GC
 * profile, and the batching of short calls) is per message as measure.ts takes it. Successive
 * calls walk the stream in its order, as a sender does, from where the last call stopped (back
 * to the first message after the last): a window of as many calls as messages encodes each once.
 * In order, not spread: a walk with a stride across 20,000 events made JSON's encode 35% slower
 * (its objects no longer in the order they were allocated), a cost no real stream pays.
 */
export function streamOperations(opened: Pick<OpenedStream, 'prepared' | 'inputs' | 'encoded'>): { encode: () => unknown; decode: () => unknown } {
  const { prepared, inputs, encoded } = opened;
  const { encode, decode } = prepared;
  const count = inputs.length;
  let encodeAt = 0;
  let decodeAt = 0;
  return {
    encode: () => {
      const bytes = encode(inputs[encodeAt]);
      encodeAt = encodeAt + 1 === count ? 0 : encodeAt + 1;
      return bytes;
    },
    decode: () => {
      const value = decode(encoded[decodeAt]!);
      decodeAt = decodeAt + 1 === count ? 0 : decodeAt + 1;
      return value;
    },
  };
}
