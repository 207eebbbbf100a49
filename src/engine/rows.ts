/**
 * Turns what a worker reported in a run's first round (or what happened to it) into a result
 * row. Ratios are computed here; timings and speed-ups over the rounds in rounds.ts.
 */
import { findBuiltinCodec } from '../codecs/registry';
import { idFromModulePath } from '../codecs/codec-source';
import { libraryVersion } from '../codecs/library-version';
import type { CodecResult, StageError } from '../shared/results';
import type { CodecDescriptor, CodecSource, CodecReport } from '../shared/codec-job';

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

export function buildRow(report: CodecReport, source: CodecSource, context: RowContext): CodecResult {
  const descriptor = report.descriptor ?? descriptorOf(source);
  const base = {
    ...baseFields(descriptor, report.libraryVersion),
    schema: report.schema,
    ...(report.schemaText === undefined ? {} : { schemaText: report.schemaText }),
    notes: report.notes,
  };
  const outcome = report.outcome;
  const ratioOf = (bytes: number) => (context.jsonBytes > 0 ? round(bytes / context.jsonBytes, 4) : null);
  switch (outcome.status) {
    case 'timed':
      // Only later rounds time alone, and their figures join the first round's row.
      return { ...base, status: 'errored', error: { stage: 'crash', message: 'the worker timed without verifying in a first round' } };
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
        bytes: m.bytes,
        ratio: ratioOf(m.bytes),
        compressed: m.compressed,
        encode: m.encode,
        decode: m.decode,
        // Computed over the rounds (rounds.ts), each against JSON of the same round.
        speedupVsJson: null,
        roundTrip: m.roundTrip,
        remnants: m.remnants,
        sha256: m.sha256,
        ...(m.endToEnd ? { endToEnd: m.endToEnd } : {}),
        ...(m.interop ? { interop: m.interop } : {}),
        ...(m.compressionTiming ? { compressionTiming: m.compressionTiming } : {}),
        ...(m.byteAttribution ? { byteAttribution: m.byteAttribution } : {}),
        ...(m.lazy ? { access: m.lazy.access, firstField: m.lazy.firstField, firstFieldPath: m.lazy.firstFieldPath } : {}),
        ...(m.messages ? { messages: m.messages } : {}),
      };
    }
  }
}

/** A row for a worker that never reported: it timed out, ran out of memory, crashed. */
export function rowWithoutReport(source: CodecSource, error: StageError): CodecResult {
  return { ...baseFields(descriptorOf(source), undefined), schema: 'none', notes: [], status: 'errored', error };
}
