/**
 * Message mode: a stream of small records, each encoded and decoded as its own
 * message with one schema for the stream. Plain data only, and nothing imported: results.ts
 * refers to these types (a row's `messages`, a sample's `messages`), so this file must not refer
 * back. Field names are a public contract (`--json`): add, never rename.
 *
 * In message mode a row's document-level figures are per message: `bytes` and `compressed` are
 * means per message, `encode` / `decode` are per message (each timed call encodes or decodes one
 * message, the calls walking the stream in order and round again, amortising collections as a
 * loop over the stream does), `ratio` and the speed-ups are the same either way. `messages` holds what only a stream has.
 */

/** Where the messages are: JSON Lines, the elements of one JSON array, or a folder of `.json` files. */
export type MessageStreamFormat = 'jsonl' | 'json-array' | 'json-folder';

/** Settings of the dictionary split: trained on the stream's first part, measured on the rest. */
export interface DictionarySettings {
  /** Share of the stream (its first messages) the dictionary is trained on; 0 < share < 1. */
  trainShare: number;
  /** Largest dictionary zstd may train (`--maxdict`), bytes. */
  sizeBytes: number;
}

/** What a message-mode job asks of a worker (CodecJob.messages; the sample is read as a stream). */
export interface MessagesPlan {
  format: MessageStreamFormat;
  /** A JSON Lines line that is not JSON: `stop` (the stream is not measured; the line is named) or `skip` (left out, counted). */
  invalidLines: 'stop' | 'skip';
  dictionary: DictionarySettings;
  /** Messages compressed together (1: each alone), as a broker's batches are. */
  batchSizes: number[];
  /**
   * Every compressed figure is measured on the held-out messages (those after the training
   * part), the first this many of them: compressing small messages one by one costs tens of
   * microseconds each, and a stream may hold millions.
   */
  compressedMessages: number;
}

/** What a stream held (SampleInfo.messages). */
export interface MessageStreamInfo {
  format: MessageStreamFormat;
  /** Messages measured. */
  count: number;
  /** Minified UTF-8 JSON bytes of every message together (SampleInfo.jsonBytes is their mean). */
  totalJsonBytes: number;
  /** JSON Lines lines left out because they are not JSON (with `invalidLines: 'skip'`). */
  skipped: { count: number; first: { line: number; reason: string }[] };
}

/** A size distribution over the messages, in bytes. */
export interface MessageSizes {
  count: number;
  /** Every message's bytes added up: what encoding the messages one by one gives. */
  total: number;
  mean: number;
  min: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Equal-width bins from `min`: `counts[i]` messages have `start + i * binBytes` ≤ size < the next bin's start. */
  histogram: { start: number; binBytes: number; counts: number[] };
}

export type FramingId = 'length-prefix' | 'newline' | 'self-delimiting' | 'avro-single-object' | 'schema-registry';

/** Bytes a framing adds to every message, beside the message's own. */
export interface MessageFraming {
  id: FramingId;
  /** `varint length prefix`, `Avro single-object encoding`… */
  label: string;
  /** Mean bytes it adds per message (fixed framings: exactly these). */
  bytesPerMessage: number;
  /** Added over the whole stream. */
  total: number;
  /** Where it is used and what it holds. */
  detail: string;
}

/** Mean compressed bytes per message of the measured messages, each compressed alone. */
export interface CompressedPerMessage {
  gzip: number;
  brotli: number;
  /** null where no zstd build loads (`MessageCompression.zstdNotMeasured` says why). */
  zstd: number | null;
}

/** Which messages a compressed figure is measured on (0-based indexes in the stream). */
export interface MessageRange {
  from: number;
  messages: number;
}

export interface MessageCompression {
  /** The held-out messages compressed: the first `measured.messages` after the training part, of `heldOut`. */
  measured: MessageRange;
  heldOut: number;
  levels: { gzip: number; brotli: number; zstd: number };
  /** `@bokuweb/zstd-wasm 0.0.27` or `node:zlib (Node 24.1.0)`; null where none loads. */
  zstdLibrary: string | null;
  zstdNotMeasured?: string;
  /** Mean bytes of the measured messages uncompressed (what the compressed figures compare with). */
  raw: number;
  alone: CompressedPerMessage;
  /** zstd alone, per message, amortised over the measured messages (first round); null where not measured. */
  zstdTimes: { compressNs: number; decompressNs: number } | null;
}

export type MessageDictionary = MeasuredDictionary | { status: 'not-measured'; reason: string; settings: DictionarySettings };

