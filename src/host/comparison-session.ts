/**
 * Comparisons for the extension, a kind of run of the RunLifecycle (one at a time, progress and
 * Cancel, rows streamed into the panel as codecs finish): its work function, and what only
 * comparisons have: the last request (Re-run, Open sample, the inspector), re-runs of the
 * codecs a schema-variant change affects, the browser runtime's frames, and errors that point
 * into the sample or schema. Returns the report, so tests can drive it through commands.
 */
import * as vscode from 'vscode';
import { findBuiltinCodec } from '../codecs/registry';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { compareSample, displayedCodecOrder, sizeSample, type CompareOptions } from '../engine/compare';
import { compareMessages } from '../engine/messages/compare-messages';
import { inEditorWords, messageModeOf, messageOptions, MESSAGES_NODE_ONLY, type MessageMode } from './message-mode';
import { sampleAboveCap, unavailableBrowserRuntime } from '../browser/unavailable-runtime';
import { MeasuringFrameServer } from './measuring-frame-server';
import { panelBrowserRuntime } from './panel-browser-runtime';
import { watchingEventLoop } from './host-loop-delay';
import { panelCodecId, panelReport, panelRow, plannedForRuntimes } from './runtime-rows';
import { reportOfRuntimes } from '../engine/runtime-reports';
import { measurementSettings } from '../engine/settings';
import { runtimeInfo } from '../engine/tool-info';
import { SampleInputError } from '../input/read-sample';
import type { SchemaVariants } from '../shared/variants';
import { affectedCodecs, mergeReports } from '../engine/variant-rerun';
import { SchemaInputError } from '../schema/schema-problem';
import { runSampleName, type SampleSource } from './sample-source';
import { readSampleInput, revealPosition, type SampleInput } from './sample-input';
import type { SchemaDiagnostics } from './schema-diagnostics';
import type { ComparisonReport, MeasuredRuntime } from '../shared/results';
import type { ComparisonStarted, PlannedCodec } from '../shared/comparison-events';
import type { ResultsPanel } from '../panel/results-panel';
import { readRunSettings, type RunSettings, readMessageSettings, readTransport } from './settings';
import { type RunContext, type RunHost, RunLifecycle } from './run-lifecycle';
import { stoppedComparison } from './partial-reports';
import type { RunKey } from '../shared/run-events';
import type { ProvidedSchema, CodegenSettings, FormatSchemaFile } from '../shared/codec-job';
import { bundlePath } from '../processes/bundle-path';
import type { MeasuringRuntime } from '../engine/measuring-runtime';
import { restrictedReason } from './workspace-trust';
import { TRUST_NEEDED } from '../shared/trust';
import { formatBytes } from '../shared/format';
import { SizingClock } from '../engine/run-estimate';
import type { SizesReport } from '../shared/sizes';
import { offerPart } from './part-offer';

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
  /**
   * Message mode: true measures each record as its own message, false the sample as
   * one document; absent, JSON Lines samples are streams (message-mode.ts).
   */
  messages?: boolean;
}

/** Kept across window reloads, so a revived panel can still Export and Re-run. */
const LAST_REPORT_KEY = 'payloadLab.lastReport';
const LAST_FILE_REQUEST_KEY = 'payloadLab.lastFileRequest';

/** A file's request as kept: the run's choices, with the file by path (editor text is not kept). */
type StoredFileRequest = Omit<RunRequest, 'source'> & { path: string; name: string };

/** One comparison as the lifecycle runs it: the request, and for a variant re-run the rows kept. */
interface ComparisonJob {
  request: RunRequest;
  partial?: PartialRun;
  compareWithPrevious: boolean;
}

export class ComparisonSession implements vscode.Disposable {
  private readonly runs: RunLifecycle<'comparison', ComparisonJob, ResultsPanel>;
  /** Serves the panel's measuring frames while the extension runs (browser runtime only). */
  private readonly frameServer = new MeasuringFrameServer(path.join(__dirname, 'browser'));
  private currentRequest: RunRequest | undefined;
  private readonly runStarting = new vscode.EventEmitter<void>();
  /** Fires before each run: what was opened on the last run's results (the inspector) ends. */
  readonly onWillRun = this.runStarting.event;

