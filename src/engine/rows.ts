/**
 * Turns what a worker reported in a run's first round (or what happened to it) into a result
 * row. Ratios are computed here; timings and speed-ups over the rounds in rounds.ts.
 */
import { findBuiltinCodec } from '../codecs/registry';
import { idFromModulePath } from '../codecs/codec-source';
import { libraryVersion } from '../codecs/library-version';
import type { CodecResult, ErroredResult, StageError } from '../shared/results';
import type { CodecDescriptor, CodecSizes, CodecSource, CodecReport } from '../shared/codec-job';
import type { SizesRow } from '../shared/sizes';

export interface RowContext {
  /** Minified UTF-8 JSON bytes of the sample: the denominator of every ratio. */
  jsonBytes: number;
}

export function descriptorOf(source: CodecSource): CodecDescriptor {
  if ('builtin' in source) {
    const builtin = findBuiltinCodec(source.builtin);
    if (builtin) return builtin;
  }
  const id = 'builtin' in source ? source.builtin : idFromModulePath(source.modulePath);
  return { id, label: id, format: 'custom', library: 'custom', needsSchema: false };
}

function baseFields(descriptor: CodecDescriptor, version: string | undefined) {
  return {
    codec: descriptor.id,
    label: descriptor.label,
    format: descriptor.format,
    library: descriptor.library,
    libraryVersion: version ?? (descriptor.library === 'custom' ? 'unknown' : libraryVersion(descriptor.library)),
  };
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

function rowBase(report: CodecReport, source: CodecSource) {
  const descriptor = report.descriptor ?? descriptorOf(source);
  return {
    ...baseFields(descriptor, report.libraryVersion),
    schema: report.schema,
    ...(report.schemaText === undefined ? {} : { schemaText: report.schemaText }),
    notes: report.notes,
  };
}

const ratioIn = (context: RowContext) => (bytes: number) => (context.jsonBytes > 0 ? round(bytes / context.jsonBytes, 4) : null);

/** The figures of a first round that are not times: a comparison's row and a sizes-only row share them. */
function sizeFields(m: CodecSizes, ratioOf: (bytes: number) => number | null) {
  return {
    bytes: m.bytes,
    ratio: ratioOf(m.bytes),
    compressed: m.compressed,
    roundTrip: m.roundTrip,
    remnants: m.remnants,
    sha256: m.sha256,
    ...(m.interop ? { interop: m.interop } : {}),
    ...(m.byteAttribution ? { byteAttribution: m.byteAttribution } : {}),
  };
}

export function buildRow(report: CodecReport, source: CodecSource, context: RowContext): CodecResult {
  const base = rowBase(report, source);
  const outcome = report.outcome;
  const ratioOf = ratioIn(context);
  switch (outcome.status) {
    case 'timed':
      // Only later rounds time alone, and their figures join the first round's row.
      return { ...base, status: 'errored', error: { stage: 'crash', message: 'the worker timed without verifying in a first round' } };
    case 'sized':
      return { ...base, status: 'errored', error: { stage: 'crash', message: 'the worker left a first round untimed' } };
    case 'skipped':
      return { ...base, status: 'skipped', error: outcome.error };
    case 'errored':
      return outcome.bytes === undefined
        ? { ...base, status: 'errored', error: outcome.error }
        : { ...base, status: 'errored', error: outcome.error, bytes: outcome.bytes, ratio: ratioOf(outcome.bytes) };
    case 'completed': {
      const m = outcome.measurements;
      return {
        ...base,
        status: 'completed',
        ...sizeFields(m, ratioOf),
        encode: m.encode,
        decode: m.decode,
        // Computed over the rounds (rounds.ts), each against JSON of the same round.
        speedupVsJson: null,
        ...(m.endToEnd ? { endToEnd: m.endToEnd } : {}),
        ...(m.compressionTiming ? { compressionTiming: m.compressionTiming } : {}),
        ...(m.lazy ? { access: m.lazy.access, firstField: m.lazy.firstField, firstFieldPath: m.lazy.firstFieldPath } : {}),
        ...(m.messages ? { messages: m.messages } : {}),
      };
    }
  }
}

/** A sizes-only job's row: its sizes, or how it ended as a comparison's row would say it. */
export function sizesRow(report: CodecReport, source: CodecSource, context: RowContext): SizesRow {
  if (report.outcome.status === 'sized') return { ...rowBase(report, source), status: 'sized', ...sizeFields(report.outcome.sizes, ratioIn(context)) };
  const row = buildRow(report, source, context);
  return row.status === 'completed'
    ? { ...rowBase(report, source), status: 'errored', error: { stage: 'crash', message: 'the worker timed a sizes-only job' } }
    : row;
}

/** A row for a worker that never reported: it timed out, ran out of memory, crashed. */
export function rowWithoutReport(source: CodecSource, error: StageError): ErroredResult {
  return { ...baseFields(descriptorOf(source), undefined), schema: 'none', notes: [], status: 'errored', error };
}
