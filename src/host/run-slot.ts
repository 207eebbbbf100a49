/**
 * One run at a time, for every kind of session (comparisons, probes): a new request cancels the
 * run going on, waits until it has stopped, and starts only if no newer request came meanwhile.
 * Of several requests made while a run stops, the last one runs; never two at once, so no two
 * measurements compete for the CPU. No vscode import: unit tests drive it directly.
 */
export type SlotOutcome<T> = { started: true; value: T } | { started: false };

export class RunSlot {
  private requests = 0;
  private running: { controller: AbortController; stopped: Promise<void> } | undefined;

  get busy(): boolean {
    return this.running !== undefined;
  }

  /** Runs `work` once the slot is free, unless a newer request overtook this one meanwhile. */
  async run<T>(work: (controller: AbortController) => Promise<T>): Promise<SlotOutcome<T>> {
    const request = ++this.requests;
    while (this.running) {
      this.running.controller.abort();
      await this.running.stopped;
      if (request !== this.requests) return { started: false };
    }
    const controller = new AbortController();
    const finished = work(controller);
    // The slot frees itself before anyone waiting on `stopped` resumes.
    const stopped = finished
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        if (this.running?.controller === controller) this.running = undefined;
      });
    this.running = { controller, stopped };
    try {
      return { started: true, value: await finished };
    } finally {
      await stopped;
    }
  }

  /** Cancels the run going on, if any (it still ends in its own time). */
  cancel(): void {
    this.running?.controller.abort();
  }
}
