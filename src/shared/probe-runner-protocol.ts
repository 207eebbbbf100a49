/**
 * The conversation between the extension host and the probe runner process (dist/probe-child.js
 * started with RUNNER_FLAG), as a method map: the host asks for one probe run (cancelled through
 * the channel) and hears the plan and each result as events; the report is the answer.
 */
import type { ProbeId, ProbeReport, ProbeResult, ProbePlan } from './probes';

/** The argument that starts dist/probe-child.js as the runner rather than as a probe process. */
export const RUNNER_FLAG = '--payload-lab-probe-runner';

export interface RunnerJob {
  codecs?: string[];
  probes?: ProbeId[];
  timeoutMs?: number;
  memoryLimitMb?: number;
}

export interface RunnerMethods {
  'run-probes': { params: RunnerJob; result: ProbeReport };
}

export interface RunnerEvents {
  'probe-plan': ProbePlan;
  'probe-result': ProbeResult;
}
