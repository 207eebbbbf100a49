/** The terminal tables of a sweep: one per size as it finishes, then growth, then limits. */
import { sweepNoteText } from '../shared/sweep-notes';
import type { CodecResult, SampleInfo } from '../shared/results';
import { type CodecLimit, type GrowthSlope, type LimitSettings, type SweepReport, type SweepSize, SUPERLINEAR_SLOPE } from '../shared/sweep';
import { formatDuration, formatSpeedupRange } from '../shared/format';
import { roundsCutShortText } from '../shared/rounds-text';
import { describeLimitFailure, formatJsonSize, formatSlope, growthVerdict, limitCells } from '../shared/sweep-format';

const ratio = (value: number | null | undefined) => (value == null ? '—' : value.toFixed(3));
const compressedRatio = (bytes: number, jsonBytes: number) => ratio(bytes / jsonBytes);

export function sweepPlanLine(plan: readonly SampleInfo[]): string {
  return `sizes: ${plan.map((info) => formatJsonSize(info.jsonBytes)).join(', ')} of JSON`;
}

export function sizeHeading(size: Pick<SweepSize, 'jsonBytes' | 'scaling'>): string {
  const { records, sourceRecords, repeated, freshRecords } = size.scaling;
  const how = repeated
    ? `${(records / sourceRecords).toFixed(1)}× the records, repeated`
    : freshRecords
      ? `the sample's ${sourceRecords.toLocaleString('en-US')} and ${freshRecords.toLocaleString('en-US')} fresh`
      : records === sourceRecords
        ? 'the whole sample'
        : `the first ${records.toLocaleString('en-US')}`;
  return `── ${formatJsonSize(size.jsonBytes)} of JSON (${size.jsonBytes.toLocaleString('en-US')} B): ${records.toLocaleString('en-US')} records, ${how} ──`;
}

export const SIZE_TABLE_HEADER = `${'codec'.padEnd(10)}  ${'ratio'.padStart(6)}  ${'gzip'.padStart(6)}  ${'brotli'.padStart(6)}  ${'encode/call'.padStart(11)}  ${'decode/call'.padStart(11)}  ${'encode vs JSON'.padStart(20)}  ${'decode vs JSON'.padStart(20)}`;

export function sizeRow(row: CodecResult, jsonBytes: number): string {
  if (row.status !== 'completed') return `${row.codec.padEnd(10)}  ${row.status} at ${row.error.stage}: ${row.error.message}`;
  const speed = row.speedupVsJson;
  return [
    row.codec.padEnd(10),
    ratio(row.ratio).padStart(6),
    compressedRatio(row.compressed.gzip, jsonBytes).padStart(6),
    compressedRatio(row.compressed.brotli, jsonBytes).padStart(6),
    formatDuration(row.encode.meanNs).padStart(11),
    formatDuration(row.decode.meanNs).padStart(11),
    formatSpeedupRange(speed?.encode, speed?.encodeInterval).padStart(20),
    formatSpeedupRange(speed?.decode, speed?.decodeInterval).padStart(20),
  ].join('  ');
}

export function sizeTable(size: SweepSize): string {
  return [sizeHeading(size), SIZE_TABLE_HEADER, ...size.results.map((row) => sizeRow(row, size.jsonBytes)), ''].join('\n');
}

export function growthTable(growth: readonly GrowthSlope[]): string {
  return [
    `growth: slope of log(time per call) against log(JSON size); 1 = linear, ▲ above ${SUPERLINEAR_SLOPE}`,
    `${'codec'.padEnd(10)}  ${'encode'.padStart(7)}  ${'decode'.padStart(7)}  ${'sizes'.padStart(5)}`,
    ...growth.map(
      (slope) =>
        `${slope.codec.padEnd(10)}  ${formatSlope(slope.encodeSlope).padStart(7)}  ${formatSlope(slope.decodeSlope).padStart(7)}  ${String(slope.points).padStart(5)}  ${growthVerdict(slope)}`,
    ),
    '',
  ].join('\n');
}

export function describeHeap(settings: Pick<LimitSettings, 'heapMb' | 'observedHeapLimitMb'>): string {
  const observed = settings.observedHeapLimitMb === null ? '' : ` (V8 reports ${settings.observedHeapLimitMb} MB)`;
  return settings.heapMb === null ? `Node's default heap${observed}` : `--max-old-space-size=${settings.heapMb}${observed}`;
}

export function limitsHeading(settings: Pick<LimitSettings, 'heapMb' | 'capJsonBytes'> & { observedHeapLimitMb: number | null }): string {
  return [
    `limits: the largest JSON size each codec encodes, and encodes then decodes, each size in a process of its own with ${describeHeap(settings)}; cap ${formatJsonSize(settings.capJsonBytes)}`,
    `(each size repeats the sample's records: a limit is a matter of bytes and objects, which repeats have as fresh records do)`,
    `${'codec'.padEnd(10)}  ${'encode max'.padStart(18)}  ${'decode max'.padStart(18)}  failure`,
  ].join('\n');
}

export function limitRow(limit: CodecLimit, capJsonBytes: number): string {
  const cells = limitCells(limit, capJsonBytes);
  const failure = limit.failure ? `${describeLimitFailure(limit.failure)}: ${limit.failure.message}` : '—';
  return `${limit.codec.padEnd(10)}  ${cells.encode.padStart(18)}  ${cells.decode.padStart(18)}  ${failure}`;
}

export function sweepFooter(report: SweepReport): string {
  const { settings, runtime, tool } = report;
  const rounds = settings.rounds ?? 1;
  return [
    ...report.notes.map((note) => `note: ${sweepNoteText(note)}`),
    `ratio, gzip, brotli = bytes / JSON bytes at that size; /call = amortised time per call, median of ${rounds} round${rounds === 1 ? '' : 's'} (fresh worker per codec and round);`,
    `vs JSON = JSON's time / the codec's per round, median (lowest–highest round). ${settings.timeBudgetMs} ms per codec and round${settings.quick ? ' (quick)' : ''}.`,
    ...(settings.roundsCutShort ? [`${roundsCutShortText(settings.roundsCutShort)}.`] : []),
    `${tool.name} ${tool.version}, Node ${runtime.node}, V8 ${runtime.v8}, ${runtime.platform}`,
  ].join('\n');
}
