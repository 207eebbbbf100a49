/**
 * The terminal table, printed once the run is over, below how busy the machine was. Columns
 * have fixed widths (as when rows streamed in) so tables of two runs line up.
 */
import { rowNotesText } from '../shared/row-facts-text';
import { interopLines } from './interop-lines';
import type { CodecResult, CompletedResult, ComparisonReport, InstabilityMarker, SampleInfo, TimingStats, MeasuredRuntime } from '../shared/results';
import {
  ALLOCATION_HIDDEN,
  allocationFigure,
  formatBytes,
  formatDuration,
  formatPercent,
  formatSpeedupRange,
  speedupRangeMeaning,
  formatSize,
} from '../shared/format';
import { describeMachineLoad } from '../shared/machine-load-text';
import { adaptiveRoundsRule, roundsCutShortText, roundsStoppedText } from '../shared/rounds-text';
import { roundTripShortLabel } from '../shared/round-trip-text';
import { samplingText } from '../shared/sampling-text';
import { sampleBytesText, samplePartText, sampleRecordsText } from '../shared/profile-text';
import { remnantCount } from '../analysis/matrix';
import { codecNames, type NameableCodec } from '../shared/codec-names';

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
  /** `marks`: whether unstable figures carry their `!`. */
  cell(row: CodecResult, marks: boolean): string;
}

const completed = <T>(row: CodecResult, pick: (row: CompletedResult) => T, otherwise: T): T => (row.status === 'completed' ? pick(row) : otherwise);

/**
 * A figure whose rounds disagree widely carries a `!`; the footer says why. Not on a busy
 * machine: the line above the table says it once for every speed figure.
 */
const unstableMark = (row: CompletedResult, figure: InstabilityMarker['figure'], marks: boolean) =>
  marks && row.unstable?.some((marker) => marker.figure === figure) ? '!' : ' ';

const perCall = (timing: TimingStats) => `${formatDuration(timing.meanNs)}${timing.bimodal ? ' ²' : '  '}`;

/** The codec column: as wide as the longest name (codec-names.ts), at least 10. */
export interface CodecColumn {
  nameOf(codec: string): string;
  width: number;
}

/** Names for the planned codecs, and the column's width: a row's name is known before its result. */
export function codecColumn(planned: readonly NameableCodec[]): CodecColumn {
  const nameOf = codecNames(planned);
  return { nameOf, width: Math.max(10, ...planned.map((codec) => nameOf(codec.codec).length)) };
}

const ID_COLUMN: CodecColumn = { nameOf: (codec) => codec, width: 10 };

const columns: Column[] = [
  { title: 'codec', width: 10, align: 'left', cell: (row) => row.codec },
  { title: 'format', width: 19, align: 'left', cell: (row) => row.format },
  { title: 'bytes', width: 13, align: 'right', cell: (row) => (row.status === 'skipped' || row.bytes === undefined ? '—' : formatBytes(row.bytes)) },
  { title: 'ratio', width: 6, align: 'right', cell: (row) => (row.status !== 'skipped' && row.ratio != null ? row.ratio.toFixed(3) : '—') },
  { title: 'encode/call', width: 12, align: 'right', cell: (row) => completed(row, (r) => perCall(r.encode), '—') },
  { title: 'decode/call', width: 12, align: 'right', cell: (row) => completed(row, (r) => perCall(r.decode), '—') },
  {
    title: 'encode vs JSON',
    width: 21,
    align: 'right',
    cell: (row, marks) =>
      completed(row, (r) => `${formatSpeedupRange(r.speedupVsJson?.encode, r.speedupVsJson?.encodeInterval)}${unstableMark(r, 'encodeSpeedup', marks)}`, '—'),
  },
  {
    title: 'decode vs JSON',
    width: 21,
    align: 'right',
    cell: (row, marks) =>
      completed(row, (r) => `${formatSpeedupRange(r.speedupVsJson?.decode, r.speedupVsJson?.decodeInterval)}${unstableMark(r, 'decodeSpeedup', marks)}`, '—'),
  },
  { title: 'round trip', width: 12, align: 'left', cell: (row) => completed(row, (r) => roundTripShortLabel(r.roundTrip), row.status) },
  { title: 'remnants', width: 8, align: 'right', cell: (row) => completed(row, (r) => String(remnantCount(r)), '—') },
];

