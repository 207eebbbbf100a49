/**
 * The life of every kind of long work in the extension (a comparison, a probe run, a size sweep
 * or limit search), written once: one run of a kind at a time (RunSlot: a new request cancels
 * the run going on), its id, the progress notification with Cancel, its events to whichever
 * panel is open (which keeps them for a page that loads again), the log's start, finish, cancel
 * and failure lines, the error notification, and whether anything runs (the Cancel Run
 * command's context). A kind brings its work function and its types (shared/run-events.ts).
 * No vscode import: the host's side of VS Code comes in as a `RunHost` (vscode-run-host.ts),
 * so unit tests drive it with a fake panel.
 */
import { CancelledError } from '../shared/cancelled';
import {
  type ItemOf,
  type ProgressOf,
  type ReportOf,
  type RunEvent,
  type RunEventOf,
  type RunKey,
  type RunKind,
  RUNS_KEPT,
  type StartedOf,
} from '../shared/run-events';
import { type FailureLog, logFailure } from './failure-log';
import { RunSlot } from './run-slot';

/** Where a run's events go: the open panel (which replays them to a page that loads again). */
export interface RunPanel {
  emitRun(event: RunEvent): void;
}

export interface RunLog extends FailureLog {
  info(message: string): void;
}

/** The progress notification of one run. */
export interface ProgressNotice {
  /** Its line, and how much of the whole (percent) was done since the last report. */
  report(message: string, increment?: number): void;
  /** Called when the user presses the notification's Cancel. */
  onCancel(listener: () => void): void;
}

/** What the lifecycle needs of the editor. */
export interface RunHost<P extends RunPanel> {
  /** The panel, created if there is none and revealed: a run shows as it begins. */
  showPanel(): P;
  /** The panel open now, if any (one closed meanwhile is gone; one opened later gets what follows). */
  openPanel(): RunPanel | undefined;
  /** Runs `work` under a cancellable progress notification. */
  withProgress<T>(title: string, work: (notice: ProgressNotice) => Promise<T>): Promise<T>;
  readonly log: RunLog;
  showError(message: string): void;
  /** A kind's runs began or ended (enables Cancel Run while anything runs). */
  setBusy(kind: RunKind, busy: boolean): void;
  /** Kept across window reloads (the last report, for Export after a reload). */
  readonly storage: { get<T>(key: string): T | undefined; update(key: string, value: unknown): void };
}

/** What a kind's work function gets: its run's id, signal and panel, and its ways to tell. */
export interface RunContext<K extends RunKind, P> {
  readonly runId: number;
  readonly signal: AbortSignal;
  /** The panel shown as the run began. */
  readonly panel: P;
  /** Tells the page what runs; `logLine` goes to the log after the run's name (`run 3: …`). */
  start(started: StartedOf<K>, logLine: string): void;
  progress(progress: ProgressOf<K>): void;
  item(item: ItemOf<K>): void;
  /** The progress notification's line. */
  notify(message: string, increment?: number): void;
  /** A line of this run in the log (`run 3: …`). */
  warn(message: string): void;
  info(message: string): void;
}

/** A kind of long work: its work function and how its runs are named and told. */
export interface RunKindSpec<K extends RunKind, Q, P> {
  kind: K;
  /** The run's name in the log, before its id: `run`, `probes`, `sweep`. */
  logName: string;
  /** The progress notification's title. */
  title(request: Q): string;
  /** What the page says once cancelled (after its own "Cancelled"): what was stopped. */
  cancelled: string;
  /** The report; rejects with CancelledError once cancelled, with any other error on failure. */
  work(request: Q, run: RunContext<K, P>): Promise<ReportOf<K>>;
  /** The report as the page shows it, when that differs from the one kept (for Export, Re-run). */
  pageReport?(report: ReportOf<K>): ReportOf<K>;
  /** Added to the log's `finished` line. */
  finishedNote?(report: ReportOf<K>): string;
  /** Tells the user of a failure; by default an error notification with its message. */
  showFailure?(error: unknown, message: string, request: Q): void;
  /** The last report is kept under this key across window reloads. */
  storageKey?: string;
  /**
   * What a stopped (cancelled) run had found, as a report, for Export of its partial results;
   * undefined when it had nothing yet. Never the last report (Re-run compares with finished runs only).
   */
  partialReport?(started: StartedOf<K>, items: readonly ItemOf<K>[]): ReportOf<K> | undefined;
}

/** A run's report kept for Export, finished or partial. */
interface KeptReport<R> extends RunKey {
  report: R;
}

export class RunLifecycle<K extends RunKind, Q, P extends RunPanel = RunPanel> {
  private runIds = 0;
  private readonly slot = new RunSlot();
  private last: ReportOf<K> | undefined;
  /** The last runs' reports, newest first, for Export from the panel's history. */
  private kept: Array<KeptReport<ReportOf<K>>> = [];

