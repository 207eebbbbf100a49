/**
 * What the schema layer shares with the codecs, the engine and the inspector above it: a schema
 * the user gave, and the error that says a format cannot express a sample. Here, at the lowest
 * layer that uses them, so every user imports downwards.
 */

/**
 * A sample this format cannot express. Thrown by `prepare` (and by schema inference); becomes
 * a `skipped` row with the reason, not an error.
 */
export class UnsupportedSampleError extends Error {
  override name = 'UnsupportedSampleError';
}
