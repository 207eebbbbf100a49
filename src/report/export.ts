/**
 * A comparison report as text to export: a Markdown table (for a pull request or an issue),
 * CSV (for a spreadsheet: raw numbers, units in the column names) or the `--json` document.
 * Pure functions (no Node, no DOM), so the extension host and the CLI can both call them.
 */
import { rowNotesText } from '../shared/row-facts-text';
import { describeMachineLoad } from '../shared/machine-load-text';
import { remnantCount, remnantMatrixRow } from '../analysis/matrix';
import { jsonDocument } from './json-document';
import { allocationFigure, formatBytes, formatDurationRange, formatPercent, formatSpeedupRange, speedupRangeMeaning, formatDuration } from '../shared/format';
import type { ExportFormat } from '../shared/protocol';
import { DEFAULT_CHOICE, type VerdictChoice } from './report-verdict';
import { adviceSummary, sampleSummary, verdictSummary, type SummarySection } from './summary';
import { roundTripLabel } from '../shared/round-trip-text';
import { sampleBytesText, samplePartText } from '../shared/profile-text';
import { describeInterop } from '../shared/interop-text';
import { codecNames } from '../shared/codec-names';
import { LAZY_READS_MEANING, lazyReadsOf } from '../shared/lazy-reads-text';
import { REMNANT_KIND_INFO, REMNANT_KINDS } from '../shared/remnant-kinds';
import type { CodecResult, CompletedResult, ComparisonReport, CrossRuntimeCheck, RemnantKind, TimingStats } from '../shared/results';
import { crossRuntimeLines } from '../shared/cross-runtime-text';
import { roundsCutShortText } from '../shared/rounds-text';
import { fileName, markdownText } from './markdown-text';
import { messagesMarkdown } from './messages-export';
import { samplingText } from '../shared/sampling-text';

/** `choice`: what the verdict's pick favours and how the bytes travel, as the panel shows them (default size, gzip). */
export function renderReport(report: ComparisonReport, format: ExportFormat, choice: VerdictChoice = DEFAULT_CHOICE): string {
  switch (format) {
    case 'markdown':
      return toMarkdown(report, choice);
    case 'csv':
      return toCsv(report);
    case 'json':
      return jsonDocument(report, choice);
  }
}

// ---------------------------------------------------------------- Markdown

export { markdownText };

/** Distinct remnants per kind, in the matrix's column order, a capped list's leftovers included. */
function remnantCounts(result: CompletedResult): Array<[kind: RemnantKind, count: number]> {
  const { cells } = remnantMatrixRow(result);
  return REMNANT_KINDS.flatMap((kind) => (cells[kind] ? [[kind, cells[kind].remnants] as [RemnantKind, number]] : []));
}

/** "prototype ×6, toJSON ×6, renamed": each kind's short name and how many remnants it has. */
export function remnantSummary(result: CompletedResult): string {
  const counts = remnantCounts(result);
  if (counts.length === 0) return 'none';
  return counts.map(([kind, count]) => (count > 1 ? `${REMNANT_KIND_INFO[kind].short} ×${count}` : REMNANT_KIND_INFO[kind].short)).join(', ');
}

/** "1.07 ms (1.02–1.12 ms)": amortised per call, median of the rounds and their range. */
const perCall = (timing: TimingStats) => `${formatDurationRange(timing.meanNs, timing.meanInterval)}${timing.bimodal ? ' (bimodal)' : ''}`;
const gcAndAllocation = (timing: TimingStats) =>
  `${formatPercent(timing.gcShare)}, ${timing.gcShare === null ? '—' : (allocationFigure(timing) ?? 'not measured')}`;
const unstable = (row: CompletedResult, figure: 'encodeSpeedup' | 'decodeSpeedup') => (row.unstable?.some((marker) => marker.figure === figure) ? ' ⚠' : '');

