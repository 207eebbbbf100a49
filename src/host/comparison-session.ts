/**
 * Runs comparisons for the extension: one at a time (a new run cancels the previous one),
 * with a progress notification and Cancel, rows streamed into the panel as codecs finish, and
 * errors that say what and where. Returns the report, so tests can drive it through commands.
 */
import * as vscode from 'vscode';
import { logFailure } from './failure-log';
import { findBuiltinCodec } from '../codecs/registry';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CancelledError, compareSample, displayedCodecOrder, type CompareOptions } from '../engine/compare';
import { sampleAboveCap, unavailableBrowserRuntime } from '../browser/unavailable-runtime';
import { MeasuringFrameServer } from './measuring-frame-server';
import { panelBrowserRuntime } from './panel-browser-runtime';
import { watchingEventLoop } from './host-loop-delay';
import { panelCodecId, panelReport, panelRow, plannedForRuntimes, reportOfRuntimes } from './runtime-rows';
import { measurementSettings } from '../engine/settings';
import { runtimeInfo } from '../engine/tool-info';
import { SampleInputError } from '../input/read-sample';
import type { SchemaVariants } from '../shared/variants';
import { affectedCodecs, mergeReports } from '../engine/variant-rerun';
import { SchemaInputError } from '../schema/schema-problem';
import { runSampleName, type SampleSource, sampleOrigin } from './sample-source';
import type { SchemaDiagnostics } from './schema-diagnostics';
import type { ComparisonReport, MeasuredRuntime, SampleOrigin } from '../shared/results';
import type { PlannedCodec } from '../shared/protocol';
import { ResultsPanel, type PanelActions } from '../panel/results-panel';
import { readRunSettings, type RunSettings } from './settings';
import { RunSlot } from './run-slot';
import type { ProvidedSchema, CodegenSettings, FormatSchemaFile } from '../shared/codec-job';
import { bundlePath } from '../processes/bundle-path';
import type { MeasuringRuntime } from '../engine/measuring-runtime';

export interface RunRequest {
  source: SampleSource;
  /** Overrides of the settings for this run (Run Benchmark… picks codecs and mode). */
  codecs?: string[];
  quick?: boolean;
  /** Rounds for this run (Run Benchmark… → Thorough); otherwise the settings' (or quick's). */
  rounds?: number;
  /** Where to measure (Run Benchmark…'s last step); otherwise payloadLab.runtimes. */
  runtimes?: MeasuredRuntime[];
  /** A schema the user gave (.proto or .avsc): its codec uses it as given, the other derives one. */
  schema?: ProvidedSchema;
  /** The user's own .fbs / .capnp / .bop: each replaces the translated schema of its format's row only. */
  formatSchemas?: FormatSchemaFile[];
  /** Choices for schemas inferred from the sample (the panel's variant selects). */
  variants?: Partial<SchemaVariants>;
}

/** Kept across window reloads, so a revived panel can still Export and Re-run. */
const LAST_REPORT_KEY = 'payloadLab.lastReport';
const LAST_FILE_REQUEST_KEY = 'payloadLab.lastFileRequest';

interface StoredFileRequest {
  path: string;
  name: string;
  runtimes?: MeasuredRuntime[];
  codecs?: string[];
  quick?: boolean;
  rounds?: number;
  schema?: ProvidedSchema;
  formatSchemas?: FormatSchemaFile[];
  variants?: Partial<SchemaVariants>;
}

