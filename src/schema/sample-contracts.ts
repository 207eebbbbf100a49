/**
 * What the schema layer shares with the codecs, the engine and the inspector above it: a schema
 * the user gave, and the error that says a format cannot express a sample. Here, at the lowest
 * layer that uses them, so every user imports downwards.
 */

/**
 * A schema handed to a codec by the user (issue: schemas in and out). The codec of its format
 * uses it as given; the other schema-based codec derives its schema from it, field by field.
 */
export interface ProvidedSchema {
  kind: 'avsc' | 'proto';
  /** Schema text as the user wrote it. */
  source: string;
  /** For `.proto`: the message type to encode (default: the one no other message refers to). */
  typeName?: string;
  /** Where the schema came from, for messages and notes (`schemas/Items.proto`). */
  path?: string;
  /**
   * Other files the schema needs, by path → text, read where the files are (disk, or an
   * editor's unsaved text) so a worker needs no file access: a `.proto`'s imports, transitively
   * (Google's well-known types excepted: protobufjs ships them), or the `.avsc` / `.avpr` files
   * that define named types an Avro schema refers to.
   */
  imports?: Record<string, string>;
}

/**
 * A sample this format cannot express. Thrown by `prepare` (and by schema inference); becomes
 * a `skipped` row with the reason, not an error.
 */
export class UnsupportedSampleError extends Error {
  override name = 'UnsupportedSampleError';
}