function markdownRow(row: CodecResult, nameOf: (codec: string) => string): string[] {
  const name = markdownText(nameOf(row.codec));
  const format = markdownText(row.format);
  if (row.status !== 'completed') {
    const bytes = row.status === 'errored' && row.bytes !== undefined ? formatBytes(row.bytes) : '—';
    const ratio = row.status === 'errored' && row.ratio != null ? row.ratio.toFixed(3) : '—';
    return [name, format, bytes, ratio, '—', '—', '—', '—', '—', '—', '—', '—', '—', `${row.status} at ${row.error.stage}`, '—'];
  }
  return [
    name,
    format,
    formatBytes(row.bytes),
    row.ratio === null ? '—' : row.ratio.toFixed(3),
    formatBytes(row.compressed.gzip),
    formatBytes(row.compressed.brotli),
    row.compressed.zstd === null ? 'not measured' : formatBytes(row.compressed.zstd),
    perCall(row.encode),
    perCall(row.decode),
    `${formatSpeedupRange(row.speedupVsJson?.encode, row.speedupVsJson?.encodeInterval)}${unstable(row, 'encodeSpeedup')}`,
    `${formatSpeedupRange(row.speedupVsJson?.decode, row.speedupVsJson?.decodeInterval)}${unstable(row, 'decodeSpeedup')}`,
    gcAndAllocation(row.encode),
    gcAndAllocation(row.decode),
    roundTripLabel(row.roundTrip),
    remnantSummary(row),
  ];
}

const MARKDOWN_HEADER = [
  'Codec',
  'Format',
  'Bytes',
  'Ratio',
  'gzip',
  'brotli',
  'zstd',
  'Encode per call',
  'Decode per call',
  'Encode vs JSON',
  'Decode vs JSON',
  'Encode: GC, allocated',
  'Decode: GC, allocated',
  'Round trip',
  'Remnants',
];
const MARKDOWN_ALIGN = ['---', '---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---', '---'];

/** A conclusion of the report (summary.ts): a bold title, its caveats, the lead, a list. */
export function markdownSection(section: SummarySection | undefined): string[] {
  if (!section) return [];
  const paragraphs = (lines: readonly string[]) => lines.flatMap((line) => ['', markdownText(line)]);
  return [
    '',
    `**${section.title[0]!.toUpperCase()}${section.title.slice(1)}**`,
    ...paragraphs(section.before),
    ...paragraphs(section.lead),
    '',
    ...section.items.map((item) => `- ${markdownText(item)}`),
    ...paragraphs(section.after),
  ];
}

const capitalized = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;

