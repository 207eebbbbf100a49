/**
 * What the panel replays to a page that loads again (a hidden webview is destroyed and
 * re-created; no retainContextWhenHidden): for each kind of run, its current run's events. A new
 * run of a kind replaces that kind's events only (a comparison keeps the probe run's). Items
 * and the ending are all kept; progress says where the run is now, so only the latest is.
 * Pure: no vscode import.
 */
import type { RunEvent, RunKind } from '../shared/run-events';

export class RunReplay {
  private readonly runs = new Map<RunKind, RunEvent[]>();

  record(event: RunEvent): void {
    if (event.phase === 'started') {
      this.runs.set(event.kind, [event]);
      return;
    }
    const events = this.runs.get(event.kind) ?? [];
    // A run that failed before it started is told too (why it failed).
    if (events[0]?.runId !== event.runId) events.length = 0;
    if (event.phase === 'progress') {
      const earlier = events.findIndex((kept) => kept.phase === 'progress');
      if (earlier >= 0) events.splice(earlier, 1);
    }
    events.push(event);
    this.runs.set(event.kind, events);
  }

  /** Every kind's events, each kind in the order they were sent. */
  events(): RunEvent[] {
    return [...this.runs.values()].flat();
  }
}
