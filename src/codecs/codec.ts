/**
 * One interface for every serialization library. A codec module is loaded only inside its
 * worker, so its library is never evaluated in the extension host or beside another codec.
 */
import type { SchemaOrigin } from '../shared/results';

export interface CodecDescriptor {
  id: string;
  label: string;
  format: string;
  /** npm package name (or `node:v8` for built-ins); its version is read at build time. */
  library: string;
  /** Whether the format needs a schema; where none is provided, one is inferred. */
  needsSchema: boolean;
}

/** A schema handed to a codec by the user (issue: schemas in and out). */
export interface ProvidedSchema {
  kind: 'avsc' | 'proto';
  /** Schema text as the user wrote it. */
  source: string;
  /** For `.proto`: the message type to encode. */
  typeName?: string;
}

export interface PrepareContext {
  schema?: ProvidedSchema;
}

/** What a codec needs to turn the sample into bytes and back. */
export interface PreparedCodec {
  /** The value handed to `encode`: the sample, or the sample wrapped as the format requires. */
  input: unknown;
  encode(value: unknown): Uint8Array;
  /** Returns data comparable to the sample (any wrapping removed). */
  decode(bytes: Uint8Array): unknown;
  schema: SchemaOrigin;
  notes: string[];
}

export interface CodecModule {
  prepare(sample: unknown, context: PrepareContext): PreparedCodec;
}

/**
 * A sample this format cannot express. Thrown by `prepare`; becomes a `skipped` row with the
 * reason, not an error.
 */
export class UnsupportedSampleError extends Error {
  override name = 'UnsupportedSampleError';
}
