/** A run the user (or a caller's signal) stopped: not a failure to report as a row. */
export class CancelledError extends Error {
  override name = 'CancelledError';
}
