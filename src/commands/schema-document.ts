/** Which documents "Compare with This Schema" takes: .proto/.avsc files, or text that looks like one. */
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
