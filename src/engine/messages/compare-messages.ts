/**
 * Message mode: the same rounds as a document's (compare.ts), on a stream whose
 * records are each encoded and decoded as their own message, in fresh workers, against JSON's
 * messages of the same round. The rows' figures are per message; once a row has its timings,
 * its `messages` gets the per-message rates and the link figures.
 */
import { compareSample, type CompareOptions } from '../compare';
import { isFolder } from '../../input/read-message-stream';
import { streamFormatOf } from '../../input/message-stream';
import { perMessageFigures } from '../../measurement/messages/per-message';
import { linkFigures } from '../../measurement/messages/link';
import type { CodecResult, ComparisonReport } from '../../shared/results';
import {
  DEFAULT_BATCH_SIZES,
  DEFAULT_COMPRESSED_MESSAGES,
  DEFAULT_DICTIONARY,
  DEFAULT_LINK_BITS_PER_SECOND,
  QUICK_COMPRESSED_MESSAGES,
  type DictionarySettings,
  type MessageStreamFormat,
  type MessagesPlan,
} from '../../shared/messages';

export interface MessagesOptions extends Omit<CompareOptions, 'messages' | 'runtime' | 'scale'> {
  /** Default: a folder's `.json` files; `.jsonl` / `.ndjson` lines; otherwise a JSON array's elements. */
  format?: MessageStreamFormat;
  /** Lines that are not JSON: `stop` (default) or `skip` (counted). */
  invalidLines?: MessagesPlan['invalidLines'];
  dictionary?: Partial<DictionarySettings>;
  batchSizes?: readonly number[];
  /** Link speeds the throughput figures are computed for, in bits per second (default 10 Mbit/s, 100 Mbit/s, 1 Gbit/s). */
  linkBitsPerSecond?: readonly number[];
  /** Held-out messages each compressed figure is measured on (default 2,000; quick 500). */
  compressedMessages?: number;
}

/** Where a stream is and what it is made of: a folder, JSON Lines, or a JSON array. */
export function messageFormatOf(location: string): MessageStreamFormat {
  return isFolder(location) ? 'json-folder' : streamFormatOf(location);
}

export function messagesPlan(location: string, options: MessagesOptions): MessagesPlan {
  return {
    format: options.format ?? messageFormatOf(location),
    invalidLines: options.invalidLines ?? 'stop',
    dictionary: { ...DEFAULT_DICTIONARY, ...options.dictionary },
    batchSizes: [...(options.batchSizes ?? DEFAULT_BATCH_SIZES)],
    compressedMessages: options.compressedMessages ?? (options.quick ? QUICK_COMPRESSED_MESSAGES : DEFAULT_COMPRESSED_MESSAGES),
  };
}

export async function compareMessages(
  sample: { path: string; bytes?: Uint8Array; origin?: ComparisonReport['input']['origin'] },
  options: MessagesOptions = {},
): Promise<ComparisonReport> {
  const plan = messagesPlan(sample.path, options);
  const speeds = options.linkBitsPerSecond ?? DEFAULT_LINK_BITS_PER_SECOND;
  const complete = (row: CodecResult) => withMessageFigures(row, speeds);
  const report = await compareSample(
    { ...sample, kind: plan.format === 'jsonl' ? 'jsonl' : 'json' },
    { ...options, messages: plan, ...(options.onResult ? { onResult: (row, progress) => options.onResult!(complete(row), progress) } : {}) },
  );
  return { ...report, results: report.results.map(complete) };
}

/** A completed message-mode row with its per-message rates and link figures (from its timings over the rounds). */
export function withMessageFigures(row: CodecResult, speeds: readonly number[]): CodecResult {
  if (row.status !== 'completed' || !row.messages) return row;
  const messages = { ...row.messages, perMessage: perMessageFigures(row) };
  return { ...row, messages: { ...messages, link: linkFigures({ ...row, messages }, speeds) } };
}