  constructor(
    private readonly context: vscode.ExtensionContext,
    host: RunHost<ResultsPanel>,
    private readonly schemaDiagnostics: SchemaDiagnostics,
  ) {
    this.runs = new RunLifecycle(
      {
        kind: 'comparison',
        logName: 'run',
        title: ({ request }) => `comparing encodings of ${request.source.name}`,
        cancelled: 'the running worker was stopped',
        storageKey: LAST_REPORT_KEY,
        work: (job, run) => this.compare(job, run),
        pageReport: panelReport,
        partialReport: stoppedComparison,
        showFailure: (error, message, { request }) => this.showFailure(error, message, request.source),
      },
      host,
    );
  }

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

  /** The last run again, as a stream of messages or as one document (the panel's Messages toggle). */
  async rerunWithMessages(messages: boolean): Promise<ComparisonReport | undefined> {
    const last = this.lastRequest;
    return last ? this.run({ ...last, messages }) : undefined;
  }

  /** The last run again, its rows shown beside the previous figures. */
  async rerun(): Promise<ComparisonReport | undefined> {
    const last = this.lastRequest;
    return last ? this.run(last, undefined, { compareWithPrevious: true }) : undefined;
  }

  /** The report; undefined when cancelled, failed, or overtaken by a newer request while waiting. */
  run(request: RunRequest, partial?: PartialRun, display: { compareWithPrevious?: boolean } = {}): Promise<ComparisonReport | undefined> {
    return this.runs.run({ request, ...(partial ? { partial } : {}), compareWithPrevious: display.compareWithPrevious ?? false });
  }

  cancel(): void {
    this.runs.cancel();
  }

  get lastReport(): ComparisonReport | undefined {
    return this.runs.lastReport;
  }

  /** A run of the panel's history, finished or stopped (for Export); the last finished one when none is named. */
  reportOf(run?: RunKey): ComparisonReport | undefined {
    return this.runs.reportOf(run);
  }

  /**
   * Generated code (google-protobuf, ts-proto…) is cached in the extension's storage, never the
   * workspace; in Restricted Mode no generator runs (workspace-trust.ts).
   */
  codegenSettings(settings: RunSettings): CodegenSettings {
    const restricted = restrictedReason();
    return { cacheDir: this.context.globalStorageUri.fsPath, tools: settings.tools, ...(restricted ? { restricted } : {}) };
  }

  /** The last comparison skipped rows for want of trust (worth a Re-run once the workspace is trusted). */
  get lastSkippedForTrust(): boolean {
    return this.lastReport?.results.some((row) => row.status === 'skipped' && row.error.message.startsWith(TRUST_NEEDED)) ?? false;
  }

  /** The last run's request; after a reload, only a saved file's (editor text is not kept). */
  get lastRequest(): RunRequest | undefined {
    if (this.currentRequest) return this.currentRequest;
    const stored = this.context.workspaceState.get<StoredFileRequest>(LAST_FILE_REQUEST_KEY);
    if (!stored) return undefined;
    const { path: filePath, name, ...choices } = stored;
    return { ...choices, source: { kind: 'file', name, location: filePath, path: filePath } };
  }

  private remember(request: RunRequest): void {
    this.currentRequest = request;
    const { source, ...choices } = request;
    const stored: StoredFileRequest | undefined = source.kind === 'file' ? { ...choices, path: source.path, name: source.name } : undefined;
    void this.context.workspaceState.update(LAST_FILE_REQUEST_KEY, stored);
  }

