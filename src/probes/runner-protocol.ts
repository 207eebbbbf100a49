/**
 * Messages between the extension host and the probe runner process (dist/probe-child.js
 * started with RUNNER_FLAG): the host asks for one probe run, may cancel it, and hears the
 * plan, each result and the report, or why it ended. Plain data over JSON IPC.
 */
import type { ProbeId, ProbeReport, ProbeResult } from '../shared/probes';
import type { ProbePlan } from './run-probes';

/** The argument that starts dist/probe-child.js as the runner rather than as a probe process. */
export const RUNNER_FLAG = '--payload-lab-probe-runner';

export interface RunnerJob {
  type: 'run';
  codecs?: string[];
  probes?: ProbeId[];
  timeoutMs?: number;
  memoryLimitMb?: number;
}

export type RunnerCommand = RunnerJob | { type: 'cancel' };

export type RunnerMessage =
  | { type: 'start'; plan: ProbePlan }
  | { type: 'result'; result: ProbeResult }
  | { type: 'report'; report: ProbeReport }
  | { type: 'ended'; cancelled: boolean; message: string };
