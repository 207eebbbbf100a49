/**
 * Size sweeps and limit searches as a kind of run (run-lifecycle.ts): rows, sizes and limits
 * streamed into the panel, and where each codec's limit search is (its size and step) as
 * progress. The scaled samples are built inside the workers and limit processes, never here; a
 * limit process that runs out of heap or is killed is a result, not this host's problem.
 */
import { findBuiltinCodec } from '../codecs/registry';
import { limitsOnlyReport, MB, scalingNotes } from '../engine/sweep';
import { runSweepInProcess } from '../engine/sweep-process-client';
import { findLimits } from '../payload-limits/run-limits';
import { formatJsonSize } from '../shared/sweep-format';
import type { RunKindSpec, RunLifecycle } from './run-lifecycle';
import type { SampleSource } from './sample-source';
import { readSampleInput } from './sample-input';
import { stoppedSweep } from './partial-reports';
import { readRunSettings, readSweepSettings } from './settings';
import { restrictedReason } from './workspace-trust';

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

/** The extension's sweeps: `run` one, `lastReport` for Export. */
export type Sweeps = RunLifecycle<'sweep', SweepRequest>;

export const sweepRun: RunKindSpec<'sweep', SweepRequest, unknown> = {
  kind: 'sweep',
  logName: 'sweep',
  title: (request) => `${request.sweep ? 'sweeping payload sizes' : 'finding payload limits'} of ${request.source.name}`,
  cancelled: 'the running workers and processes were stopped',
  storageKey: 'payloadLab.lastSweep',
  partialReport: stoppedSweep,
  async work(request, run) {
    const settings = readSweepSettings();
    const sample = await readSampleInput(request.source);
    const codecs = request.codecs.map((id) => ({ id, label: findBuiltinCodec(id)?.label ?? id }));
    const capJsonBytes = Math.round(settings.capMb * MB);
    run.start(
      {
        sampleName: request.source.name,
        sampleLocation: request.source.location,
        sweep: request.sweep,
        limits: request.limits,
        codecs,
        heapMb: settings.heapMb ?? null,
        capJsonBytes,
      },
      `${request.source.location} with ${request.codecs.join(', ')}${request.sweep ? `, up to ${settings.maxMb} MiB ×${settings.stepFactor}` : ''}${request.limits ? `, limits (heap ${settings.heapMb ?? "Node's default"}, cap ${settings.capMb} MiB)` : ''}`,
    );
    // Each part has its share of the notification's bar.
    const share = request.sweep && request.limits ? 50 : 100;
    let report = limitsOnlyReport(request.source.location);
    if (request.sweep) {
      const measured = readRunSettings();
      const restricted = restrictedReason();
      let sizes = 0;
      report = await runSweepInProcess(sample, {
        codecs: request.codecs,
        quick: request.quick ?? true,
        ...(request.rounds === undefined ? {} : { rounds: request.rounds }),
        ...(measured.warmupMs === undefined ? {} : { warmupMs: measured.warmupMs }),
        maxJsonBytes: Math.round(settings.maxMb * MB),
        stepFactor: settings.stepFactor,
        growth: settings.growth,
        memoryLimitMb: measured.memoryLimitMb,
        timeoutMs: measured.timeoutMs,
        // Restricted Mode: the rows of code generators are skipped at every size.
        ...(restricted ? { codegen: { restricted } } : {}),
        signal: run.signal,
        onPlan: (plan) => {
          sizes = plan.length;
          run.item({ type: 'planned', sizes: plan, notes: scalingNotes(plan) });
        },
        onStage: (sizeIndex, codec, stage, { round, rounds }) => {
          run.progress({ type: 'size', sizeIndex, codec, stage, round, rounds });
          run.notify(`size ${sizeIndex + 1} of ${sizes}: round ${round} of ${rounds}: ${codec}: ${stage}`);
        },
        onResult: (sizeIndex, result) => run.item({ type: 'size-result', sizeIndex, result }),
        onSize: (sizeIndex, size) => {
          run.item({ type: 'size-done', sizeIndex, size });
          run.notify(`${formatJsonSize(size.jsonBytes)} done`, share / Math.max(1, sizes));
        },
      });
    }
    if (request.limits) {
      const found = await findLimits(sample, {
        codecs: request.codecs,
        ...(settings.heapMb === undefined ? {} : { heapMb: settings.heapMb }),
        capJsonBytes,
        signal: run.signal,
        onProgress: (progress) => {
          run.progress(progress);
          if (progress.tryingJsonBytes !== null)
            run.notify(`limits: ${progress.codec}: trying ${formatJsonSize(progress.tryingJsonBytes)} (step ${progress.step})`);
        },
        onLimit: (limit) => {
          run.item({ type: 'limit', limit, settings: { heapMb: settings.heapMb ?? null, observedHeapLimitMb: null, capJsonBytes, timeoutMs: 0 } });
          run.notify(`limits: ${limit.codec} done`, share / Math.max(1, request.codecs.length));
        },
      });
      report = { ...report, limits: found.limits, limitSettings: found.settings };
    }
    return report;
  },
};
