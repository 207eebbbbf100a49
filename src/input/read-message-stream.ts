/**
 * Reads a stream of messages where a worker finds it: a JSON Lines file, a JSON array, or a
 * folder of `.json` files (one message each, in name order, numbers compared as numbers). Each
 * file of a folder is a document of its own: an error names the file, line and column.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseMessageStream, requireMessages, type MessageStream } from './message-stream';
import { parseSample, SampleInputError } from './parse-sample';
import { sampleBytesOf } from './read-sample';
import type { MessagesPlan } from '../shared/messages';

export interface ReadStream extends MessageStream {
  /** The file's bytes (JSON Lines or array): where integers JSON.parse rounded are found. Absent for a folder. */
  bytes?: Uint8Array;
  /** Bytes read: the file, or every file of the folder. */
  fileBytes: number;
}

export function readMessageStream(sample: { path: string; bytes?: Uint8Array }, plan: Pick<MessagesPlan, 'format' | 'invalidLines'>): ReadStream {
  if (plan.format !== 'json-folder') {
    const bytes = sampleBytesOf(sample);
    return { ...parseMessageStream(bytes, plan.format, sample.path, plan.invalidLines), bytes, fileBytes: bytes.byteLength };
  }
  const files = jsonFilesIn(sample.path);
  let fileBytes = 0;
  const records = files.map((file) => {
    const bytes = sampleBytesOf({ path: file });
    fileBytes += bytes.byteLength;
    return parseSample(bytes, 'json', file);
  });
  return { ...requireMessages({ format: 'json-folder', records, skipped: { count: 0, first: [] } }, sample.path), fileBytes };
}

const byName = new Intl.Collator('en', { numeric: true }).compare;

function jsonFilesIn(folder: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(folder);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such folder' : code === 'ENOTDIR' ? 'is a file, not a folder' : `cannot read it (${code})`;
    throw new SampleInputError(`${folder}: ${reason}`, folder);
  }
  return names
    .filter((name) => /\.json$/i.test(name))
    .sort(byName)
    .map((name) => path.join(folder, name))
    .filter((file) => fs.statSync(file).isFile());
}

/** A path that is a folder: its `.json` files are the messages. */
export function isFolder(location: string): boolean {
  try {
    return fs.statSync(location).isDirectory();
  } catch {
    return false;
  }
}