export class ComparisonSession implements vscode.Disposable {
  private runId = 0;
  private readonly slot = new RunSlot();
  /** Serves the panel's measuring frames while the extension runs (browser runtime only). */
  private readonly frameServer = new MeasuringFrameServer(path.join(__dirname, 'browser'));
  private currentRequest: RunRequest | undefined;
  private currentReport: ComparisonReport | undefined;
  private readonly runStarting = new vscode.EventEmitter<void>();
  /** Fires before each run: what was opened on the last run's results (the inspector) ends. */
  readonly onWillRun = this.runStarting.event;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly log: vscode.LogOutputChannel,
    private readonly panelActions: () => PanelActions,
    private readonly schemaDiagnostics: SchemaDiagnostics,
  ) {}

  /**
   * Re-runs the last sample with new schema variants: only the codecs the changed choices
   * affect (and the JSON baseline they are measured against); the other rows are kept.
   */
  async rerunWithVariants(variants: Partial<SchemaVariants>): Promise<ComparisonReport | undefined> {
    const last = this.lastRequest;
    const previous = this.lastReport;
    if (!last) return undefined;
    const request: RunRequest = { ...last, variants };
    if (!previous || last.schema) return this.run(request);
    const shown = previous.results.map((result) => result.codec);
    const affected = affectedCodecs(last.variants, variants).filter((codec) => shown.includes(codec));
    if (affected.length === 0) {
      // Nothing shown uses the changed choice: keep it for the next run, measure nothing now.
      this.remember(request);
      return previous;
    }
    return this.run(request, { only: ['json', ...affected], previous });
  }

  /** The last run again, its rows shown beside the previous figures. */
  async rerun(): Promise<ComparisonReport | undefined> {
    const last = this.lastRequest;
    return last ? this.run(last, undefined, { compareWithPrevious: true }) : undefined;
  }

  /** The report; undefined when cancelled, failed, or overtaken by a newer request while waiting. */
  async run(request: RunRequest, partial?: PartialRun, display: { compareWithPrevious?: boolean } = {}): Promise<ComparisonReport | undefined> {
    const outcome = await this.slot.run((controller) => {
      this.runStarting.fire();
      // Enables "Payload Lab: Cancel Run" in the palette and for keybindings.
      void vscode.commands.executeCommand('setContext', 'payloadLab.running', true);
      return this.runWithProgress(request, controller, partial, display.compareWithPrevious ?? false);
    });
    if (!this.slot.busy) void vscode.commands.executeCommand('setContext', 'payloadLab.running', false);
    return outcome.started ? outcome.value : undefined;
  }

  cancel(): void {
    this.slot.cancel();
  }

  get lastReport(): ComparisonReport | undefined {
    return this.currentReport ?? this.context.workspaceState.get<ComparisonReport>(LAST_REPORT_KEY);
  }

  /** The last run's request; after a reload, only a saved file's (editor text is not kept). */
  /** Generated code (google-protobuf, ts-proto…) is cached in the extension's storage, never the workspace. */
  codegenSettings(settings: RunSettings): CodegenSettings {
    return { cacheDir: this.context.globalStorageUri.fsPath, tools: settings.tools };
  }

  get lastRequest(): RunRequest | undefined {
    if (this.currentRequest) return this.currentRequest;
    const stored = this.context.workspaceState.get<StoredFileRequest>(LAST_FILE_REQUEST_KEY);
    if (!stored) return undefined;
    return { source: { kind: 'file', name: stored.name, location: stored.path, path: stored.path }, codecs: stored.codecs, quick: stored.quick, rounds: stored.rounds, schema: stored.schema, formatSchemas: stored.formatSchemas, variants: stored.variants, ...(stored.runtimes ? { runtimes: stored.runtimes } : {}) };
  }

  private remember(request: RunRequest): void {
    this.currentRequest = request;
    const { source } = request;
    const stored: StoredFileRequest | undefined = source.kind === 'file' ? { path: source.path, name: source.name, codecs: request.codecs, quick: request.quick, rounds: request.rounds, schema: request.schema, formatSchemas: request.formatSchemas, variants: request.variants, ...(request.runtimes ? { runtimes: request.runtimes } : {}) } : undefined;
    void this.context.workspaceState.update(LAST_FILE_REQUEST_KEY, stored);
  }

  private runWithProgress(request: RunRequest, controller: AbortController, partial: PartialRun | undefined, compareWithPrevious: boolean): Promise<ComparisonReport | undefined> {
    const settings = { ...readRunSettings(), ...definedOnly(request), ...(partial ? { codecs: partial.only } : {}) };
    const { source } = request;
    this.remember(request);
    return Promise.resolve(vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Payload Lab: comparing encodings of ${source.name}`, cancellable: true },
      async (progress, token) => {
        token.onCancellationRequested(() => controller.abort());
        const panel = ResultsPanel.show(this.context.extensionUri, this.panelActions(), this.log);
        const runId = ++this.runId;
        const shown = displayedCodecOrder(settings.codecs);
        // The page's policy must allow the measuring frames before the run starts (it reloads once).
        if (!partial && settings.runtimes.includes('browser')) await panel.allowMeasuringFrames((await this.frameServer.start()).origin);
        const described = this.describeRun(runId, request, shown, settings);
        const codecs = partial ? described.codecs : plannedForRuntimes(described.codecs, settings.runtimes);
        panel.post({ type: 'run-started', run: { ...described, codecs, ...(partial ? { rerunCodecs: shown } : {}), ...(compareWithPrevious ? { compareWithPrevious } : {}) } });
        this.log.info(`run ${runId}: ${source.location} with ${shown.join(', ')}${settings.quick ? ' (quick)' : ''}`);
        try {
          const input = await this.sampleInput(source);
          // Partial re-runs (schema variants) merge rows by codec: Node only.
          const runtimes: MeasuredRuntime[] = partial ? ['node'] : settings.runtimes;
          const common = (runtime: MeasuredRuntime): CompareOptions => ({
            codecs: settings.codecs,
            ...runMeasurement(settings, request.rounds),
            memoryLimitMb: settings.memoryLimitMb,
            timeoutMs: settings.timeoutMs,
            schema: request.schema,
            variants: request.variants,
            checkCodeGeneration: settings.strictCspCheck,
            // Generated code (google-protobuf, ts-proto…) is cached in the extension's storage, never the workspace.
            codegen: { ...this.codegenSettings(settings), ...(request.formatSchemas ? { formatSchemas: request.formatSchemas } : {}) },
            signal: controller.signal,
            onSampleRead: (sample) => panel.post({ type: 'sample-read', runId, sample }),
            onStage: (codec, stage, { round, rounds }) => {
              panel.post({ type: 'codec-stage', runId, codec: panelCodecId(codec, runtime), stage, round });
              progress.report({ message: `${runtime}: round ${round} of ${rounds}: ${codec}: ${stage}` });
            },
            onResult: (result, { round, rounds }) => {
              // Every row arrives once per round, sharper each time.
              panel.post({ type: 'codec-result', runId, result: panelRow(result) });
              progress.report({ increment: 100 / (shown.length * rounds * runtimes.length), message: `${runtime}: round ${round} of ${rounds}: ${result.codec} done` });
              if (result.status !== 'completed' && round === 1) this.log.warn(`run ${runId}: ${runtime} ${result.codec} ${result.status} at ${result.error.stage}: ${result.error.message}`);
            },
          });
          const reports: ComparisonReport[] = [];
          const watched = (runtime: MeasuredRuntime, work: () => Promise<ComparisonReport>) => watchingEventLoop(`run ${runId}, ${runtime} runtime`, work, (line) => this.log.info(line));
          if (runtimes.includes('node')) reports.push(await watched('node', () => compareSample(input, common('node'))));
          if (runtimes.includes('browser')) {
            const runtime = await this.browserRuntime(panel, input, settings, controller.signal);
            reports.push(await watched('browser', () => compareSample(input, { ...common('browser'), runtime })));
          }
          const measured = reportOfRuntimes(reports, runtimes.includes('browser') ? 'the panel webview (Chromium), dedicated Web Workers of its measuring frame' : undefined);
          const report = partial ? mergeReports(partial.previous, measured) : measured;
          this.currentReport = report;
          this.schemaDiagnostics.clear(request.schema?.path);
          void this.context.workspaceState.update(LAST_REPORT_KEY, report);
          panel.post({ type: 'run-finished', runId, report: panelReport(report) });
          this.log.info(`run ${runId}: finished`);
          return report;
        } catch (error) {
          this.reportFailure(runId, panel, source, error);
          return undefined;
        }
      },
    ));
  }

  /** The panel's browser workers, with the sample's bytes (unless above the cap: then every row says so). */
  private async browserRuntime(panel: ResultsPanel, input: { path: string; bytes?: Uint8Array }, settings: RunSettings, signal: AbortSignal): Promise<MeasuringRuntime> {
    const size = input.bytes?.byteLength ?? (await fs.promises.stat(input.path)).size;
    const aboveCap = sampleAboveCap(size, settings.browserCapBytes);
    if (aboveCap) return unavailableBrowserRuntime(aboveCap);
    const frames = await this.frameServer.start();
    return panelBrowserRuntime({
      panel,
      frames,
      workerSource: await fs.promises.readFile(bundlePath('browser-measure-worker'), 'utf8'),
      // A plain Uint8Array: the webview's message serialisation does not carry a Node Buffer as bytes.
      sampleBytes: new Uint8Array(input.bytes ?? (await fs.promises.readFile(input.path))),
      limits: { workerScript: bundlePath('codec-worker'), memoryLimitMb: settings.memoryLimitMb, timeoutMs: settings.timeoutMs, signal },
    });
  }

  private describeRun(runId: number, request: RunRequest, shown: string[], settings: RunSettings) {
    const { source } = request;
    const codecs: PlannedCodec[] = shown.map((id) => {
      const codec = findBuiltinCodec(id);
      return { id, label: codec?.label ?? id, format: codec?.format ?? '' };
    });
    return {
      runId,
      sampleName: runSampleName(source.name, request.schema ?? formatSchemaNamed(request.formatSchemas)),
      sampleLocation: source.location,
      codecs,
      settings: measurementSettings(runMeasurement(settings, request.rounds)),
      runtime: runtimeInfo(),
      extensionVersion: String(this.context.extension.packageJSON.version ?? ''),
      // Every sample is JSON; a provided schema is used as given, so nothing is inferred then.
      inferredSchemas: request.schema === undefined,
      ...(request.variants ? { variants: request.variants } : {}),
    };
  }

  /** Saved files are read by the workers; only editor text and remote files pass through here. */
  async sampleInput(source: SampleSource): Promise<{ path: string; bytes?: Uint8Array; kind?: 'json' | 'jsonl'; origin: SampleOrigin }> {
    const origin = sampleOrigin(source);
    switch (source.kind) {
      case 'file':
        return { path: source.path, origin };
      case 'text':
        return { path: source.location, bytes: Buffer.from(source.text, 'utf8'), kind: source.sampleKind, origin };
      case 'uri':
        return { path: source.location, bytes: await vscode.workspace.fs.readFile(vscode.Uri.parse(source.uri.toString())), origin };
      case 'generated':
        return { path: source.location, bytes: source.bytes, kind: 'json', origin };
    }
  }

  private reportFailure(runId: number, panel: ResultsPanel, source: SampleSource, error: unknown): void {
    if (error instanceof CancelledError) {
      panel.post({ type: 'run-ended', runId, outcome: 'cancelled', message: 'Cancelled: the running worker was stopped.' });
      this.log.info(`run ${runId}: cancelled`);
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    panel.post({ type: 'run-ended', runId, outcome: 'failed', message });
    logFailure(this.log, `run ${runId}`, error);
    if (error instanceof SchemaInputError) {
      this.schemaDiagnostics.report(error);
    } else if (error instanceof SampleInputError && error.line !== undefined) {
      const line = error.line;
      const column = error.column ?? 1;
      void vscode.window.showErrorMessage(message, 'Go to Error').then((choice) => {
        if (choice) void revealPosition(source, line, column);
      });
    } else {
      void vscode.window.showErrorMessage(`Payload Lab: ${message}`);
    }
  }

  dispose(): void {
    this.cancel();
    this.runStarting.dispose();
    this.frameServer.dispose();
  }
}

interface PartialRun {
  /** The codecs to measure again. */
  only: string[];
  /** The report whose other rows are kept. */
  previous: ComparisonReport;
}

/** The first own format schema, named as a provided one is in the run's title. */
function formatSchemaNamed(files: readonly FormatSchemaFile[] | undefined): { kind: FormatSchemaFile['language']; path: string } | undefined {
  const file = files?.[0];
  return file && { kind: file.language, path: file.path };
}

function definedOnly(request: RunRequest): Partial<RunSettings> {
  return {
    ...(request.codecs ? { codecs: request.codecs } : {}),
    ...(request.quick !== undefined ? { quick: request.quick } : {}),
    ...(request.runtimes ? { runtimes: request.runtimes } : {}),
  };
}

/**
 * Quick runs use quick's own budget and rounds, others the settings'; rounds the request names
 * (Run Benchmark… → Thorough) win either way.
 */
function runMeasurement(settings: RunSettings, requestedRounds: number | undefined): { quick: boolean; rounds?: number; timeBudgetMs?: number } {
  if (settings.quick) return { quick: true, ...(requestedRounds === undefined ? {} : { rounds: requestedRounds }) };
  return { quick: false, rounds: requestedRounds ?? settings.rounds, timeBudgetMs: settings.timeBudgetMs };
}

/** Where the sample can be opened; undefined for generated records (no file behind them). */
export function sampleUri(source: SampleSource): vscode.Uri | undefined {
  switch (source.kind) {
    case 'file':
      return vscode.Uri.file(source.path);
    case 'text':
    case 'uri':
      return vscode.Uri.parse(source.uri.toString());
    case 'generated':
      return undefined;
  }
}

async function revealPosition(source: SampleSource, line: number, column: number): Promise<void> {
  const uri = sampleUri(source);
  if (!uri) return;
  const document = await vscode.workspace.openTextDocument(uri);
  const position = new vscode.Position(line - 1, column - 1);
  // Never on top of the panel: it would hide the run's outcome the user is reading.
  const panelColumn = ResultsPanel.open?.viewColumn;
  const viewColumn = panelColumn === vscode.ViewColumn.One ? vscode.ViewColumn.Beside : vscode.ViewColumn.One;
  await vscode.window.showTextDocument(document, { selection: new vscode.Range(position, position), viewColumn });
}
