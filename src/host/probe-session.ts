/**
 * The panel's "Probe libraries": runs every probe on every built-in codec with the default
 * limits, one probe run at a time (a new one cancels the one going on), with a cancellable
 * progress notification, each result streamed into the panel as it arrives. The runner and
 * the probes run in processes of their own: no codec library (nor the probe catalog) loads in
 * the extension host, and a decoder that aborts takes its own process down, not this one.
 */
import * as vscode from 'vscode';
import { logFailure } from './failure-log';
import { CancelledError } from '../engine/compare';
import { runProbesInProcess } from '../probes/probe-runner-client';
import { ResultsPanel, type PanelActions } from '../panel/results-panel';
import { describeProbeLimits, type ProbeReport } from '../shared/probes';
import type { ProbeHostMessage } from '../shared/protocol';
import { RunSlot } from './run-slot';

export class ProbeSession implements vscode.Disposable {
  private probeRunId = 0;
  private readonly slot = new RunSlot();

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly log: vscode.LogOutputChannel,
    private readonly panelActions: () => PanelActions,
  ) {}

  /** The report, or undefined when cancelled, failed or overtaken by a newer request. */
  async probe(): Promise<ProbeReport | undefined> {
    const outcome = await this.slot.run((controller) => this.probeWithProgress(controller));
    return outcome.started ? outcome.value : undefined;
  }

  cancel(): void {
    this.slot.cancel();
  }

  dispose(): void {
    this.cancel();
  }

  private probeWithProgress(controller: AbortController): Promise<ProbeReport | undefined> {
    return Promise.resolve(vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: 'Payload Lab: probing libraries', cancellable: true },
      async (progress, token) => {
        token.onCancellationRequested(() => controller.abort());
        ResultsPanel.show(this.context.extensionUri, this.panelActions(), this.log);
        // To whichever panel is open: one closed meanwhile is gone (its webview throws), and a
        // panel opened later still gets the report at the end.
        const post = (message: ProbeHostMessage) => ResultsPanel.open?.post(message);
        const probeRunId = ++this.probeRunId;
        let total = 0;
        let done = 0;
        try {
          const report = await runProbesInProcess({
            signal: controller.signal,
            onStart: (plan) => {
              total = plan.codecs.length * plan.probes.length;
              post({ type: 'probes-started', probeRunId, ...plan });
              this.log.info(`probes ${probeRunId}: ${plan.codecs.map((codec) => codec.codec).join(', ')}; ${describeProbeLimits(plan.limits)}`);
            },
            onResult: (result) => {
              done++;
              post({ type: 'probe-result', probeRunId, result });
              progress.report({ increment: 100 / Math.max(1, total), message: `${done} of ${total} (${result.codec}: ${result.probe})` });
            },
          });
          post({ type: 'probes-finished', probeRunId, report });
          this.log.info(`probes ${probeRunId}: finished; ${describeProbeLimits(report.limits)}`);
          if (report.limits.heapLimitHeld === false) {
            void vscode.window.showWarningMessage(`Payload Lab: the probes' ${describeProbeLimits(report.limits)}.`);
          }
          return report;
        } catch (error) {
          if (error instanceof CancelledError) {
            post({ type: 'probes-ended', probeRunId, outcome: 'cancelled', message: 'the probe processes were stopped' });
            this.log.info(`probes ${probeRunId}: cancelled`);
            return undefined;
          }
          const message = error instanceof Error ? error.message : String(error);
          post({ type: 'probes-ended', probeRunId, outcome: 'failed', message });
          logFailure(this.log, `probes ${probeRunId}`, error);
          void vscode.window.showErrorMessage(`Payload Lab: the library probes failed: ${message}`);
          return undefined;
        }
      },
    ));
  }
}
