/**
 * BSON documents must be objects: any other root is wrapped as `{ value: sample }`, the
 * wrapper's bytes are counted (a receiver needs them) and it is removed on decode.
 * Documents above 16 MiB are MongoDB's hard limit, and bson's serializer fails past about
 * 17 MB with an opaque offset error: such samples become a skipped row that says why.
 */
import { calculateObjectSize, deserialize, serialize } from 'bson';
import { UnsupportedSampleError, type CodecModule } from './codec';

const WRAPPER_KEY = 'value';
/** MongoDB's maximum BSON document size. */
export const BSON_MAX_DOCUMENT_BYTES = 16 * 1024 * 1024;

function isDocument(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const prepare: CodecModule['prepare'] = (sample, context) => {
  if (context.messages && Array.isArray(sample)) return prepareMessages(sample);
  const wrapped = !isDocument(sample);
  const input = wrapped ? { [WRAPPER_KEY]: sample } : sample;
  const size = calculateObjectSize(input as Record<string, unknown>);
  if (size > BSON_MAX_DOCUMENT_BYTES) {
    throw new UnsupportedSampleError(
      `BSON documents are limited to 16 MiB (MongoDB's maximum); this sample would take ${size.toLocaleString('en-US')} bytes. ` +
        'Compare a part of it, or its records one by one (a .jsonl file of records).',
    );
  }
  return {
    input,
    encode: (value) => serialize(value as Record<string, unknown>),
    // bson takes any Uint8Array (Node's build wraps it as a Buffer itself, without copying):
    // the browser build then reads the bytes as a web app would, with no Buffer polyfill.
    decode: wrapped ? (bytes): unknown => deserialize(bytes)[WRAPPER_KEY] : (bytes) => deserialize(bytes),
    schema: 'none',
    layout: { kind: 'bson' },
    notes: wrapped ? [{ code: 'bson-wrapped', key: WRAPPER_KEY, messages: false }] : [],
  };
};

/**
 * Message mode: each record its own BSON document. Where any record is not an object, every one
 * is wrapped alike, so a decoder needs no way to tell which were.
 */
function prepareMessages(records: unknown[]): ReturnType<CodecModule['prepare']> {
  const wrapped = !records.every(isDocument);
  const messageInputs = wrapped ? records.map((record) => ({ [WRAPPER_KEY]: record })) : records;
  messageInputs.forEach((input, index) => {
    const size = calculateObjectSize(input as Record<string, unknown>);
    if (size > BSON_MAX_DOCUMENT_BYTES) {
      throw new UnsupportedSampleError(
        `BSON documents are limited to 16 MiB (MongoDB's maximum); message ${index + 1} would take ${size.toLocaleString('en-US')} bytes.`,
      );
    }
  });
  return {
    input: messageInputs,
    messageInputs,
    encode: (value) => serialize(value as Record<string, unknown>),
    decode: wrapped ? (bytes): unknown => deserialize(bytes)[WRAPPER_KEY] : (bytes) => deserialize(bytes),
    schema: 'none',
    layout: { kind: 'bson' },
    notes: wrapped ? [{ code: 'bson-wrapped', key: WRAPPER_KEY, messages: true }] : [],
  };
}

/** Each record of a stream encoded as its own message (PrepareContext.messages). */
export const messageMode = true;
