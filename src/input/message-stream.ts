/**
 * A sample read as a stream of messages: JSON Lines, one record per line, or the
 * elements of a JSON array. A line that is not JSON stops the stream with its line and column
 * (or, asked to, is left out and counted); a stream with no message is an error that says what
 * to give. Nothing from Node: the folder of `.json` files is read in read-message-stream.ts.
 */
import { decodeSampleText, isJsonLinesPath, parseSampleText, SampleInputError } from './parse-sample';
import type { MessageStreamFormat, MessageStreamInfo } from '../shared/messages';

/** Lines listed in `skipped.first`; the rest are counted. */
const LISTED_SKIPPED_LINES = 20;

export interface MessageStream {
  format: MessageStreamFormat;
  records: unknown[];
  skipped: MessageStreamInfo['skipped'];
}

/** `.jsonl` / `.ndjson`: JSON Lines; anything else holding one JSON document: its array's elements. */
export function streamFormatOf(path: string): Exclude<MessageStreamFormat, 'json-folder'> {
  return isJsonLinesPath(path) ? 'jsonl' : 'json-array';
}

export function parseMessageStream(
  bytes: Uint8Array,
  format: Exclude<MessageStreamFormat, 'json-folder'>,
  path: string,
  invalidLines: 'stop' | 'skip',
): MessageStream {
  const text = decodeSampleText(bytes, path);
  if (format === 'jsonl') return requireMessages(parseLines(text, path, invalidLines), path);
  const document = parseSampleText(text, 'json', path);
  if (!Array.isArray(document)) {
    throw new SampleInputError(
      `${path}: message mode reads the elements of a JSON array as the messages, and this file holds ${describeRoot(document)}. ` +
        'Give an array of records, a .jsonl file (one record per line) or a folder of .json files.',
      path,
    );
  }
  return requireMessages({ format, records: document, skipped: { count: 0, first: [] } }, path);
}

/** The stream as it stands; an empty one is refused with what to give instead. */
export function requireMessages(stream: MessageStream, path: string): MessageStream {
  if (stream.records.length > 0) return stream;
  const skipped =
    stream.skipped.count > 0
      ? ` (${stream.skipped.count.toLocaleString('en-US')} line${stream.skipped.count === 1 ? ' was' : 's were'} not JSON and left out)`
      : '';
  const what = stream.format === 'jsonl' ? 'no record on any line' : stream.format === 'json-array' ? 'an empty array' : 'no .json file';
  throw new SampleInputError(`${path}: the stream has no message: ${what}${skipped}. Give at least one record to measure.`, path);
}

function parseLines(text: string, path: string, invalidLines: 'stop' | 'skip'): MessageStream {
  const records: unknown[] = [];
  const skipped: MessageStream['skipped'] = { count: 0, first: [] };
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (line.trim() === '') continue;
    try {
      records.push(JSON.parse(line));
    } catch {
      // The located message (line:column, what was expected) of the document parser.
      const located = locatedLineError(line, path, index);
      if (invalidLines === 'stop') {
        throw new SampleInputError(
          `${located.message.replace(/ and run again\.$/, '')}, or run with --skip-invalid-lines to leave such lines out (they are counted).`,
          path,
          located.line,
          located.column,
        );
      }
      skipped.count++;
      if (skipped.first.length < LISTED_SKIPPED_LINES)
        skipped.first.push({ line: index + 1, reason: located.message.replace(/^.*?: JSON syntax error: /, '').replace(/\. Fix the file.*$/, '') });
    }
  }
  return { format: 'jsonl', records, skipped };
}

/** The document parser's error for one line, at the line's place in the file. */
function locatedLineError(line: string, path: string, index: number): SampleInputError {
  try {
    parseSampleText(`${'\n'.repeat(index)}${line}`, 'json', path);
  } catch (error) {
    if (error instanceof SampleInputError) return error;
  }
  return new SampleInputError(`${path}:${index + 1}:1: JSON syntax error. Fix the file at line ${index + 1} and run again.`, path, index + 1, 1);
}

function describeRoot(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'object') return 'one object';
  return `a ${typeof value}`;
}