function pad(text: string, column: Column): string {
  return column.align === 'left' ? text.padEnd(column.width) : text.padStart(column.width);
}

function withCodecColumn(codec: CodecColumn): Column[] {
  return [{ ...columns[0]!, width: codec.width, cell: (row) => codec.nameOf(row.codec) }, ...columns.slice(1)];
}

export function tableHeader(codec: CodecColumn = ID_COLUMN): string {
  const all = withCodecColumn(codec);
  const titles = all.map((column) => pad(column.title, column)).join('  ');
  return `${titles}\n${all.map((column) => '─'.repeat(column.width)).join('  ')}`;
}

export function tableRow(row: CodecResult, codec: CodecColumn = ID_COLUMN, marks = true): string {
  const line = withCodecColumn(codec)
    .map((column) => pad(column.cell(row, marks), column))
    .join('  ');
  if (row.status === 'completed') return line;
  return `${line}\n${' '.repeat(codec.width + 2)}↳ ${row.status} at ${row.error.stage}: ${row.error.message}`;
}

/**
 * How busy the machine was, then the table (one per runtime under its heading, when the run
 * measured anywhere but Node alone).
 */
export function resultsTable(report: ComparisonReport, runtimeHeadings: ReadonlyMap<MeasuredRuntime, string> = new Map()): string {
  const load = report.settings.machineLoad;
  const busy = isBusy(report);
  // Named as everywhere else (codec-names.ts): by id, or by format and library where two share one.
  const codec = codecColumn(report.results);
  const groups =
    runtimeHeadings.size > 0
      ? [...runtimeHeadings].map(([runtime, heading]) => ({ heading, rows: report.results.filter((row) => (row.runtime ?? 'node') === runtime) }))
      : [{ heading: undefined, rows: report.results }];
  return [
    ...(load ? ['', `${busy ? '⚠ ' : ''}${describeMachineLoad(load)}`] : []),
    ...groups.flatMap(({ heading, rows }) => ['', ...(heading ? [heading] : []), tableHeader(codec), ...rows.map((row) => tableRow(row, codec, !busy))]),
  ].join('\n');
}

const isBusy = (report: ComparisonReport) => report.settings.machineLoad?.measured === true && report.settings.machineLoad.busy;

export function sampleHeading(info: SampleInfo): string {
  const part = samplePartText(info);
  return `${info.path}: ${formatBytes(info.jsonBytes)} of minified JSON (${sampleBytesText(info)}), ${part ?? sampleRecordsText(info)}`;
}

/** "avsc decode: 68% in GC, 2.90 MB allocated per call": where each operation's time goes. */
function whereTimeGoes(results: readonly CodecResult[], nameOf: (codec: string) => string): string[] {
  // A browser worker has no GC profiler: its rows have no figures here.
  const done = results.filter((row): row is CompletedResult => row.status === 'completed' && row.encode.gcShare !== null);
  if (done.length === 0) return [];
  const cell = (timing: TimingStats) =>
    `${formatPercent(timing.gcShare).padStart(5)} in GC, ${(allocationFigure(timing) ?? 'not measured*').padStart(13)}/call`;
  const width = Math.max(11, ...done.map((row) => nameOf(row.codec).length));
  const hidden = done.some((row) => allocationFigure(row.encode) === null || allocationFigure(row.decode) === null);
  return [
    "where the time goes (encode │ decode; ≥: at least, memory freed out of the GC profiler's sight may hide more):",
    ...done.map((row) => `  ${nameOf(row.codec).padEnd(width)} ${cell(row.encode)}  │ ${cell(row.decode)}`),
    ...(hidden ? [`  * allocation not measured: ${ALLOCATION_HIDDEN}.`] : []),
  ];
}

const withBlankAfter = (lines: string[]) => (lines.length > 0 ? [...lines, ''] : lines);