export function toMarkdown(report: ComparisonReport, choice: VerdictChoice = DEFAULT_CHOICE): string {
  // Message mode: its own tables and verdict, every figure per message.
  if (report.input.messages) return messagesMarkdown(report, choice);
  const { input, runtime, settings, tool } = report;
  const rounds = settings.rounds ?? 1;
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const nameOf = codecNames(report.results);
  const failures = report.results.flatMap((row) =>
    row.status === 'completed' ? [] : [`- ${markdownText(nameOf(row.codec))}: ${row.status} at ${row.error.stage}: ${markdownText(row.error.message)}`],
  );
  const notes = report.results.flatMap((row) => [
    ...(row.status === 'completed' ? (row.unstable ?? []) : []).map((marker) => `- ⚠ ${markdownText(marker.reason)}`),
    ...rowNotesText(row).map((note) => `- ${markdownText(nameOf(row.codec))}: ${markdownText(note)}`),
  ]);
  const interop = report.results.flatMap((row) =>
    row.status === 'completed' && row.interop ? [`- ${markdownText(nameOf(row.codec))}: ${markdownText(describeInterop(row.interop))}`] : [],
  );
  return [
    `## Payload Lab: ${markdownText(fileName(input.path))}`,
    '',
    `${markdownText(input.path)}: ${formatBytes(input.jsonBytes)} of minified JSON (${sampleBytesText(input)}), ` +
      `${markdownText(samplePartText(input) ?? `${input.records.toLocaleString('en-US')} record${input.records === 1 ? '' : 's'}`)}.`,
    `${tool.name} ${markdownText(tool.version)}, Node ${markdownText(runtime.node)}, V8 ${markdownText(runtime.v8)}, ${markdownText(runtime.platform)}; ` +
      `${rounds} round${rounds === 1 ? '' : 's'} of ${settings.timeBudgetMs} ms per codec${settings.quick ? ' (quick)' : ''}, ${samplingText(settings)}.` +
      `${settings.roundsCutShort ? ` ${markdownText(roundsCutShortText(settings.roundsCutShort))}.` : ''}`,
    ...(settings.machineLoad
      ? [
          '',
          `${settings.machineLoad.measured && settings.machineLoad.busy ? '⚠ ' : ''}${markdownText(capitalized(describeMachineLoad(settings.machineLoad)))}.`,
        ]
      : []),
    // The answer first, as in the panel: the pick, then each claim with its figure.
    ...markdownSection(verdictSummary(report, choice)),
    '',
    line(MARKDOWN_HEADER),
    line(MARKDOWN_ALIGN),
    ...report.results.map((row) => line(markdownRow(row, nameOf))),
    '',
    'Ratio = bytes / JSON bytes. Per call = amortised time (time in calls over calls, collections included), median over rounds ' +
      `(lowest–highest round). vs JSON = JSON's time over the codec's in each round, median (${speedupRangeMeaning(rounds)}); above 1× is faster; ` +
      '⚠ = rounds more than ×1.25 apart. GC = share of the time in collection pauses; allocated = bytes allocated per call.',
    ...markdownLazyReads(report, nameOf),
    ...markdownSection(sampleSummary(report)),
    ...markdownSection(adviceSummary(report, choice.transport)),
    ...(failures.length > 0 ? ['', '**Errors**', '', ...failures] : []),
    ...(notes.length > 0 ? ['', '**Notes**', '', ...notes] : []),
    ...(interop.length > 0 ? ['', '**Readable by the reference decoder**', '', ...interop] : []),
    ...markdownCrossRuntime(report.crossRuntime),
    '',
  ].join('\n');
}

/** A run in Node and a browser: whether each codec wrote the same bytes in both. */
function markdownCrossRuntime(check: CrossRuntimeCheck | undefined): string[] {
  if (!check) return [];
  const { headline, differences } = crossRuntimeLines(check);
  return [
    '',
    `**Node and the browser**: ${markdownText(headline)}`,
    ...(differences.length > 0 ? ['', ...differences.map((line) => `- ${markdownText(line)}`)] : []),
  ];
}

/** FlatBuffers' and Cap'n Proto's reads beside their decode (their rows only; nothing for other runs). */
function markdownLazyReads(report: ComparisonReport, nameOf: (codec: string) => string): string[] {
  const rows = report.results.flatMap((row) => lazyReadsOf(row) ?? []);
  if (rows.length === 0) return [];
  return [
    '',
    `**Read on access** (per call, first round): ${markdownText(LAZY_READS_MEANING)}.`,
    '',
    '| Codec | Decode | access | firstField | path |',
    '| --- | ---: | ---: | ---: | --- |',
    ...rows.map(
      ({ row, access, firstField, firstFieldPath }) =>
        `| ${markdownText(nameOf(row.codec))} | ${formatDuration(row.decode.meanNs)} | ${formatDuration(access.meanNs)} | ${formatDuration(firstField.meanNs)} | ${markdownText(firstFieldPath)} |`,
    ),
  ];
}

// ---------------------------------------------------------------- CSV

