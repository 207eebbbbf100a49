/**
 * A row's figures for one way the bytes travel (shared/transport.ts): its bytes after that
 * compression, and its speed end to end (encode + compress, decompress + decode) against JSON's
 * end to end, paired round by round as the codec's own speed-ups are. Where a figure was not
 * measured, the reason as a code. Pure.
 */
import type { CompletedResult, TransportCompression } from '../shared/results';
import type { Transport } from '../shared/transport';
import type { MessageFigures } from '../shared/messages';
import { medianOf } from '../measurement/stats';
import { rerunInterval } from '../measurement/rerun-interval';
import { combinedSpeed, operationSpeed, type SpeedFigure } from './verdict-speed';

/** Why a figure for the transport is not there. */
export type MissingCode =
  /** No zstd build loaded in the runtime that measured the row. */
  | 'no-zstd'
  /** A dictionary is trained on a stream: message mode only. */
  | 'dictionary-messages-only'
  /** The stream's dictionary was not measured (its reason in `detail`). */
  | 'no-dictionary'
  /** A quick run times no compression. */
  | 'quick-run'
  /** Rows measured in a browser time no compression. */
  | 'browser'
  /** Message mode times zstd per message only (with and without the dictionary). */
  | 'message-times-zstd-only'
  /** The row's report has no compression times (an older version, or a round that failed to time them). */
  | 'not-timed'
  /** Without a JSON baseline there is no speed-up. */
  | 'no-json';

export interface Missing {
  code: MissingCode;
  /** The measurement's own words, where it gave a reason (a zstd build that failed to load). */
  detail?: string;
}

export const isMissing = (value: unknown): value is Missing => typeof value === 'object' && value !== null && 'code' in value;

type MessageRow = CompletedResult & { messages: MessageFigures };
const isMessageRow = (row: CompletedResult): row is MessageRow => row.messages !== undefined;

/** The run-wide facts the figures depend on. */
export interface TransportContext {
  transport: Transport;
  quick: boolean;
  /** Rounds of a row that carries none (older reports). */
  defaultRounds: number;
}

/** The row's bytes (per message in message mode) after the transport's compression. */
export function bytesOn(row: CompletedResult, transport: Transport): number | Missing {
  if (transport === 'raw') return row.bytes;
  if (transport === 'zstd-dictionary') {
    if (!isMessageRow(row)) return { code: 'dictionary-messages-only' };
    const dictionary = row.messages.dictionary;
    return dictionary.status === 'measured' ? dictionary.withDictionary.mean : { code: 'no-dictionary', detail: dictionary.reason };
  }
  const bytes = row.compressed[transport];
  if (bytes !== null) return bytes;
  const detail = row.compressionTiming?.zstdNotMeasured ?? row.messages?.compression.zstdNotMeasured;
  return { code: 'no-zstd', ...(detail ? { detail } : {}) };
}

/**
 * What a compressed figure compares with: JSON's raw bytes of the same messages. In a stream
 * compressed sizes are means over held-out messages, so their JSON is those messages' mean.
 */
export function baselineBytes(json: CompletedResult, transport: Transport): number {
  if (transport === 'raw' || !isMessageRow(json)) return json.bytes;
  if (transport === 'zstd-dictionary' && json.messages.dictionary.status === 'measured') return json.messages.dictionary.raw;
  return json.messages.compression.raw;
}

interface CallTimes {
  compressNs: number;
  decompressNs: number;
}