/** "web bundle (…): avsc 34.9 kB, msgpackr 11.9 kB; no browser build: v8": each library's cost to a web app. */
function webBundleLines(results: readonly CodecResult[], nameOf: (codec: string) => string): string[] {
  const nodeRows = results.filter((row) => (row.runtime ?? 'node') === 'node' && row.codec !== 'json');
  const measured = nodeRows.filter((row) => row.bundleBytes !== undefined);
  if (measured.length === 0) return [];
  const missing = nodeRows.filter((row) => row.bundleBytes === undefined).map((row) => nameOf(row.codec));
  return [
    `web bundle, what each library adds to a web app (minified, gzip level ${measured[0]!.bundle?.gzipLevel ?? 9}; --json bundleBytes): ` +
      `${measured.map((row) => `${nameOf(row.codec)} ${formatSize(row.bundleBytes!)}`).join(', ')}${missing.length > 0 ? `; no browser build: ${missing.join(', ')}` : ''}`,
  ];
}

export function tableFooter(report: ComparisonReport): string {
  const { settings, runtime, tool } = report;
  const rounds = settings.rounds ?? 1;
  const nameOf = codecNames(report.results);
  const notes = report.results.flatMap((row) =>
    rowNotesText(row).map((note) => `  ${nameOf(row.codec)}${row.runtime === 'browser' ? ' (browser)' : ''}: ${note}`),
  );
  const unstable = report.results.flatMap((row) => (row.status === 'completed' ? (row.unstable ?? []) : []).map((marker) => `  ${marker.reason}`));
  const bimodal = report.results.some((row) => row.status === 'completed' && (row.encode.bimodal || row.decode.bimodal));
  const rule = adaptiveRoundsRule(settings);
  const stops = report.results.flatMap((row) =>
    row.status === 'completed' && row.roundsStopped
      ? [`  ${nameOf(row.codec)}${row.runtime === 'browser' ? ' (browser)' : ''}: ${roundsStoppedText(row.roundsStopped, settings)}`]
      : [],
  );
  const unstableLines = !isBusy(report)
    ? ['! rounds that disagree (a wide interval; more rounds, or --thorough, narrow the median):', ...unstable]
    : [
        `! marks left out: the machine was busy (above), which makes every speed figure unreliable; ${unstable.length} figure${unstable.length === 1 ? '' : 's'} had rounds that disagree widely.`,
      ];
  return [
    '',
    ...whereTimeGoes(report.results, nameOf),
    '',
    ...withBlankAfter(interopLines(report.results, nameOf)),
    ...withBlankAfter(webBundleLines(report.results, nameOf)),
    "ratio = bytes / JSON bytes; /call = amortised time per call (the window's time in calls over calls, collections included),",
    `median of the row's rounds; vs JSON = JSON's time / the codec's, each round on its own, median (${speedupRangeMeaning(rounds)}):`,
    "not the ratio of two rows' /call (in later rounds JSON is timed in turn with each codec, and the median of ratios is not the ratio of medians).",
    ...(bimodal ? ['² the per-call times are bimodal (some calls pay a collection): the median call is misleading, the amortised time is not.'] : []),
    ...(unstable.length > 0 ? unstableLines : []),
    `${rule ? `up to ${rounds}` : rounds} round${rounds === 1 ? '' : 's'} of a fresh worker per codec, in rotated order${rounds > 1 ? ", later rounds in slices taken in turn with JSON's" : ''}; ${settings.timeBudgetMs} ms per codec and round${settings.quick ? ' (quick)' : ''}, ${samplingText(settings)}.`,
    ...(rule && stops.length > 0 ? [`rounds per codec (${rule}):`, ...stops] : []),
    ...(settings.roundsCutShort ? [`${roundsCutShortText(settings.roundsCutShort)}.`] : []),
    `${tool.name} ${tool.version}, Node ${runtime.node}, V8 ${runtime.v8}, ${runtime.platform}`,
    ...(notes.length > 0 ? ['notes:', ...notes] : []),
  ].join('\n');
}