/**
 * RFC 4180 quoting, and a leading apostrophe on text that a spreadsheet would run as a formula
 * (a codec label or error message starting with `=`, `+`, `-`, `@`): CSV injection.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const TIMING_FIELDS = [
  'mean_ns',
  'mean_low_ns',
  'mean_high_ns',
  'gc_share',
  'bytes_allocated_per_call',
  'allocation_lower_bound',
  'bimodal',
  'median_ns',
  'p75_ns',
  'p99_ns',
  'min_ns',
  'max_ns',
  'rme',
  'samples',
  'batch_size',
  'mb_per_s',
] as const;
const timingValues = (timing: TimingStats | undefined) =>
  timing
    ? [
        timing.meanNs,
        timing.meanInterval[0],
        timing.meanInterval[1],
        timing.gcShare,
        timing.bytesAllocatedPerCall,
        timing.bytesAllocatedPerCall === null ? null : timing.allocationLowerBound ? 'yes' : 'no',
        timing.bimodal ? 'yes' : 'no',
        timing.medianNs,
        timing.p75Ns,
        timing.p99Ns,
        timing.minNs,
        timing.maxNs,
        timing.rme,
        timing.samples,
        timing.batchSize,
        timing.mbPerSec,
      ]
    : TIMING_FIELDS.map(() => null);

export const CSV_COLUMNS = [
  'codec',
  'label',
  'format',
  'library',
  'library_version',
  'schema',
  'status',
  'error_stage',
  'error_message',
  'bytes',
  'ratio',
  'gzip_bytes',
  'brotli_bytes',
  'zstd_bytes',
  ...TIMING_FIELDS.map((field) => `encode_${field}`),
  ...TIMING_FIELDS.map((field) => `decode_${field}`),
  'encode_speedup_vs_json',
  'decode_speedup_vs_json',
  'round_trip',
  'differences',
  'remnants',
  'remnant_kinds',
  'notes',
  'nulls_added',
  'encode_speedup_low',
  'encode_speedup_high',
  'decode_speedup_low',
  'decode_speedup_high',
  'rounds',
  'unstable',
  'interop_decoder',
  'interop_readable',
  'interop_why',
  // Formats read on access (FlatBuffers, Cap'n Proto), first round: decode above is to a plain object.
  'access_mean_ns',
  'first_field_mean_ns',
  'first_field_path',
  // Appended, so the columns before keep their places: nulls proto3 sent as unset fields.
  'nulls_absent',
] as const;

function csvValues(row: CodecResult): Array<string | number | null | undefined> {
  const done: CompletedResult | undefined = row.status === 'completed' ? row : undefined;
  const error = row.status === 'completed' ? undefined : row.error;
  return [
    row.codec,
    row.label,
    row.format,
    row.library,
    row.libraryVersion,
    row.schema,
    row.status,
    error?.stage,
    error?.message,
    row.status === 'skipped' ? null : row.bytes,
    row.status === 'skipped' ? null : row.ratio,
    done?.compressed.gzip,
    done?.compressed.brotli,
    done?.compressed.zstd,
    ...timingValues(done?.encode),
    ...timingValues(done?.decode),
    done?.speedupVsJson?.encode,
    done?.speedupVsJson?.decode,
    done?.roundTrip.status,
    done ? done.roundTrip.differences.length + (done.roundTrip.omittedDifferences ?? 0) : null,
    done ? remnantCount(done) : null,
    done
      ? remnantCounts(done)
          .map(([kind, count]) => `${kind}=${count}`)
          .join(';')
      : null,
    rowNotesText(row).join('; '),
    done ? (done.roundTrip.nullsAdded ?? 0) : null,
    done?.speedupVsJson?.encodeInterval[0],
    done?.speedupVsJson?.encodeInterval[1],
    done?.speedupVsJson?.decodeInterval[0],
    done?.speedupVsJson?.decodeInterval[1],
    done?.rounds?.length,
    done?.unstable?.map((marker) => marker.figure).join(';'),
    done?.interop?.decoder,
    done?.interop ? (done.interop.readable ? 'yes' : 'no') : null,
    done?.interop?.why,
    done?.access?.meanNs,
    done?.firstField?.meanNs,
    done?.firstFieldPath,
    done ? (done.roundTrip.nullsAbsent ?? 0) : null,
  ];
}

/** One line per codec, CRLF line ends (RFC 4180). */
export function toCsv(report: ComparisonReport): string {
  const lines = [CSV_COLUMNS.join(','), ...report.results.map((row) => csvValues(row).map(csvField).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}
