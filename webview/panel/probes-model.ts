/**
 * The panel's model of the last probe run ("Probe libraries"): independent of comparison runs
 * (a new comparison keeps it), saved with the rest of the panel's model so it survives a reload
 * of the page. What only probe runs do with their events; the rules every run has are runs.ts's.
 * Pure (no DOM).
 */
import type { ProbedCodec, ProbeInfo, ProbeLimits, ProbeResult } from '../../src/shared/probes';
import type { RunApplier } from './runs';

export type ProbePhase = 'running' | 'finished' | 'cancelled' | 'failed';

export interface ProbeState {
  probeRunId: number;
  phase: ProbePhase;
  probes: ProbeInfo[];
  codecs: ProbedCodec[];
  /** Null when the run failed before it started (e.g. the probe script is missing). */
  limits: ProbeLimits | null;
  /** In arrival order; one per codec and probe. */
  results: ProbeResult[];
  /** Why the run ended early: the host's words. */
  endMessage: string | null;
}

export const probeRuns: RunApplier<'probes', ProbeState | null> = {
  runId: (state) => state?.probeRunId ?? null,
  started: (state, probeRunId, { probes, codecs, limits }, again) => ({
    probeRunId,
    phase: 'running',
    probes,
    codecs,
    limits,
    results: again && state ? state.results : [],
    endMessage: null,
  }),
  // Probe runs tell their progress in the notification only.
  progress: (state) => state,
  item: (state, result) => {
    if (!state) return state;
    const others = state.results.filter((known) => known.codec !== result.codec || known.probe !== result.probe);
    return { ...state, results: [...others, result] };
  },
  finished: (_state, probeRunId, { probes, codecs, limits, results }) => ({ probeRunId, phase: 'finished', probes, codecs, limits, results, endMessage: null }),
  ended: (state, probeRunId, ending, message, seen) =>
    seen && state
      ? { ...state, phase: ending, endMessage: message }
      : // A run that failed before it started: say why, with nothing to show.
        { probeRunId, phase: ending, probes: [], codecs: [], limits: null, results: [], endMessage: message },
};
