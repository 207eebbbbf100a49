/**
 * Runs size sweeps and limit searches for the extension: one at a time (a new one cancels the
 * one going on), with a cancellable progress notification, rows and limits streamed into the
 * panel. The scaled samples are built inside the workers and limit processes, never here; a
 * limit process that runs out of heap or is killed is a result, not this host's problem.
 */
import * as vscode from 'vscode';
import { logFailure } from './failure-log';
import { findBuiltinCodec } from '../codecs/registry';
import { CancelledError } from '../engine/compare';
import { limitsOnlyReport, MB, scalingNotes } from '../engine/sweep';
import { runSweepInProcess } from '../engine/sweep-process-client';
import { findLimits } from '../payload-limits/run-limits';
import { ResultsPanel, type PanelActions } from '../panel/results-panel';
import type { SweepReport } from '../shared/sweep';
import type { SweepHostMessage } from '../shared/sweep-protocol';
import { formatJsonSize } from '../shared/sweep-format';
import type { ComparisonSession } from './comparison-session';
import type { SampleSource } from './sample-source';
import { readRunSettings, readSweepSettings } from './settings';
import { RunSlot } from './run-slot';

export interface SweepRequest {
  source: SampleSource;
  codecs: string[];
  /** Measure the sizes (Sweep payload sizes). */
  sweep: boolean;
  /** Find each codec's limits (Find payload limits), after the sweep when both. */
  limits: boolean;
  quick?: boolean;
  rounds?: number;
}

const LAST_SWEEP_KEY = 'payloadLab.lastSweep';

export class SweepSession implements vscode.Disposable {
  private sweepId = 0;
  private readonly slot = new RunSlot();
  private current: SweepReport | undefined;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly log: vscode.LogOutputChannel,
    private readonly panelActions: () => PanelActions,
    private readonly comparisons: ComparisonSession,
  ) {}

  /** The last finished sweep (or limit search), for Export. */
  get lastReport(): SweepReport | undefined {
    return this.current ?? this.context.workspaceState.get<SweepReport>(LAST_SWEEP_KEY);
  }

  async run(request: SweepRequest): Promise<SweepReport | undefined> {
    const outcome = await this.slot.run((controller) => this.runWithProgress(request, controller));
    return outcome.started ? outcome.value : undefined;
  }

  cancel(): void {
    this.slot.cancel();
  }

  dispose(): void {
    this.cancel();
  }

  private runWithProgress(request: SweepRequest, controller: AbortController): Promise<SweepReport | undefined> {
    const what = request.sweep ? 'sweeping payload sizes' : 'finding payload limits';
    return Promise.resolve(vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Payload Lab: ${what} of ${request.source.name}`, cancellable: true },
      async (progress, token) => {
        token.onCancellationRequested(() => controller.abort());
        ResultsPanel.show(this.context.extensionUri, this.panelActions(), this.log);
        // To whichever panel is open (one closed meanwhile is gone).
        const post = (message: SweepHostMessage) => ResultsPanel.open?.post(message);
        const sweepId = ++this.sweepId;
        const run = readRunSettings();
        const settings = readSweepSettings();
        const sample = await this.comparisons.sampleInput(request.source);
        const codecs = request.codecs.map((id) => ({ id, label: findBuiltinCodec(id)?.label ?? id }));
        const capJsonBytes = Math.round(settings.capMb * MB);
        post({ type: 'sweep-started', sweep: { sweepId, sampleName: request.source.name, sampleLocation: request.source.location, sweep: request.sweep, limits: request.limits, codecs, heapMb: settings.heapMb ?? null, capJsonBytes } });
        this.log.info(`sweep ${sweepId}: ${request.source.location} with ${request.codecs.join(', ')}${request.sweep ? `, up to ${settings.maxMb} MiB ×${settings.stepFactor}` : ''}${request.limits ? `, limits (heap ${settings.heapMb ?? "Node's default"}, cap ${settings.capMb} MiB)` : ''}`);
        try {
          let report: SweepReport | undefined;
          if (request.sweep) {
            let sizes = 0;
            report = await runSweepInProcess(sample, {
              codecs: request.codecs,
              quick: request.quick ?? true,
              ...(request.rounds === undefined ? {} : { rounds: request.rounds }),
              maxJsonBytes: Math.round(settings.maxMb * MB),
              stepFactor: settings.stepFactor,
              memoryLimitMb: run.memoryLimitMb,
              timeoutMs: run.timeoutMs,
              signal: controller.signal,
              onPlan: (plan) => {
                sizes = plan.length;
                post({ type: 'sweep-planned', sweepId, sizes: plan, notes: scalingNotes(plan) });
              },
              onStage: (index, codec, stage, { round, rounds }) => progress.report({ message: `size ${index + 1} of ${sizes}: round ${round} of ${rounds}: ${codec}: ${stage}` }),
              onResult: (sizeIndex, result) => post({ type: 'sweep-result', sweepId, sizeIndex, result }),
              onSize: (sizeIndex, size) => {
                post({ type: 'sweep-size', sweepId, sizeIndex, size });
                progress.report({ increment: (request.limits ? 50 : 100) / Math.max(1, sizes), message: `${formatJsonSize(size.jsonBytes)} done` });
              },
            });
          }
          if (request.limits) {
            const found = await findLimits(sample, {
              codecs: request.codecs,
              ...(settings.heapMb === undefined ? {} : { heapMb: settings.heapMb }),
              capJsonBytes,
              signal: controller.signal,
              onTrial: (codec, target, outcome) => progress.report({ message: `limits: ${codec} at ${formatJsonSize(target)}: ${outcome.decoded ? 'held' : outcome.failure?.kind ?? 'failed'}` }),
              onLimit: (limit) => {
                post({ type: 'sweep-limit', sweepId, limit, settings: { heapMb: settings.heapMb ?? null, observedHeapLimitMb: null, capJsonBytes, timeoutMs: 0 } });
                progress.report({ increment: (request.sweep ? 50 : 100) / Math.max(1, request.codecs.length) });
              },
            });
            report = { ...(report ?? limitsOnlyReport(request.source.location)), limits: found.limits, limitSettings: found.settings };
          }
          this.current = report;
          void this.context.workspaceState.update(LAST_SWEEP_KEY, report);
          post({ type: 'sweep-finished', sweepId, report: report! });
          this.log.info(`sweep ${sweepId}: finished`);
          return report;
        } catch (error) {
          if (error instanceof CancelledError) {
            post({ type: 'sweep-ended', sweepId, outcome: 'cancelled', message: 'Cancelled: the running workers and processes were stopped.' });
            this.log.info(`sweep ${sweepId}: cancelled`);
            return undefined;
          }
          const message = error instanceof Error ? error.message : String(error);
          post({ type: 'sweep-ended', sweepId, outcome: 'failed', message });
          logFailure(this.log, `sweep ${sweepId}`, error);
          void vscode.window.showErrorMessage(`Payload Lab: ${message}`);
          return undefined;
        }
      },
    ));
  }
}
