/**
 * Message mode in the CLI: `payload-lab messages FILE|DIR`, `compare --messages`, and
 * `compare` on a JSON Lines file (the default there, with a line saying so; `--document` measures
 * its records as one array). Every record is encoded and decoded as its own message.
 */
import { compareMessages, messageFormatOf, type MessagesOptions } from '../engine/messages/compare-messages';
import { isJsonLinesPath } from '../input/parse-sample';
import { jsonDocument } from '../report/json-document';
import { streamHeading } from '../report/messages-sections';
import type { VerdictChoice } from '../report/report-verdict';
import {
  DEFAULT_BATCH_SIZES,
  DEFAULT_COMPRESSED_MESSAGES,
  DEFAULT_DICTIONARY,
  DEFAULT_LINK_BITS_PER_SECOND,
  linkSpeedLabel,
  QUICK_COMPRESSED_MESSAGES,
} from '../shared/messages';
import { messagesFooter, messagesTableHeader, messagesTableRow, messagesVerdictSection } from './messages-table';

export const MESSAGE_OPTIONS = {
  messages: { type: 'boolean', default: false },
  document: { type: 'boolean', default: false },
  'skip-invalid-lines': { type: 'boolean', default: false },
  'dictionary-split': { type: 'string' },
  'dictionary-bytes': { type: 'string' },
  batches: { type: 'string' },
  link: { type: 'string' },
  'compressed-messages': { type: 'string' },
} as const;

export const MESSAGE_OPTIONS_USAGE = `Message mode (each record its own message, one schema for the stream; the default for .jsonl/.ndjson):
  --messages           FILE's records are messages: a JSON array's elements, a folder's .json files
  --document           a .jsonl file's records as one array (one document), not as messages
  --skip-invalid-lines leave out (and count) lines that are not JSON instead of stopping at the first
  --dictionary-split S share of the stream (its first messages) a zstd dictionary is trained on; every
                       compressed figure is measured on the rest (default ${DEFAULT_DICTIONARY.trainShare})
  --dictionary-bytes N largest dictionary zstd may train (default ${DEFAULT_DICTIONARY.sizeBytes}); needs the zstd command
                       (apt install zstd, or PAYLOAD_LAB_ZSTD)
  --batches LIST       messages compressed together (default ${DEFAULT_BATCH_SIZES.join(',')})
  --link LIST          link speeds for messages per second, bits/s with k/M/G (default ${DEFAULT_LINK_BITS_PER_SECOND.map(speedText).join(',')})
  --compressed-messages N  held-out messages compressed for the compressed figures (default
                       ${DEFAULT_COMPRESSED_MESSAGES}, quick ${QUICK_COMPRESSED_MESSAGES})`;

export const MESSAGES_USAGE = `Usage: payload-lab messages FILE|DIR [compare's options]

Measures FILE's records as a stream of messages: a .jsonl/.ndjson file (one record per line), a
JSON array (its elements), or a folder of .json files (one message each, in name order). Every
codec encodes and decodes each record alone, with one schema for the stream (inferred from every
record, or --proto/--avsc for one message); figures are per message, amortised over the stream,
in rounds. With --proto/--avsc and --samples N (no FILE): N generated records as the stream.

${MESSAGE_OPTIONS_USAGE}`;

export class MessagesUsageError extends Error {}

export interface MessageOptionValues {
  messages?: boolean;
  document?: boolean;
  'skip-invalid-lines'?: boolean;
  'dictionary-split'?: string;
  'dictionary-bytes'?: string;
  batches?: string;
  link?: string;
  'compressed-messages'?: string;
}

function speedText(bitsPerSecond: number): string {
  return linkSpeedLabel(bitsPerSecond)
    .replace(/ ([kMG])bit\/s$/, '$1')
    .replace(/ bit\/s$/, '');
}

/** Whether the run measures messages, and the line that says why when it was not asked for. */
export function messageMode(values: MessageOptionValues, file: string | undefined, generated: boolean): { on: boolean; announce?: string } {
  if (values.messages && values.document) throw new MessagesUsageError('--messages and --document exclude each other');
  if (values.messages) return { on: true };
  if (values.document || generated || file === undefined || !isJsonLinesPath(file)) return { on: false };
  return {
    on: true,
    announce: `${file} is JSON Lines: each record is measured as its own message (message mode); --document measures the records as one array.`,
  };
}

