/**
 * The one protocol between the extension host and the results webview. Two discriminated
 * unions with string tags (logs read well), plus requests matched to replies by id. Plain
 * data only: no Node, no vscode, no DOM. The user's data reaches the webview only through
 * these messages, never inside the HTML.
 */
import type { SchemaVariants } from './variants';
import type { DecodedOutputQueries, InspectorOpened } from './inspector';
import type { ChannelMessage, Handlers } from './channel';
import type { ProbedCodec, ProbeInfo, ProbeLimits, ProbeReport, ProbeResult } from './probes';
import type { CodecResult, ComparisonReport, MeasurementSettings, RuntimeInfo, SampleInfo, WorkStage } from './results';
import type { SweepHostMessage } from './sweep-protocol';
import type { InferredSchemaFormat } from './codec-job';

export type ExportFormat = 'markdown' | 'csv' | 'json';
/** What the verdict's pick favours (report/verdict.ts): the panel's choice, the CLI's --priority. */
export type Priority = 'size' | 'speed' | 'fidelity' | 'no-schema';

/** A row the webview shows as pending until its result arrives. */
export interface PlannedCodec {
  id: string;
  label: string;
  format: string;
}

export interface RunStarted {
  /** Increases with every run; messages of an older run are ignored. */
  runId: number;
  /** What to call the sample: a file name, or an untitled editor's title. */
  sampleName: string;
  /** Full path or URI, for tooltips. */
  sampleLocation: string;
  codecs: PlannedCodec[];
  settings: MeasurementSettings;
  runtime: RuntimeInfo;
  extensionVersion: string;
  /**
   * The run is on a JSON sample without a provided schema: the panel offers "Open inferred
   * .proto / .avsc". Absent on older runs.
   */
  inferredSchemas?: boolean;
  /** The choices of inferred schemas this run used (the panel's variant selects). */
  variants?: Partial<SchemaVariants>;
  /**
   * Set when a variant change re-runs only these codecs: the other rows of the previous run
   * stay, and these rows show their change against the previous choice.
   */
  rerunCodecs?: string[];
  /** Re-run of the same request: each row shows its new figures beside the previous run's. */
  compareWithPrevious?: boolean;
}

/** The decoded-output queries the panel relays, each for the inspector session it names. */
type SessionQueries = {
  [K in Exclude<keyof DecodedOutputQueries, 'inspector-copy-text'>]: {
    params: DecodedOutputQueries[K]['params'] & { sessionId: number };
    result: DecodedOutputQueries[K]['result'];
  };
};

/**
 * Requests the webview makes and the value each one answers with: one entry per request; the
 * host's handlers are typed from it (see `RequestHandlers`), so one left out does not compile.
 */
export interface RequestMap extends SessionQueries {
  export: {
    /** `priority`: the pick the panel shows, for the Markdown verdict (default size). */
    params: { format: ExportFormat; destination: 'file' | 'clipboard'; priority?: Priority };
    result: { outcome: 'saved' | 'copied' | 'cancelled'; location?: string };
  };
  /** Opens the schema inferred from the last run's sample as an untitled document (fbs, capnp, bop: translated as their rows do). */
  'open-inferred-schema': {
    params: { format: InferredSchemaFormat };
    result: { opened: boolean };
  };
  /**
   * Decodes the last run's sample with this codec in an inspection worker, which stays up to
   * answer the requests below until the panel closes the inspector or a new run starts.
   */
  'inspector-open': {
    params: { codec: string };
    result: InspectorOpened;
  };
  /** The last size sweep (or limit search) as CSV, JSON or Markdown: the numbers the panel plots. */
  'export-sweep': {
    params: { format: ExportFormat; destination: 'file' | 'clipboard' };
    result: { outcome: 'saved' | 'copied' | 'cancelled'; location?: string };
  };
  /** Copies the encoding (or one page of it) to the clipboard as hex or base64 text. */
  'inspector-copy': {
    params: { sessionId: number; encoding: 'hex' | 'base64'; range: 'all' | { offset: number; length: number } };
    result: { copiedBytes: number };
  };
}

export type RequestMethod = keyof RequestMap;

/** The host's answers to the webview's requests: one per method. */
export type RequestHandlers = Handlers<RequestMap>;

export type HostToWebview =
  | { type: 'run-started'; run: RunStarted }
  | { type: 'sample-read'; runId: number; sample: SampleInfo }
  /** `round`: 1-based round of the run the stage belongs to (absent from older hosts). */
  | { type: 'codec-stage'; runId: number; codec: string; stage: WorkStage; round?: number }
  | { type: 'codec-result'; runId: number; result: CodecResult }
  | { type: 'run-finished'; runId: number; report: ComparisonReport }
  | { type: 'run-ended'; runId: number; outcome: 'cancelled' | 'failed'; message: string }
  | ProbeHostMessage
  | SweepHostMessage;

/**
 * A probe run ("Probe libraries"): independent of comparison runs, with ids of its own. The
 * host keeps these apart from a comparison run's messages, so a new comparison keeps them.
 */
export type ProbeHostMessage =
  | { type: 'probes-started'; probeRunId: number; probes: ProbeInfo[]; codecs: ProbedCodec[]; limits: ProbeLimits }
  | { type: 'probe-result'; probeRunId: number; result: ProbeResult }
  | { type: 'probes-finished'; probeRunId: number; report: ProbeReport }
  | { type: 'probes-ended'; probeRunId: number; outcome: 'cancelled' | 'failed'; message: string };

export function isProbeMessage(message: HostToWebview): message is ProbeHostMessage {
  return message.type === 'probes-started' || message.type === 'probe-result' || message.type === 'probes-finished' || message.type === 'probes-ended';
}

export type WebviewToHost =
  | { type: 'ready' }
  | { type: 'rerun' }
  | { type: 'cancel' }
  | { type: 'open-sample' }
  /** A variant select changed: re-run the codecs it affects with these choices. */
  | { type: 'set-variants'; variants: Partial<SchemaVariants> }
  /** The inspector was closed: its worker can go. */
  | { type: 'inspector-close' }
  /** Runs the library probes (all built-in codecs); a probe run going on is cancelled first. */
  | { type: 'probe-libraries' }
  | { type: 'cancel-probes' }
  /** Stops the size sweep or limit search going on. */
  | { type: 'cancel-sweep' };

/**
 * What crosses the webview boundary: the events above, and the requests of `RequestMap` with
 * their replies as channel messages (see channel.ts).
 */
export type PostedToWebview = HostToWebview | ChannelMessage;
export type PostedToHost = WebviewToHost | ChannelMessage;

/** How long the webview waits for a reply before it gives up and says so. */
export const REQUEST_TIMEOUT_MS = 60_000;

/** The view type of the results panel (also its serializer's key). */
export const RESULTS_VIEW_TYPE = 'payloadLab.results';