  private async compare({ request, partial, compareWithPrevious }: ComparisonJob, run: RunContext<'comparison', ResultsPanel>): Promise<ComparisonReport> {
    this.runStarting.fire();
    const settings = { ...readRunSettings(), ...definedOnly(request), ...(partial ? { codecs: partial.only } : {}) };
    const { source } = request;
    const { panel } = run;
    this.remember(request);
    const shown = displayedCodecOrder(settings.codecs);
    const messages = messageModeOf(source, request.messages);
    // Partial re-runs (schema variants) merge rows by codec, and message mode measures: Node only.
    const runtimes: MeasuredRuntime[] = partial || messages.on ? ['node'] : settings.runtimes;
    // The page's policy must allow the measuring frames before the run starts (it reloads once).
    if (runtimes.includes('browser')) await panel.allowMeasuringFrames((await this.frameServer.start()).origin);
    const described = this.describeRun(request, shown, settings, messages);
    const codecs = partial ? described.codecs : plannedForRuntimes(described.codecs, runtimes);
    run.start(
      { ...described, codecs, ...(partial ? { rerunCodecs: shown } : {}), ...(compareWithPrevious ? { compareWithPrevious } : {}) },
      `${source.location} with ${shown.join(', ')}${settings.quick ? ' (quick)' : ''}${messages.on ? ' (message mode)' : ''}`,
    );
    if (messages.announce) run.info(messages.announce);
    if (messages.on && settings.runtimes.includes('browser')) run.info(MESSAGES_NODE_ONLY);
    const input = await this.sampleInput(source);
    const measuring: CompareOptions = {
      codecs: settings.codecs,
      ...runMeasurement(settings, request.rounds),
      memoryLimitMb: settings.memoryLimitMb,
      timeoutMs: settings.timeoutMs,
      ...(request.schema ? { schema: settings.dropUnknownKeys ? { ...request.schema, dropUnknownKeys: true } : request.schema } : {}),
      variants: request.variants,
      checkCodeGeneration: settings.strictCspCheck,
      // Generated code (google-protobuf, ts-proto…) is cached in the extension's storage, never the workspace.
      codegen: { ...this.codegenSettings(settings), ...(request.formatSchemas ? { formatSchemas: request.formatSchemas } : {}) },
      signal: run.signal,
    };
    const common = (runtime: MeasuredRuntime): CompareOptions => ({
      ...measuring,
      onSampleRead: (sample) => run.item({ type: 'sample-read', sample }),
      onStage: (codec, stage, { round, rounds }) => {
        run.progress({ codec: panelCodecId(codec, runtime), stage, round });
        run.notify(`${runtime}: round ${round} of ${rounds}: ${codec}: ${stage}`);
      },
      onResult: (result, { round, rounds }) => {
        // Every row arrives once per round, sharper each time.
        run.item({ type: 'codec-result', result: panelRow(result) });
        run.notify(`${runtime}: round ${round} of ${rounds}: ${result.codec} done`, 100 / (shown.length * rounds * runtimes.length));
        if (result.status !== 'completed' && round === 1)
          run.warn(`${runtime} ${result.codec} ${result.status} at ${result.error.stage}: ${result.error.message}`);
      },
    });
    const reports: Partial<Record<MeasuredRuntime, ComparisonReport>> = {};
    const watched = (runtime: MeasuredRuntime, work: () => Promise<ComparisonReport>) =>
      watchingEventLoop(`${runtime} runtime`, work, (line) => run.info(line));
    const inNode = messages.on
      ? () =>
          compareMessages(input, { ...common('node'), ...messageOptions(source, readMessageSettings()) }).catch((error: unknown) => {
            throw inEditorWords(error);
          })
      : () => compareSample(input, common('node'));
    // Sizes first: every Node row's bytes, compressed sizes, round trip and remnants within
    // seconds, before any speed round (a quick run's own first round comes about as soon).
    if (runtimes.includes('node') && !messages.on && !partial && !settings.quick) {
      const clock = new SizingClock();
      const sized = await sizesFirst(input, measuring, run, clock);
      // A long run of a large document: the estimate, and the offer of a representative part.
      const part = await offerPart(sized.input, clock.times(), measurementSettings(runMeasurement(settings, request.rounds)), run.signal);
      if (part) {
        measuring.scale = part;
        run.info(`measuring a representative part of the sample: about ${formatBytes(part.targetJsonBytes)} of JSON, records spread across the file`);
      }
    }
    if (runtimes.includes('node')) reports.node = await watched('node', inNode);
    if (runtimes.includes('browser')) {
      const runtime = await this.browserRuntime(panel, input, settings, run.signal);
      reports.browser = await watched('browser', () => compareSample(input, { ...common('browser'), runtime }));
    }
    const measured = reportOfRuntimes(
      reports,
      runtimes.includes('browser') ? 'the panel webview (Chromium), dedicated Web Workers of its measuring frame' : undefined,
    );
    this.schemaDiagnostics.clear(request.schema?.path);
    return partial ? mergeReports(partial.previous, measured) : measured;
  }

