/**
 * Turns the bytes of a sample file into a JSON value, or into an error that says what is wrong,
 * where (file:line:column) and what to do. JSON Lines files become an array of records.
 * Nothing from Node: a browser worker parses the sample it was sent with the same code.
 */
import { lineAndColumn, locateJsonError } from './locate-json-error';
import type { SampleKind } from '../shared/codec-job';

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

export function isJsonLinesPath(path: string): boolean {
  return /\.(jsonl|ndjson)$/i.test(path);
}

export function sampleKindOf(path: string): SampleKind {
  return isJsonLinesPath(path) ? 'jsonl' : 'json';
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

export function decodeSampleText(bytes: Uint8Array, path: string): string {
  if (bytes.byteLength === 0) {
    throw new SampleInputError(`${path}: the file is empty. Give a JSON document, e.g. {"items": [...]}.`, path);
  }
  const nul = bytes.indexOf(0);
  if (nul !== -1) {
    throw new SampleInputError(`${path}: this looks like a binary file (NUL byte at offset ${nul}), not JSON text. Pick a .json or .jsonl file.`, path);
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
