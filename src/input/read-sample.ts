/**
 * Turns the bytes of a sample file into a JSON value, or into an error that says what is wrong,
 * where (file:line:column) and what to do. JSON Lines files become an array of records.
 */
import * as fs from 'node:fs';
import { lineAndColumn, locateJsonError } from './locate-json-error';

export type SampleKind = 'json' | 'jsonl';

export class SampleInputError extends Error {
  override name = 'SampleInputError';
  constructor(
    message: string,
    readonly path: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(message);
  }
}

export function sampleKindOf(path: string): SampleKind {
  return /\.(jsonl|ndjson)$/i.test(path) ? 'jsonl' : 'json';
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

export function decodeSampleText(bytes: Uint8Array, path: string): string {
  if (bytes.byteLength === 0) {
    throw new SampleInputError(`${path}: the file is empty. Give a JSON document, e.g. {"items": [...]}.`, path);
  }
  const nul = bytes.indexOf(0);
  if (nul !== -1) {
    throw new SampleInputError(
      `${path}: this looks like a binary file (NUL byte at offset ${nul}), not JSON text. Pick a .json or .jsonl file.`,
      path,
    );
  }
  try {
    // The BOM is removed by the decoder (ignoreBOM: false).
    return utf8.decode(bytes);
  } catch {
    throw new SampleInputError(`${path}: the file is not valid UTF-8 text. Save it as UTF-8 and try again.`, path);
  }
}

export function parseSampleText(text: string, kind: SampleKind, path: string): unknown {
  if (text.trim() === '') {
    throw new SampleInputError(`${path}: the file holds only whitespace. Give a JSON document.`, path);
  }
  return kind === 'jsonl' ? parseJsonLines(text, path) : parseJsonDocument(text, path, 0);
}

/** Reads the file when no bytes are given; a read error becomes an input error naming the file. */
/** A sample as a worker gets it: its bytes, or the path it reads them from itself. */
export interface SampleBytes {
  /** What to call the sample in messages (a path, or an untitled editor's name). */
  path: string;
  kind: SampleKind;
  /**
   * The sample's bytes, or absent to have each worker read the file at `path` itself: a big
   * file then never passes through (nor is copied by) the caller's thread.
   */
  bytes?: Uint8Array;
}

export function sampleBytesOf(sample: { path: string; bytes?: Uint8Array }): Uint8Array {
  if (sample.bytes) return sample.bytes;
  try {
    return fs.readFileSync(sample.path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder, not a file' : `cannot read it (${code})`;
    throw new SampleInputError(`${sample.path}: ${reason}`, sample.path);
  }
}

export function parseSample(bytes: Uint8Array, kind: SampleKind, path: string): unknown {
  return parseSampleText(decodeSampleText(bytes, path), kind, path);
}

function parseJsonDocument(text: string, path: string, lineOffset: number): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw syntaxError(text, path, lineOffset, error);
  }
}

function parseJsonLines(text: string, path: string): unknown[] {
  const records: unknown[] = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    records.push(parseJsonDocument(line, path, index));
  });
  return records;
}

function syntaxError(text: string, path: string, lineOffset: number, cause: unknown): SampleInputError {
  const located = locateJsonError(text);
  const reason = located?.reason ?? (cause instanceof Error ? cause.message : String(cause));
  const { line, column } = lineAndColumn(text, located?.offset ?? text.length);
  const fileLine = line + lineOffset;
  return new SampleInputError(
    `${path}:${fileLine}:${column}: JSON syntax error: ${reason}. Fix the file at line ${fileLine}, column ${column} and run again.`,
    path,
    fileLine,
    column,
  );
}