/** The row's compression times per call, the median over its rounds, and each round's where recorded. */
function compressionTimes(row: CompletedResult, context: TransportContext): { median: CallTimes; rounds: Map<number, CallTimes> } | Missing {
  const { transport } = context;
  if (isMessageRow(row)) {
    if (transport === 'zstd') {
      const times = row.messages.compression.zstdTimes;
      return times
        ? { median: times, rounds: new Map() }
        : { code: 'no-zstd', ...(row.messages.compression.zstdNotMeasured ? { detail: row.messages.compression.zstdNotMeasured } : {}) };
    }
    if (transport === 'zstd-dictionary') {
      const dictionary = row.messages.dictionary;
      return dictionary.status === 'measured' ? { median: dictionary.times, rounds: new Map() } : { code: 'no-dictionary', detail: dictionary.reason };
    }
    return { code: 'message-times-zstd-only' };
  }
  if (transport === 'zstd-dictionary') return { code: 'dictionary-messages-only' };
  const timing = row.compressionTiming;
  if (!timing) return { code: context.quick ? 'quick-run' : row.runtime === 'browser' ? 'browser' : 'not-timed' };
  const median = timing[transport as TransportCompression];
  if (!median) return { code: 'no-zstd', ...(timing.zstdNotMeasured ? { detail: timing.zstdNotMeasured } : {}) };
  const rounds = new Map(
    (row.rounds ?? []).flatMap((round) => {
      const times = round.compression?.[transport as TransportCompression];
      return times ? [[round.round, times] as const] : [];
    }),
  );
  return { median, rounds };
}

export type EndToEnd = Record<'encode' | 'decode' | 'together', SpeedFigure | Missing>;

const round3 = (value: number) => Number(value.toFixed(3));

function figureOf(values: readonly number[]): SpeedFigure {
  const [low, high] = rerunInterval(values);
  return { value: round3(medianOf(values)), interval: [round3(low), round3(high)], rounds: values.length };
}

/**
 * JSON's time over the row's, each with the transport's compression (encode) or decompression
 * (decode) added, in each round the row has a speed-up in: JSON's time of that round is the one
 * the row's speed-up was taken against (its time × the speed-up). A round that timed no
 * compression takes the median of the rounds that did. `together`: √(encode × decode) per round.
 */
export function endToEnd(row: CompletedResult, json: CompletedResult | undefined, context: TransportContext): EndToEnd {
  const missing = (why: Missing): EndToEnd => ({ encode: why, decode: why, together: why });
  if (!json || !row.speedupVsJson) return missing({ code: 'no-json' });
  // Sent as encoded: the row's own speed-ups, the figures of the table.
  if (context.transport === 'raw') {
    const speeds = { defaultRounds: context.defaultRounds };
    return { encode: operationSpeed('encode', speeds)(row)!, decode: operationSpeed('decode', speeds)(row)!, together: combinedSpeed(speeds)(row)! };
  }
  const own = compressionTimes(row, context);
  if (isMissing(own)) return missing(own);
  const base = compressionTimes(json, context);
  if (isMissing(base)) return missing(base);
  const jsonRound = (round: number) => base.rounds.get(round) ?? base.median;
  const rounds = (row.rounds ?? []).flatMap((round) => (round.speedupVsJson ? [{ ...round, speedupVsJson: round.speedupVsJson }] : []));
  const perRound =
    rounds.length > 0
      ? rounds.map((round) => {
          const times = own.rounds.get(round.round) ?? own.median;
          const jsonTimes = jsonRound(round.round);
          const encode = (round.encodeMeanNs * round.speedupVsJson.encode + jsonTimes.compressNs) / (round.encodeMeanNs + times.compressNs);
          const decode = (round.decodeMeanNs * round.speedupVsJson.decode + jsonTimes.decompressNs) / (round.decodeMeanNs + times.decompressNs);
          return { encode, decode };
        })
      : // An older report's row without rounds: its medians, one figure without an interval.
        [
          {
            encode: (json.encode.meanNs + base.median.compressNs) / (row.encode.meanNs + own.median.compressNs),
            decode: (json.decode.meanNs + base.median.decompressNs) / (row.decode.meanNs + own.median.decompressNs),
          },
        ];
  const counted = (figure: SpeedFigure): SpeedFigure => (rounds.length > 0 ? figure : { ...figure, rounds: context.defaultRounds });
  return {
    encode: counted(figureOf(perRound.map((round) => round.encode))),
    decode: counted(figureOf(perRound.map((round) => round.decode))),
    together: counted(figureOf(perRound.map((round) => Math.sqrt(round.encode * round.decode)))),
  };
}