export interface MeasuredDictionary {
  status: 'measured';
  settings: DictionarySettings;
  /** Messages it was trained on: the end of the training part (samples up to 100× the dictionary's size, zstd's guidance). */
  trainedOn: MessageRange;
  /** Messages it was measured on: held-out only (never one it was trained on). */
  measuredOn: MessageRange;
  /** The dictionary zstd wrote (at most `settings.sizeBytes`). */
  bytes: number;
  level: number;
  /** `zstd --train -r DIR -o FILE --maxdict=16384 -3 (*** Zstandard CLI (64-bit) v1.5.4 …)`. */
  trainer: string;
  /** How the messages were compressed with it: library and call. */
  compressor: string;
  /** Mean bytes per measured message: uncompressed, zstd alone, zstd with the dictionary. */
  raw: number;
  zstdAlone: number;
  withDictionary: Omit<MessageSizes, 'histogram'>;
  /** Per message, amortised over the measured messages (first round). */
  times: { compressNs: number; decompressNs: number };
}

export interface MessageBatch {
  messagesPerBatch: number;
  /** Batches compressed (the last may hold fewer messages). */
  batches: number;
  /** Compressed bytes per message: each batch's compressed size over its messages, over all batches. */
  gzip: number;
  zstd: number | null;
}

export interface MessageBatches {
  measured: MessageRange;
  /** How messages are laid out inside a batch before it is compressed. */
  layout: string;
  sizes: MessageBatch[];
  /** Batch sizes not measured, with why (fewer measured messages than the batch holds). */
  notMeasured: { messagesPerBatch: number; reason: string }[];
}

/** What a codec's worker measured of a stream beside the row's per-message timings (CodecMeasurements.messages). */
export interface MessageMeasurements {
  count: number;
  sizes: MessageSizes;
  /** Each framing the format uses in practice, as its own term. */
  framing: MessageFraming[];
  compression: MessageCompression;
  dictionary: MessageDictionary;
  batches: MessageBatches;
}

/** Per message, from the row's timings over the rounds (amortised over the whole stream). */
export interface PerMessageFigures {
  encodeNs: number;
  decodeNs: number;
  /** Lowest and highest round. */
  encodeInterval: [number, number];
  decodeInterval: [number, number];
  /** Messages per second on one core: 1e9 / the time per message. */
  encodePerSecond: number;
  decodePerSecond: number;
  /** Share of the profiling window in garbage collection (first round); null where not measured. */
  encodeGcShare: number | null;
  decodeGcShare: number | null;
  /** Bytes allocated per message (first round); null where not measured. */
  encodeAllocatedBytes: number | null;
  decodeAllocatedBytes: number | null;
}

/** How messages travel on a link: as encoded, with zstd alone, or with zstd and the trained dictionary. */
export type LinkWire = 'plain' | 'zstd' | 'zstd-dictionary';

/** Messages per second one codec sustains at one link speed, sent one way. */
export interface LinkFigure {
  bitsPerSecond: number;
  wire: LinkWire;
  /** Bytes on the link per message: the wire's bytes plus a varint length prefix. */
  bytesPerMessage: number;
  /** What the link carries at that size. */
  linkPerSecond: number;
  /** One core encoding (and compressing) messages. */
  encodePerSecond: number;
  /** One core decompressing and decoding them. */
  decodePerSecond: number;
  /** The lowest of the three. */
  perSecond: number;
  limitedBy: 'link' | 'encode' | 'decode';
}

export interface MessageLink {
  figures: LinkFigure[];
  /** Wires not computed, with why (no dictionary, no zstd). */
  notMeasured: { wire: LinkWire; reason: string }[];
}

/** A message-mode row's `messages`: the worker's measurements, and what the host adds over the rounds. */
export interface MessageFigures extends MessageMeasurements {
  /** Added by the engine once the row has timings (absent from a row still in its first round's making). */
  perMessage?: PerMessageFigures;
  link?: MessageLink;
}

/** Message-mode defaults (the CLI's flags and, later, the extension's settings start from these). */
export const DEFAULT_DICTIONARY: DictionarySettings = { trainShare: 0.8, sizeBytes: 16_384 };
export const DEFAULT_BATCH_SIZES: readonly number[] = [1, 10, 100, 1_000];
export const DEFAULT_LINK_BITS_PER_SECOND: readonly number[] = [10e6, 100e6, 1e9];
export const DEFAULT_COMPRESSED_MESSAGES = 2_000;
export const QUICK_COMPRESSED_MESSAGES = 500;

/** `10 Mbit/s`, `1 Gbit/s`. */
export function linkSpeedLabel(bitsPerSecond: number): string {
  const units: [number, string][] = [
    [1e9, 'Gbit/s'],
    [1e6, 'Mbit/s'],
    [1e3, 'kbit/s'],
  ];
  for (const [scale, unit] of units) if (bitsPerSecond >= scale) return `${Number((bitsPerSecond / scale).toFixed(2))} ${unit}`;
  return `${bitsPerSecond} bit/s`;
}
