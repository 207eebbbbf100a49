/**
 * The sample a run measures, as the host keeps it (commands resolve it; the sessions run it and
 * name it). Pure: no vscode import.
 */
import type { ProvidedSchema, SampleKind } from '../shared/codec-job';

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
  /** JSON text made by the extension (records generated from a schema): no file behind it. */
  | { kind: 'generated'; name: string; location: string; bytes: Uint8Array };

/** The last segment of a path (either separator). */
export function fileNameOf(filePath: string): string {
  return filePath.split(/[\\/]/).at(-1) || filePath;
}

/** The run's title in the panel: `orders.json with Items.proto`. */
export function runSampleName(sampleName: string, schema: ProvidedSchema | undefined): string {
  if (!schema) return sampleName;
  return `${sampleName} with ${schema.path ? fileNameOf(schema.path) : `the provided .${schema.kind}`}`;
}
