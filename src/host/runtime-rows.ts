/**
 * How a run over both runtimes shows in the panel: each codec's browser row sits right below
 * its Node row, under an id of its own (`avsc@browser`), so the panel (keyed by codec) holds
 * both. Only the panel's view: reports, Export and --json keep the codec id and say
 * `runtime: "browser"`.
 */
import type { PlannedCodec } from '../shared/protocol';
import { codeGenerationVerdict } from '../shared/code-generation-text';
import type { CodeGenerationCheck, CodecResult, ComparisonReport, MeasuredRuntime } from '../shared/results';

const BROWSER_SUFFIX = '@browser';

export const panelCodecId = (codec: string, runtime: MeasuredRuntime | undefined) => (runtime === 'browser' ? `${codec}${BROWSER_SUFFIX}` : codec);

export function plannedForRuntimes(codecs: readonly PlannedCodec[], runtimes: readonly MeasuredRuntime[]): PlannedCodec[] {
  return codecs.flatMap((codec) =>
    runtimes.map((runtime) => (runtime === 'browser' ? { ...codec, id: panelCodecId(codec.id, runtime), label: `${codec.label} · browser` } : codec)),
  );
}

export function panelRow(result: CodecResult): CodecResult {
  const noted = result.codeGeneration ? { ...result, notes: [...result.notes, codeGenerationNote(result.codeGeneration)] } : result;
  return result.runtime === 'browser' ? { ...noted, codec: panelCodecId(result.codec, 'browser'), label: `${result.label} · browser` } : noted;
}

/** The strict-CSP verdict as a line of the row's notes (the panel's details list them). */
export function codeGenerationNote(check: CodeGenerationCheck): string {
  return `without code generation (strict CSP): ${codeGenerationVerdict(check)}`;
}

/** The report as the panel shows it: rows renamed by runtime, each browser row after its Node row. */
export function panelReport(report: ComparisonReport): ComparisonReport {
  const rows = report.results.map(panelRow);
  const order = (row: CodecResult) => report.results.findIndex((result) => result.codec === row.codec.replace(BROWSER_SUFFIX, ''));
  // Stable: ties keep the report's order (Node's row before the browser's).
  return { ...report, results: rows.map((row, index) => ({ row, index })).sort((a, b) => order(a.row) - order(b.row) || a.index - b.index).map(({ row }) => row) };
}

/** One report of both runtimes' rows (Node's first), as the CLI's and Export's contract has it. */
export function reportOfRuntimes(reports: readonly ComparisonReport[], browser: string | undefined): ComparisonReport {
  const first = reports[0]!;
  return { ...first, runtime: { ...first.runtime, ...(browser ? { browser } : {}) }, results: reports.flatMap((report) => report.results) };
}
