/**
 * Message mode in the editor: whether a comparison measures its sample as one
 * document or as a stream of messages, each record encoded and decoded alone. Asked for (the
 * panel's Messages toggle, Run Benchmark…'s choice) or, when not, the default the CLI has: JSON
 * Lines samples are streams, with a line saying so. Pure: no vscode import.
 */
import { isJsonLinesPath, SampleInputError } from '../input/parse-sample';
import type { MessagesOptions } from '../engine/messages/compare-messages';
import type { MessageStreamFormat } from '../shared/messages';
import type { SampleSource } from './sample-source';

export interface MessageMode {
  on: boolean;
  /** On without being asked for: the sample is JSON Lines. */
  byDefault: boolean;
  /** The log's line when message mode was not asked for. */
  announce?: string;
}

/** A JSON Lines sample: a .jsonl / .ndjson file, or an editor in the JSON Lines language. */
export function isJsonLinesSource(source: SampleSource): boolean {
  switch (source.kind) {
    case 'file':
      return isJsonLinesPath(source.path);
    case 'text':
      return source.sampleKind === 'jsonl';
    case 'uri':
      return isJsonLinesPath(source.location);
    case 'generated':
      return false;
  }
}

/** `asked`: the request's choice (true: messages, false: one document), undefined: the sample's default. */
export function messageModeOf(source: SampleSource, asked: boolean | undefined): MessageMode {
  if (asked !== undefined) return { on: asked, byDefault: false };
  if (!isJsonLinesSource(source)) return { on: false, byDefault: false };
  return {
    on: true,
    byDefault: true,
    announce: `${source.name} is JSON Lines: each record is measured as its own message (message mode); turn off Messages in the panel to measure the records as one array.`,
  };
}

/** How the stream is laid out: JSON Lines by the source, else what its location says (a folder, a JSON array). */
export function streamFormatOfSource(source: SampleSource): MessageStreamFormat | undefined {
  return isJsonLinesSource(source) ? 'jsonl' : source.kind === 'file' ? undefined : 'json-array';
}

/** `payloadLab.messages.*`: the dictionary split, the link speeds, lines that are not JSON. */
export interface MessageSettings {
  dictionarySplit: number;
  dictionaryBytes: number;
  linkBitsPerSecond: number[];
  skipInvalidLines: boolean;
}

export function messageOptions(
  source: SampleSource,
  settings: MessageSettings,
): Pick<MessagesOptions, 'format' | 'invalidLines' | 'dictionary' | 'linkBitsPerSecond'> {
  const format = streamFormatOfSource(source);
  return {
    ...(format ? { format } : {}),
    invalidLines: settings.skipInvalidLines ? 'skip' : 'stop',
    dictionary: { trainShare: settings.dictionarySplit, sizeBytes: settings.dictionaryBytes },
    linkBitsPerSecond: settings.linkBitsPerSecond,
  };
}

/** Said in the log when a message-mode run leaves the browser runtime out. */
export const MESSAGES_NODE_ONLY = 'message mode runs in Node worker threads only for now: the browser runtime is left out of this run';

/** A stream's input error in the editor's words: the setting where the CLI's names its flag. */
export function inEditorWords(error: unknown): unknown {
  if (!(error instanceof SampleInputError) || !error.message.includes('--skip-invalid-lines')) return error;
  return new SampleInputError(
    error.message.replace('run with --skip-invalid-lines', 'turn on the payloadLab.messages.skipInvalidLines setting'),
    error.path,
    error.line,
    error.column,
  );
}
