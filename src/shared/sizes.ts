/**
 * A sizes-only answer (`payload-lab compare --sizes-only`): every figure of a comparison's first
 * round that is not a time (bytes, compressed sizes, round trip, remnants, attribution), with no
 * timing at all. Plain data, like results.ts, and a public contract in `--json`.
 */
import type { CompletedResult, ErroredResult, RuntimeInfo, SampleInfo, SkippedResult } from './results';

/** What a completed row is without its times: encode, decode, speed-ups, rounds, end-to-end, compression times. */
export type SizedResult = Omit<
  CompletedResult,
  | 'status'
  | 'encode'
  | 'decode'
  | 'speedupVsJson'
  | 'rounds'
  | 'roundsStopped'
  | 'roundFailures'
  | 'unstable'
  | 'endToEnd'
  | 'compressionTiming'
  | 'access'
  | 'firstField'
  | 'firstFieldPath'
  | 'messages'
  | 'codeGeneration'
  | 'runtimeDifference'
> & { status: 'sized' };

export type SizesRow = SizedResult | ErroredResult | SkippedResult;

export interface SizesReport {
  tool: { name: 'payload-lab'; version: string };
  /** Always 'sizes': what tells this document from a comparison's. */
  kind: 'sizes';
  runtime: RuntimeInfo;
  input: SampleInfo;
  /** No speed figure is in this report: each codec's job timed nothing. */
  timing: 'not measured';
  results: SizesRow[];
}
