/** Which documents "Compare with This Schema" takes: .proto/.avsc files, or text that looks like one. */
import { formatLanguageOf, type FormatLanguage } from './schema-choices';

export interface SchemaDocumentLike {
  uri: { path: string };
  languageId: string;
  getText(): string;
}

export function schemaKindOfDocument(document: SchemaDocumentLike): 'proto' | 'avsc' | undefined {
  if (/\.proto$/i.test(document.uri.path)) return 'proto';
  if (/\.(avsc|avpr|avdl)$/i.test(document.uri.path)) return 'avsc';
  return schemaKindOfText(document.languageId, document.getText());
}

/**
 * An untitled proto3 document (plain text that declares `syntax = "proto3"`, where no proto
 * language is installed), or a JSON one that is an Avro record/enum/array/map/fixed schema.
 */
export function schemaKindOfText(languageId: string, text: string): 'proto' | 'avsc' | undefined {
  const hasMessage = /\bmessage\s+\w+\s*\{/.test(text);
  if (languageId === 'proto3' || languageId === 'proto') return hasMessage ? 'proto' : undefined;
  if (languageId === 'plaintext') return hasMessage && /\bsyntax\s*=\s*"proto3"/.test(text) ? 'proto' : undefined;
  if (languageId !== 'json' && languageId !== 'jsonc') return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
    const type = (parsed as { type?: unknown }).type;
    return typeof type === 'string' && ['record', 'enum', 'array', 'map', 'fixed'].includes(type) ? 'avsc' : undefined;
  } catch {
    return undefined;
  }
}

/** Language ids the FlatBuffers, Cap'n Proto and Bebop extensions of the Marketplace give their files. */
const FORMAT_LANGUAGE_IDS: Record<string, FormatLanguage> = { flatbuffers: 'fbs', fbs: 'fbs', capnp: 'capnp', capnproto: 'capnp', bebop: 'bop', bop: 'bop' };

/**
 * A user's own .fbs, .capnp or .bop: by its name (an untitled one that has a path too), by the
 * language an installed extension gives it, or plain text that can only be one (FlatBuffers'
 * `root_type X;`, Cap'n Proto's file id `@0x…;`, Bebop's `1 -> ` message fields).
 */
export function formatLanguageOfDocument(document: SchemaDocumentLike): FormatLanguage | undefined {
  const byName = formatLanguageOf(document.uri.path);
  if (byName) return byName;
  const byLanguage = FORMAT_LANGUAGE_IDS[document.languageId];
  if (byLanguage) return byLanguage;
  if (document.languageId !== 'plaintext') return undefined;
  const text = document.getText();
  if (/^\s*root_type\s+[\w.]+\s*;/m.test(text)) return 'fbs';
  if (/^\s*@0x[0-9a-f]{16}\s*;/im.test(text)) return 'capnp';
  if (/\bmessage\s+\w+\s*\{[^}]*\b\d+\s*->/.test(text)) return 'bop';
  return undefined;
}

/** Language ids a proto extension of the Marketplace gives .proto files (VS Code itself has none). */
const PROTO_LANGUAGE_IDS = ['proto3', 'proto'];

/**
 * The language to open an inferred schema in, from those installed (`languages.getLanguages()`):
 * a .proto in the proto extension's language; an .avsc as JSON; an .fbs, .capnp or .bop in its
 * extension's. Undefined when none is installed: the document's name (`*.proto`) then lets VS
 * Code pick what it has, and its language guess (it took a .proto for Dart) is not asked.
 */
export function inferredSchemaLanguage(format: 'proto' | 'avsc' | FormatLanguage, installed: readonly string[]): string | undefined {
  if (format === 'avsc') return 'json';
  const wanted = format === 'proto' ? PROTO_LANGUAGE_IDS : Object.keys(FORMAT_LANGUAGE_IDS).filter((id) => FORMAT_LANGUAGE_IDS[id] === format);
  return wanted.find((id) => installed.includes(id));
}
