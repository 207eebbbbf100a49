/**
 * How a run over both runtimes shows in the panel: each codec's browser row sits right below
 * its Node row, under an id of its own (`avsc@browser`), so the panel (keyed by codec) holds
 * both. Only the panel's view: reports, Export and --json keep the codec id and say
 * `runtime: "browser"`.
 */
import type { PlannedCodec } from '../shared/comparison-events';
import type { CodeGenerationCheck, CodecResult, ComparisonReport, MeasuredRuntime, NoteFact } from '../shared/results';

const BROWSER_SUFFIX = '@browser';

export const panelCodecId = (codec: string, runtime: MeasuredRuntime | undefined) => (runtime === 'browser' ? `${codec}${BROWSER_SUFFIX}` : codec);

export function plannedForRuntimes(codecs: readonly PlannedCodec[], runtimes: readonly MeasuredRuntime[]): PlannedCodec[] {
  return codecs.flatMap((codec) =>
    runtimes.map((runtime) => (runtime === 'browser' ? { ...codec, id: panelCodecId(codec.id, runtime), label: `${codec.label} · browser` } : codec)),
  );
}

export function panelRow(result: CodecResult): CodecResult {
  const noted = result.codeGeneration ? { ...result, notes: [...result.notes, codeGenerationNote(result.codeGeneration)] } : result;
  const shown = withSchemaTextForPanel(noted);
  return result.runtime === 'browser' ? { ...shown, codec: panelCodecId(result.codec, 'browser'), label: `${result.label} · browser` } : shown;
}

/**
 * The most of a row's schema text the panel is sent (characters). The details show it in a
 * folded block, a page or two to read; the schema inferred from a large irregular sample can
 * run to megabytes (1.26 MB of Avro for 3.9 MB of varied documents), and that text crossed
 * to the webview with every message carrying the row and was written into its saved state at
 * every redraw, beside the workers measuring. The report (Export, --json) keeps all of it.
 */
export const PANEL_SCHEMA_TEXT_MAX_CHARS = 64 * 1024;

/** The panel's Open inferred button of each format whose rows' inferred schema it opens. */
const INFERRED_SCHEMA_EXTENSIONS: Readonly<Record<string, string>> = {
  Avro: 'avsc',
  'Protocol Buffers': 'proto',
  FlatBuffers: 'fbs',
  "Cap'n Proto": 'capnp',
  Bebop: 'bop',
};

function withSchemaTextForPanel(result: CodecResult): CodecResult {
  const text = result.schemaText;
  if (text === undefined || text.length <= PANEL_SCHEMA_TEXT_MAX_CHARS) return result;
  const cut = text.lastIndexOf('\n', PANEL_SCHEMA_TEXT_MAX_CHARS);
  const head = text.slice(0, cut > 0 ? cut : PANEL_SCHEMA_TEXT_MAX_CHARS);
  const extension = INFERRED_SCHEMA_EXTENSIONS[result.format];
  const whole =
    result.schema === 'inferred' && extension ? `“Open inferred .${extension}” above the table, or Export, shows all of it` : 'Export shows all of it';
  const note = `\n… the first ${head.length.toLocaleString('en-US')} of ${text.length.toLocaleString('en-US')} characters: ${whole}.`;
  return { ...result, schemaText: head + note };
}

/** The strict-CSP verdict as a line of the row's notes (the panel's details list them). */
export function codeGenerationNote(check: CodeGenerationCheck): NoteFact {
  return { code: 'strict-csp', check };
}

/** The report as the panel shows it: rows renamed by runtime, each browser row after its Node row. */
export function panelReport(report: ComparisonReport): ComparisonReport {
  const rows = report.results.map(panelRow);
  const order = (row: CodecResult) => report.results.findIndex((result) => result.codec === row.codec.replace(BROWSER_SUFFIX, ''));
  // Stable: ties keep the report's order (Node's row before the browser's).
  return {
    ...report,
    results: rows
      .map((row, index) => ({ row, index }))
      .sort((a, b) => order(a.row) - order(b.row) || a.index - b.index)
      .map(({ row }) => row),
  };
}
