/**
 * A codec opened on a stream of messages (issue 26): the stream read, the codec prepared once
 * for all of it (one schema, inferred from every record or provided for one message), then every
 * message encoded alone and decoded alone. Shared by a first round (messages-run.ts) and a later
 * round's slices (timing-slices.ts), as openCodec is for a document.
 */
import { prepareReported, type CodecRunRuntime, type StageReporter } from '../codec-run-core';
import { readMessageStream, type ReadStream } from '../../input/read-message-stream';
import type { PreparedCodec } from '../../codecs/codec';
import type { CodecJob, CodecReport } from '../../shared/codec-job';
import type { MessagesPlan } from '../../shared/messages';

export interface OpenedStream {
  stream: ReadStream;
  prepared: PreparedCodec;
  /** Each record as `encode` takes it. */
  inputs: unknown[];
  /** Copies of what `encode` returned, one per message: the bytes a receiver would hold. */
  encoded: Uint8Array[];
  decoded: unknown[];
}

export type StreamJob = CodecJob & { messages: MessagesPlan };

/** Why a codec without message mode is skipped, not measured as something else. */
export const NO_MESSAGE_MODE = 'not measured in message mode: this codec prepares one document, not a stream of messages each encoded alone';

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
  const decoded = encoded.map((message) => prepared.decode(message));
  return { stream, prepared, inputs, encoded, decoded };
}

/** Encode and decode as timed calls: each a pass over every message (counted as that many calls). */
export function streamOperations(opened: Pick<OpenedStream, 'prepared' | 'inputs' | 'encoded'>): { encode: () => unknown; decode: () => unknown; messages: number } {
  const { prepared, inputs, encoded } = opened;
  const { encode, decode } = prepared;
  const count = inputs.length;
  return {
    messages: count,
    // The last result is kept, so no call is dead code; each message is its own call, as sent.
    encode: () => {
      let last: unknown;
      for (let index = 0; index < count; index++) last = encode(inputs[index]);
      return last;
    },
    decode: () => {
      let last: unknown;
      for (let index = 0; index < count; index++) last = decode(encoded[index]!);
      return last;
    },
  };
}