  /** The panel's browser workers, with the sample's bytes (unless above the cap: then every row says so). */
  private async browserRuntime(
    panel: ResultsPanel,
    input: { path: string; bytes?: Uint8Array },
    settings: RunSettings,
    signal: AbortSignal,
  ): Promise<MeasuringRuntime> {
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

  private describeRun(request: RunRequest, shown: string[], settings: RunSettings, messages: MessageMode): ComparisonStarted {
    const { source } = request;
    const codecs: PlannedCodec[] = shown.map((id) => {
      const codec = findBuiltinCodec(id);
      return { id, label: codec?.label ?? id, format: codec?.format ?? '' };
    });
    return {
      sampleName: runSampleName(source.name, request.schema ?? formatSchemaNamed(request.formatSchemas)),
      sampleLocation: source.location,
      codecs,
      settings: measurementSettings(runMeasurement(settings, request.rounds)),
      runtime: runtimeInfo(),
      extensionVersion: extensionVersion(this.context.extension),
      // Every sample is JSON; a provided schema is used as given, so nothing is inferred then.
      inferredSchemas: request.schema === undefined,
      ...(request.variants ? { variants: request.variants } : {}),
      ...(messages.on ? { messages: { byDefault: messages.byDefault } } : {}),
      transport: readTransport(),
    };
  }

  /** Saved files are read by the workers; only editor text and remote files pass through here. */
  sampleInput(source: SampleSource): Promise<SampleInput> {
    return readSampleInput(source);
  }

  /** Points at the mistake: the schema's diagnostics, or the sample's line and column (Go to Error). */
  private showFailure(error: unknown, message: string, source: SampleSource): void {
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
    this.runs.dispose();
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
/** The extension's version from its package.json, which VS Code types as any. */
function extensionVersion(extension: vscode.Extension<unknown>): string {
  const { version } = extension.packageJSON as { version?: unknown };
  return typeof version === 'string' ? version : '';
}

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
 * (Run Benchmark… → Thorough) win either way. The warm-up setting holds for both.
 */
function runMeasurement(
  settings: RunSettings,
  requestedRounds: number | undefined,
): { quick: boolean; rounds?: number; timeBudgetMs?: number; warmupMs?: number } {
  const warmup = settings.warmupMs === undefined ? {} : { warmupMs: settings.warmupMs };
  if (settings.quick) return { quick: true, ...(requestedRounds === undefined ? {} : { rounds: requestedRounds }), ...warmup };
  return { quick: false, rounds: requestedRounds ?? settings.rounds, timeBudgetMs: settings.timeBudgetMs, ...warmup };
}

/** A sizes-only pass (nothing timed, codecs side by side), each sized row to the panel's pending row. */
async function sizesFirst(input: SampleInput, options: CompareOptions, run: RunContext<'comparison', ResultsPanel>, clock: SizingClock): Promise<SizesReport> {
  return sizeSample(input, {
    ...options,
    onStage: (codec, stage) => {
      clock.stage(codec, stage);
      run.progress({ codec, stage });
      run.notify(`node: sizes: ${codec}: ${stage}`);
    },
    // Rows that failed say so in their comparison's first round, with its stage.
    onSized: (row) => {
      clock.sized(row.codec);
      if (row.status === 'sized') run.item({ type: 'codec-sized', row });
    },
  });
}
