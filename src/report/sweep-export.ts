/**
 * A sweep as text to export, the same numbers the panel plots: CSV (one row per size and codec,
 * raw numbers, units in the column names; then the limits), Markdown (a table per size, growth,
 * limits) or the `sweep --json` document. Pure: the host and the CLI can both call it.
 */
import { sweepNoteText } from '../shared/sweep-notes';
import type { ExportFormat } from '../shared/protocol';
import type { CompletedResult } from '../shared/results';
import type { SweepReport } from '../shared/sweep';
import { formatDurationRange, formatSpeedupRange } from '../shared/format';
import { describeLimitFailure, formatJsonSize, formatSlope, growthVerdict, limitCells } from '../shared/sweep-format';
import { markdownText } from './export';
import { codecNames } from '../shared/codec-names';

export function renderSweep(report: SweepReport, format: ExportFormat): string {
  switch (format) {
    case 'json':
      return `${JSON.stringify(report, null, 2)}\n`;
    case 'csv':
      return sweepCsv(report);
    case 'markdown':
      return sweepMarkdown(report);
  }
}

const csvCell = (value: string | number | boolean | null | undefined) => {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

const SIZE_COLUMNS = [
  'json_bytes',
  'records',
  'repeated',
  'fresh_records',
  'codec',
  'status',
  'bytes',
  'ratio',
  'gzip_ratio',
  'brotli_ratio',
  'zstd_ratio',
  'encode_ns',
  'encode_low_ns',
  'encode_high_ns',
  'decode_ns',
  'decode_low_ns',
  'decode_high_ns',
  'encode_speedup',
  'encode_speedup_low',
  'encode_speedup_high',
  'decode_speedup',
  'decode_speedup_low',
  'decode_speedup_high',
  'error',
];

function sweepCsv(report: SweepReport): string {
  const lines = [SIZE_COLUMNS.join(',')];
  for (const size of report.sizes) {
    for (const row of size.results) {
      const done = row.status === 'completed' ? (row as CompletedResult) : undefined;
      const perJson = (bytes: number | null | undefined) => (bytes == null ? null : Number((bytes / size.jsonBytes).toFixed(5)));
      lines.push(
        [
          size.jsonBytes,
          size.scaling.records,
          size.scaling.repeated,
          size.scaling.freshRecords ?? 0,
          row.codec,
          row.status,
          row.status === 'skipped' ? null : row.bytes,
          row.status === 'skipped' ? null : row.ratio,
          perJson(done?.compressed.gzip),
          perJson(done?.compressed.brotli),
          perJson(done?.compressed.zstd),
          done?.encode.meanNs,
          done?.encode.meanInterval[0],
          done?.encode.meanInterval[1],
          done?.decode.meanNs,
          done?.decode.meanInterval[0],
          done?.decode.meanInterval[1],
          done?.speedupVsJson?.encode,
          done?.speedupVsJson?.encodeInterval[0],
          done?.speedupVsJson?.encodeInterval[1],
          done?.speedupVsJson?.decode,
          done?.speedupVsJson?.decodeInterval[0],
          done?.speedupVsJson?.decodeInterval[1],
          row.status === 'completed' ? null : row.error.message,
        ]
          .map(csvCell)
          .join(','),
      );
    }
  }
  if (report.limits) {
    lines.push(
      '',
      'codec,encode_max_json_bytes,decode_max_json_bytes,capped,failure_kind,failure_stage,failure_at_json_bytes,failure_message,heap_mb,cap_json_bytes',
    );
    for (const limit of report.limits) {
      lines.push(
        [
          limit.codec,
          limit.encodeMaxJsonBytes,
          limit.decodeMaxJsonBytes,
          limit.capped,
          limit.failure?.kind,
          limit.failure?.stage,
          limit.failure?.atJsonBytes,
          limit.failure?.message,
          report.limitSettings?.heapMb ?? 'default',
          report.limitSettings?.capJsonBytes,
        ]
          .map(csvCell)
          .join(','),
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

function sweepMarkdown(report: SweepReport): string {
  const nameOf = codecNames(report.sizes.flatMap((size) => size.results));
  const out: string[] = [`# Payload Lab size sweep: ${markdownText(report.sample.path.split(/[\\/]/).pop() ?? report.sample.path)}`, ''];
  for (const note of report.notes) out.push(`- ${markdownText(sweepNoteText(note))}`);
  for (const size of report.sizes) {
    const grown = size.scaling.repeated
      ? ', repeated'
      : size.scaling.freshRecords
        ? `, ${size.scaling.freshRecords.toLocaleString('en-US')} of them fresh`
        : '';
    out.push('', `## ${formatJsonSize(size.jsonBytes)} of JSON (${size.scaling.records.toLocaleString('en-US')} records${grown})`, '');
    out.push('| codec | ratio | gzip | brotli | encode/call | decode/call | encode vs JSON | decode vs JSON |', '|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const row of size.results) {
      if (row.status !== 'completed') {
        out.push(`| ${markdownText(nameOf(row.codec))} | ${row.status} at ${row.error.stage}: ${markdownText(row.error.message)} | | | | | | |`);
        continue;
      }
      const speed = row.speedupVsJson;
      out.push(
        `| ${markdownText(nameOf(row.codec))} | ${row.ratio?.toFixed(3) ?? '—'} | ${(row.compressed.gzip / size.jsonBytes).toFixed(3)} | ${(row.compressed.brotli / size.jsonBytes).toFixed(3)} | ${formatDurationRange(row.encode.meanNs, row.encode.meanInterval)} | ${formatDurationRange(row.decode.meanNs, row.decode.meanInterval)} | ${formatSpeedupRange(speed?.encode, speed?.encodeInterval)} | ${formatSpeedupRange(speed?.decode, speed?.decodeInterval)} |`,
      );
    }
  }
  if (report.growth.length > 0) {
    out.push('', '## Growth (slope of log time against log size; 1 = linear)', '', '| codec | encode | decode | sizes | |', '|---|---:|---:|---:|---|');
    for (const slope of report.growth)
      out.push(
        `| ${markdownText(nameOf(slope.codec))} | ${formatSlope(slope.encodeSlope)} | ${formatSlope(slope.decodeSlope)} | ${slope.points} | ${growthVerdict(slope)} |`,
      );
  }
  if (report.limits && report.limitSettings) {
    const cap = report.limitSettings.capJsonBytes;
    out.push(
      '',
      `## Limits (heap: ${report.limitSettings.heapMb === null ? "Node's default" : `${report.limitSettings.heapMb} MB`}${report.limitSettings.observedHeapLimitMb === null ? '' : `, V8 reports ${report.limitSettings.observedHeapLimitMb} MB`}; cap ${formatJsonSize(cap)}; each size repeats the sample's records)`,
      '',
      '| codec | encode max | decode max | failure |',
      '|---|---:|---:|---|',
    );
    for (const limit of report.limits) {
      const cells = limitCells(limit, cap);
      out.push(`| ${markdownText(nameOf(limit.codec))} | ${cells.encode} | ${cells.decode} | ${markdownText(describeLimitFailure(limit.failure))} |`);
    }
  }
  out.push('', `${report.tool.name} ${report.tool.version}, Node ${report.runtime.node}, ${report.runtime.platform}`);
  return `${out.join('\n')}\n`;
}
