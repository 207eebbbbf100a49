/**
 * The sample a run measures, as the host keeps it (commands resolve it; the sessions run it and
 * name it). Pure: no vscode import.
 */
import type { FormatSchemaFile, ProvidedSchema, SampleKind } from '../shared/codec-job';
import * as path from 'node:path';
import type { SampleOrigin } from '../shared/results';

export interface UriLike {
  scheme: string;
  fsPath: string;
  path: string;
  toString(): string;
}

/** Where the engine gets the sample's bytes from. */
export type SampleSource =
  /** A saved file: each worker reads it, so the extension host never holds its bytes. */
  | { kind: 'file'; name: string; location: string; path: string }
  /** Text only an editor has (unsaved edits, untitled documents). */
  | { kind: 'text'; name: string; location: string; uri: UriLike; text: string; sampleKind: SampleKind }
  /** A file on a non-local file system: read through VS Code, then handed over as bytes. */
  | { kind: 'uri'; name: string; location: string; uri: UriLike }
  /**
   * JSON text made by the extension (records generated from a schema): no file behind it.
   * `fileName` is what a person would save it as, `folder` where (the schema's, if a file).
   */
  | { kind: 'generated'; name: string; location: string; bytes: Uint8Array; fileName: string; folder?: string };

/** The last segment of a path (either separator). */
export function fileNameOf(filePath: string): string {
  return filePath.split(/[\\/]/).at(-1) || filePath;
}

/** The run's title in the panel: `orders.json with Items.proto`. */
export function runSampleName(sampleName: string, schema: ProvidedSchema | { kind: FormatSchemaFile['language']; path: string } | undefined): string {
  if (!schema) return sampleName;
  return `${sampleName} with ${schema.path ? fileNameOf(schema.path) : `the provided .${schema.kind}`}`;
}

/** Where the sample's bytes come from, as the panel's header says it (see SampleInfo.origin). */
export function sampleOrigin(source: SampleSource): SampleOrigin {
  return source.kind === 'text' ? 'editor' : source.kind === 'generated' ? 'generated' : 'file';
}

/**
 * Where text made from the sample (its inferred schema, its generated records) is proposed to
 * be saved: `issues.json` → `issues.proto` in the sample's folder. No folder for samples
 * without a local one (untitled text, remote files): the caller picks one.
 */
export function derivedDocumentPlace(source: SampleSource, extension: string): { folder?: string; fileName: string } {
  const fileName = (base: string) => `${base.replace(/\.(json|jsonl|ndjson)$/i, '') || 'sample'}.${extension}`;
  switch (source.kind) {
    case 'file':
      return { folder: path.dirname(source.path), fileName: fileName(fileNameOf(source.path)) };
    case 'text':
      return { ...(source.uri.scheme === 'file' ? { folder: path.dirname(source.uri.fsPath) } : {}), fileName: fileName(source.name) };
    case 'uri':
      return { fileName: fileName(source.name) };
    case 'generated':
      return { ...(source.folder === undefined ? {} : { folder: source.folder }), fileName: fileName(source.fileName) };
  }
}

/** `issues.proto`, `issues-2.proto`, `issues-3.proto`…: names to try until one is free. */
export function* numberedFileNames(fileName: string): Generator<string> {
  yield fileName;
  const dot = fileName.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [fileName.slice(0, dot), fileName.slice(dot)] : [fileName, ''];
  for (let n = 2; ; n++) yield `${stem}-${n}${extension}`;
}
