/**
 * Which sample a command acts on: the Explorer's file, else the active editor's document.
 * Pure (no vscode import): commands pass in what VS Code tells them, tests pass plain objects.
 */
import { sampleKindOf } from '../input/read-sample';
import type { SampleSource, UriLike } from '../host/sample-source';
import type { SampleKind } from '../shared/codec-job';

export type { SampleSource, UriLike };

export interface DocumentLike {
  uri: UriLike;
  languageId: string;
  isDirty: boolean;
  isUntitled: boolean;
  getText(): string;
}

export type SampleResolution = { ok: true; source: SampleSource } | { ok: false; message: string };

const JSON_LANGUAGES = new Set(['json', 'jsonl', 'ndjson']);
const JSON_EXTENSION = /\.(json|jsonl|ndjson)$/i;

export function baseName(uri: UriLike): string {
  const segments = uri.path.split('/');
  return segments[segments.length - 1] || uri.toString();
}

export function isJsonSample(uri: UriLike, languageId?: string): boolean {
  return JSON_EXTENSION.test(uri.path) || (languageId !== undefined && JSON_LANGUAGES.has(languageId));
}

function notJson(name: string, languageId?: string): SampleResolution {
  const what = languageId ? `a ${languageId} document` : 'not a .json, .jsonl or .ndjson file';
  return {
    ok: false,
    message: `Payload Lab compares JSON samples: ${name} is ${what}. Open a JSON or JSON Lines file, or use "Payload Lab: Run Benchmark…" to pick one.`,
  };
}

function fromDocument(document: DocumentLike): SampleSource {
  const name = baseName(document.uri);
  const location = document.uri.scheme === 'file' ? document.uri.fsPath : document.uri.toString();
  // Unsaved edits count: the user compares what they see.
  if (document.isDirty || document.isUntitled || document.uri.scheme === 'untitled') {
    const sampleKind: SampleKind = document.languageId === 'jsonl' || document.languageId === 'ndjson' ? 'jsonl' : sampleKindOf(document.uri.path);
    return { kind: 'text', name, location, uri: document.uri, text: document.getText(), sampleKind };
  }
  return fromUri(document.uri);
}

function fromUri(uri: UriLike): SampleSource {
  const name = baseName(uri);
  if (uri.scheme === 'file') return { kind: 'file', name, location: uri.fsPath, path: uri.fsPath };
  return { kind: 'uri', name, location: uri.toString(), uri };
}

export function resolveSample(input: {
  /** The resource a menu passed (Explorer, editor title, editor context). */
  resource?: UriLike;
  activeDocument?: DocumentLike;
  openDocuments: readonly DocumentLike[];
}): SampleResolution {
  if (input.resource) {
    const open = input.openDocuments.find((document) => document.uri.toString() === input.resource!.toString());
    if (!isJsonSample(input.resource, open?.languageId)) return notJson(baseName(input.resource), open?.languageId);
    return { ok: true, source: open ? fromDocument(open) : fromUri(input.resource) };
  }
  const active = input.activeDocument;
  if (!active) {
    return { ok: false, message: 'Open a JSON file first, or right-click one in the Explorer and choose "Compare Encodings".' };
  }
  if (!isJsonSample(active.uri, active.languageId)) return notJson(baseName(active.uri), active.languageId);
  return { ok: true, source: fromDocument(active) };
}
