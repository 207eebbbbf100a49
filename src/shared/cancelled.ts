/**
 * Work the user (or a caller's signal) stopped: not a failure to report as a row. The one way a
 * cancellation is thrown anywhere, on either side of a channel: a handler that throws it is
 * answered with its `code`, and the caller's request rejects with a CancelledError again
 * (channel.ts). A row or a worker's fate that was cancelled says so as data (stage `cancelled`).
 */
export const CANCELLED_CODE = 'cancelled';

export class CancelledError extends Error {
  override name = 'CancelledError';
  readonly code = CANCELLED_CODE;
}

/** A stage error that says the work was cancelled, thrown as the cancellation it is (a cancelled run leaves no error row). */
export function throwIfCancelled(error: { stage: string; message: string }): void {
  if (error.stage === CANCELLED_CODE) throw new CancelledError(error.message);
}