  constructor(
    private readonly spec: RunKindSpec<K, Q, P>,
    private readonly host: RunHost<P>,
  ) {}

  /** The last finished run's report (after a window reload, the stored one). */
  get lastReport(): ReportOf<K> | undefined {
    return this.last ?? (this.spec.storageKey === undefined ? undefined : this.host.storage.get<ReportOf<K>>(this.spec.storageKey));
  }

  /** The report of a run the history shows (the last one when no run is named); undefined when not kept. */
  reportOf(run?: RunKey): ReportOf<K> | undefined {
    if (!run) return this.lastReport;
    const kept = this.kept.find((candidate) => candidate.runId === run.runId && candidate.at === run.at);
    // A run of the page before a window reload: its report is the stored one when it was the last.
    return kept?.report ?? (this.kept.length === 0 && run.runId === this.storedRun?.runId && run.at === this.storedRun.at ? this.lastReport : undefined);
  }

  private get storedRun(): RunKey | undefined {
    return this.spec.storageKey === undefined ? undefined : this.host.storage.get<RunKey>(`${this.spec.storageKey}.run`);
  }

  private keep(run: RunKey, report: ReportOf<K>): void {
    this.kept = [{ ...run, report }, ...this.kept].slice(0, RUNS_KEPT);
  }

  get busy(): boolean {
    return this.slot.busy;
  }

  /** The report; undefined when cancelled, failed, or overtaken by a newer request while waiting. */
  async run(request: Q): Promise<ReportOf<K> | undefined> {
    const outcome = await this.slot.run((controller) => {
      this.host.setBusy(this.spec.kind, true);
      return this.host.withProgress(this.spec.title(request), (notice) => {
        notice.onCancel(() => controller.abort());
        return this.runOnce(request, controller.signal, notice);
      });
    });
    if (!this.slot.busy) this.host.setBusy(this.spec.kind, false);
    return outcome.started ? outcome.value : undefined;
  }

  /** Cancels the run going on, if any (it still ends in its own time, and says so). */
  cancel(): void {
    this.slot.cancel();
  }

  dispose(): void {
    this.cancel();
  }

  private async runOnce(request: Q, signal: AbortSignal, notice: ProgressNotice): Promise<ReportOf<K> | undefined> {
    const { spec, host } = this;
    const panel = host.showPanel();
    const runId = ++this.runIds;
    const name = `${spec.logName} ${runId}`;
    const key: RunKey = { runId, at: null };
    let started: StartedOf<K> | undefined;
    const items: Array<ItemOf<K>> = [];
    // The one place a kind's event is put together: the kinds' types are checked at the context's methods.
    const emit = (event: DistributiveOmit<RunEventOf<K>, 'kind' | 'runId'>) => host.openPanel()?.emitRun({ kind: spec.kind, runId, ...event } as RunEvent);
    const context: RunContext<K, P> = {
      runId,
      signal,
      panel,
      start: (what, logLine) => {
        started = what;
        key.at = Date.now();
        emit({ phase: 'started', started: what, at: key.at });
        host.log.info(`${name}: ${logLine}`);
      },
      progress: (progress) => emit({ phase: 'progress', progress }),
      item: (item) => {
        if (spec.partialReport) items.push(item);
        emit({ phase: 'item', item });
      },
      notify: (message, increment) => notice.report(message, increment),
      warn: (message) => host.log.warn(`${name}: ${message}`),
      info: (message) => host.log.info(`${name}: ${message}`),
    };
    try {
      const report = await spec.work(request, context);
      this.last = report;
      this.keep(key, report);
      if (spec.storageKey !== undefined) {
        host.storage.update(spec.storageKey, report);
        host.storage.update(`${spec.storageKey}.run`, key);
      }
      emit({ phase: 'finished', report: spec.pageReport ? spec.pageReport(report) : report });
      host.log.info(`${name}: finished${spec.finishedNote ? `; ${spec.finishedNote(report)}` : ''}`);
      return report;
    } catch (error) {
      if (error instanceof CancelledError) {
        const partial = started && spec.partialReport?.(started, items);
        if (partial) this.keep(key, partial);
        emit({ phase: 'cancelled', message: spec.cancelled });
        host.log.info(`${name}: cancelled`);
        return undefined;
      }
      const message = error instanceof Error ? error.message : String(error);
      emit({ phase: 'failed', message });
      logFailure(host.log, name, error);
      if (spec.showFailure) spec.showFailure(error, message, request);
      else host.showError(`Payload Lab: ${message}`);
      return undefined;
    }
  }
}

type DistributiveOmit<T, Key extends PropertyKey> = T extends unknown ? Omit<T, Key> : never;