const SPEED_UNITS: Record<string, number> = { '': 1, k: 1e3, m: 1e6, g: 1e9 };

function linkSpeeds(text: string): number[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const match = /^(\d+(?:\.\d+)?)\s*([kmg]?)(?:bit\/s|bps|b)?$/i.exec(part);
      const value = match ? Number(match[1]) * SPEED_UNITS[match[2]!.toLowerCase()]! : Number.NaN;
      if (!(value > 0)) throw new MessagesUsageError(`--link takes speeds in bits/s such as 10M,100M,1G, got '${part}'`);
      return value;
    });
}

function wholeNumbers(name: string, text: string, min: number): number[] {
  return text.split(',').map((part) => {
    const value = Number(part.trim());
    if (!Number.isSafeInteger(value) || value < min) throw new MessagesUsageError(`--${name} takes whole numbers ≥ ${min}, got '${part.trim()}'`);
    return value;
  });
}

/** The message settings the flags ask for; the defaults where a flag is absent. */
export function messageSettingsFrom(
  values: MessageOptionValues,
): Pick<MessagesOptions, 'invalidLines' | 'dictionary' | 'batchSizes' | 'linkBitsPerSecond' | 'compressedMessages'> {
  const split = values['dictionary-split'] === undefined ? undefined : Number(values['dictionary-split']);
  if (split !== undefined && !(split > 0 && split < 1))
    throw new MessagesUsageError(`--dictionary-split takes a share between 0 and 1 (0.8: train on the first 80%), got '${values['dictionary-split']}'`);
  const dictionaryBytes = values['dictionary-bytes'] === undefined ? undefined : wholeNumbers('dictionary-bytes', values['dictionary-bytes'], 256)[0];
  return {
    invalidLines: values['skip-invalid-lines'] ? 'skip' : 'stop',
    dictionary: { ...(split === undefined ? {} : { trainShare: split }), ...(dictionaryBytes === undefined ? {} : { sizeBytes: dictionaryBytes }) },
    ...(values.batches === undefined ? {} : { batchSizes: wholeNumbers('batches', values.batches, 1) }),
    ...(values.link === undefined ? {} : { linkBitsPerSecond: linkSpeeds(values.link) }),
    ...(values['compressed-messages'] === undefined ? {} : { compressedMessages: wholeNumbers('compressed-messages', values['compressed-messages'], 1)[0]! }),
  };
}

export interface MessagesOutput {
  asJson: boolean;
  /** The verdict's priority and transport. */
  choice: VerdictChoice;
  write(text: string): void;
  /** The terminal's status line (progress), when there is one. */
  status?: (text: string) => void;
  /** Printed before the run: why message mode (stderr with --json). */
  announce?: string;
}

/** Runs message mode and prints its table and sections (or the JSON document). */
export async function runMessageMode(sample: { path: string; bytes?: Uint8Array }, options: MessagesOptions, output: MessagesOutput): Promise<number> {
  const { asJson, write, status } = output;
  if (output.announce) (asJson ? (text: string) => process.stderr.write(`${text}\n`) : write)(output.announce);
  const report = await compareMessages(sample, {
    ...options,
    // A folder is read as one; anything else as its name says.
    format: options.format ?? messageFormatOf(sample.path),
    onSampleRead: asJson ? undefined : (info) => write(`${streamHeading({ input: info })}\n\n${messagesTableHeader()}`),
    onResult: asJson
      ? undefined
      : (row, progress) => {
          if (progress.round < progress.rounds) return;
          status?.('');
          write(messagesTableRow(row));
        },
    onStage: status && ((codec, stage, progress) => status(`round ${progress.round} of ${progress.rounds}: ${codec}: ${stage}…`)),
  });
  if (process.stderr.isTTY && !asJson) process.stderr.write('\x1b[2K\r');
  if (asJson) {
    process.stdout.write(jsonDocument(report, output.choice));
    return 0;
  }
  write(messagesFooter(report));
  write(messagesVerdictSection(report, output.choice));
  return 0;
}
