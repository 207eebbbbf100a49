/**
 * The probe catalog as plain data, and the units a probe process runs one by one. A unit is
 * one probe, except that each crafted input is a unit of its own: when a process dies, the
 * runner knows which input killed it and resumes a fresh process at the next one.
 *
 * Both the runner and the probe process enumerate units with `probeUnits`, so an index means
 * the same unit on both sides.
 */
import type { ProbeCase, ProbedCodec, ProbeId, ProbeInfo, ProbeOutcome, ProbeResult } from '../shared/probes';
import { craftedInputsFor, malformedProbes } from './malformed-probes';
import { valueProbeInfo } from './value-probe-info';
import type { CodecSource } from '../shared/codec-job';

const toInfo = ({ id, title, description, kind }: ProbeInfo): ProbeInfo => ({ id, title, description, kind });

/** Every probe, in report order: value probes, then malformed bytes. */
export const probeCatalog: readonly ProbeInfo[] = [...valueProbeInfo.map(toInfo), ...malformedProbes.map(toInfo)];

export const ALL_PROBE_IDS: readonly ProbeId[] = probeCatalog.map((probe) => probe.id);

export interface ProbeUnit {
  probe: ProbeId;
  /** Index into `craftedInputsFor(codec)` for `crafted-lengths`. */
  craftedIndex?: number;
}

export function probeUnits(probes: readonly ProbeId[], codec: string): ProbeUnit[] {
  const units: ProbeUnit[] = [];
  for (const probe of ALL_PROBE_IDS) {
    if (!probes.includes(probe)) continue;
    const crafted = probe === 'crafted-lengths' ? craftedInputsFor(codec) : [];
    if (crafted.length === 0) units.push({ probe });
    else crafted.forEach((_, craftedIndex) => units.push({ probe, craftedIndex }));
  }
  return units;
}

/** What the probe process reports for one unit. */
export interface UnitResult {
  effects: ProbeOutcome[];
  detail: string;
  stage?: ProbeResult['stage'];
  pollution?: string[];
  cases?: ProbeCase[];
  durationMs: number;
}

/** The job a probe process receives as its first IPC message. */
export interface ProbeChildJob {
  codec: CodecSource;
  /** Key for per-codec inputs: the built-in id, or the module's file name. */
  codecId: string;
  probes: ProbeId[];
  /** Index of the first unit to run: after a crash, a fresh process resumes past the culprit. */
  startAt: number;
}

/** The conversation between the runner and one probe process: one request, the units as events. */
export interface ProbeChildMethods {
  /** Answers with how many units ran once the last one is done. */
  'run-units': { params: ProbeChildJob; result: { units: number } };
}

export interface ProbeChildEvents {
  /** `heapLimitMb`: V8's heap_size_limit in the child, to check that --max-old-space-size held. */
  ready: { codec: ProbedCodec; heapLimitMb?: number };
  unit: { index: number; result: UnitResult; /** the process exits next (it is polluted) */ exiting: boolean };
}
