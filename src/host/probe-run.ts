/**
 * The panel's "Probe libraries" as a kind of run (run-lifecycle.ts): every probe on every
 * built-in codec with the default limits, each result streamed into the panel as it arrives.
 * The runner and the probes run in processes of their own: no codec library (nor the probe
 * catalog) loads in the extension host, and a decoder that aborts takes its own process down,
 * not this one.
 */
import * as vscode from 'vscode';
import { runProbesInProcess } from '../probes/probe-runner-client';
import { describeProbeLimits } from '../shared/probes';
import type { RunKindSpec } from './run-lifecycle';

export const probeRun: RunKindSpec<'probes', void, unknown> = {
  kind: 'probes',
  logName: 'probes',
  title: () => 'probing libraries',
  cancelled: 'the probe processes were stopped',
  async work(_request, run) {
    let total = 0;
    let done = 0;
    const report = await runProbesInProcess({
      signal: run.signal,
      onStart: (plan) => {
        total = plan.codecs.length * plan.probes.length;
        run.start(plan, `${plan.codecs.map((codec) => codec.codec).join(', ')}; ${describeProbeLimits(plan.limits)}`);
      },
      onResult: (result) => {
        done++;
        run.item(result);
        run.notify(`${done} of ${total} (${result.codec}: ${result.probe})`, 100 / Math.max(1, total));
      },
    });
    if (report.limits.heapLimitHeld === false) {
      void vscode.window.showWarningMessage(`Payload Lab: the probes' ${describeProbeLimits(report.limits)}.`);
    }
    return report;
  },
  finishedNote: (report) => describeProbeLimits(report.limits),
  showFailure: (_error, message) => void vscode.window.showErrorMessage(`Payload Lab: the library probes failed: ${message}`),
};
