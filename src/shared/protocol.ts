/**
 * The one conversation between the extension host and the results webview, over the typed
 * channel (channel.ts): the page's calls to the host (`RequestMap`: requests that answer with a
 * value, and notifications that answer with nothing), and the host's events to the page
 * (`PanelEvents`: every run's events). Both sides' handlers are typed from these maps, so a
 * call or event left unhandled does not compile. Plain data only: no Node, no vscode, no DOM.
 * The user's data reaches the webview only through these messages, never inside the HTML.
 */
import type { SchemaVariants } from './variants';
import type { DecodedOutputQueries, InspectorOpened } from './inspector';
import type { Handlers } from './channel';
import type { RunEvent, RunKey, RunKind } from './run-events';
import type { InferredSchemaFormat } from './codec-job';
import type { Transport } from './transport';

export type ExportFormat = 'markdown' | 'csv' | 'json';
/** What the verdict's pick favours (report/verdict.ts): the panel's choice, the CLI's --priority. */
export type Priority = 'size' | 'speed' | 'fidelity' | 'no-schema';

/** The decoded-output queries the panel relays, each for the inspector session it names. */
type SessionQueries = {
  [K in Exclude<keyof DecodedOutputQueries, 'inspector-copy-text'>]: {
    params: DecodedOutputQueries[K]['params'] & { sessionId: number };
    result: DecodedOutputQueries[K]['result'];
  };
};

/**
 * Requests the webview makes and the value each one answers with: one entry per request; the
 * host's handlers are typed from it (see `PanelHandlers`), so one left out does not compile.
 */
export interface RequestMap extends SessionQueries {
  export: {
    /**
     * `priority`, `transport`: the verdict the panel shows, for the Markdown and JSON verdict
     * (default size, gzip). `run`: the history's entry (finished, or stopped with what it had);
     * absent: the last finished run.
     */
    params: { format: ExportFormat; destination: 'file' | 'clipboard'; priority?: Priority; transport?: Transport; run?: RunKey };
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
  /** A size sweep (or limit search) as CSV, JSON or Markdown: the numbers the panel plots; `run` as for export. */
  'export-sweep': {
    params: { format: ExportFormat; destination: 'file' | 'clipboard'; run?: RunKey };
    result: { outcome: 'saved' | 'copied' | 'cancelled'; location?: string };
  };
  /** Copies the encoding (or one page of it) to the clipboard as hex or base64 text. */
  'inspector-copy': {
    params: { sessionId: number; encoding: 'hex' | 'base64'; range: 'all' | { offset: number; length: number } };
    result: { copiedBytes: number };
  };
}

export type RequestMethod = keyof RequestMap;

/** The page's notifications: the host acts and answers with nothing the page waits for. */
export interface NotificationMap {
  /** The page has loaded (first time, after a reload, or re-created when shown): replay what runs. */
  ready: { params: Record<string, never>; result: void };
  /** The last comparison again. */
  rerun: { params: Record<string, never>; result: void };
  /** Stops the run of that kind going on, if any. */
  cancel: { params: { kind: RunKind }; result: void };
  'open-sample': { params: Record<string, never>; result: void };
  /** A variant select changed: re-run the codecs it affects with these choices. */
  'set-variants': { params: { variants: Partial<SchemaVariants> }; result: void };
  /** The Messages toggle: the last comparison again, as a stream of messages (true) or one document. */
  'set-message-mode': { params: { messages: boolean }; result: void };
  /** The inspector was closed: its worker can go. */
  'inspector-close': { params: Record<string, never>; result: void };
  /** Runs the library probes (all built-in codecs); a probe run going on is cancelled first. */
  'probe-libraries': { params: Record<string, never>; result: void };
  /**
   * Opens a version of the last schema-change run at a line (a finding's place): the old one
   * as a read-only `git:` document or its file, the new one as the working file, beside the panel.
   */
  'open-schema-version': { params: { runId: number; version: number; line: number; column: number }; result: void };
}

/** Everything the page calls on the host. */
export interface PanelMethods extends RequestMap, NotificationMap {}

export type PanelMethod = keyof PanelMethods;
export type NotificationMethod = keyof NotificationMap;

/** The host's events to the page. */
export interface PanelEvents {
  run: RunEvent;
}

/** The host's answers to every call of the page: one per method. */
export type PanelHandlers = Handlers<PanelMethods>;

/** How long the webview waits for a reply before it gives up and says so. */
export const REQUEST_TIMEOUT_MS = 60_000;

/** The view type of the results panel (also its serializer's key). */
export const RESULTS_VIEW_TYPE = 'payloadLab.results';
