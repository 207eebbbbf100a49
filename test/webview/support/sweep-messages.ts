/** A real size sweep (and limit search) recorded as the host's run events to the panel. */
import * as path from 'node:path';
import { sweepSample, type SweepOptions, scalingNotes } from '../../../src/engine/sweep';
import { findLimits, type LimitOptions } from '../../../src/payload-limits/run-limits';
import type { SweepReport } from '../../../src/shared/sweep';
import type { RunEventOf } from '../../../src/shared/run-events';
import { findBuiltinCodec } from '../../../src/codecs/registry';
import { repoRoot, workerScript } from '../../support/paths';

export interface RecordedSweep {
  report: SweepReport;
  /** As the host emits them, every row of every round and the limit search's progress included; the last is finished. */
  messages: Array<RunEventOf<'sweep'>>;
}

export async function recordSweep(samplePath: string, codecs: string[], sweep: SweepOptions, limits?: LimitOptions): Promise<RecordedSweep> {
  const runId = 1;
  const messages: Array<RunEventOf<'sweep'>> = [
    {
      kind: 'sweep',
      runId,
      phase: 'started',
      started: {
        sampleName: path.basename(samplePath),
        sampleLocation: samplePath,
        sweep: true,
        limits: limits !== undefined,
        codecs: codecs.map((id) => ({ id, label: findBuiltinCodec(id)!.label })),
        heapMb: limits?.heapMb ?? null,
        capJsonBytes: limits?.capJsonBytes ?? 0,
      },
    },
  ];
  let report = await sweepSample(
    { path: samplePath },
    {
      workerScript,
      ...sweep,
      codecs,
      onPlan: (sizes) => messages.push({ kind: 'sweep', runId, phase: 'item', item: { type: 'planned', sizes, notes: scalingNotes(sizes) } }),
      onStage: (sizeIndex, codec, stage, { round, rounds }) =>
        messages.push({ kind: 'sweep', runId, phase: 'progress', progress: { type: 'size', sizeIndex, codec, stage, round, rounds } }),
      onResult: (sizeIndex, result) => messages.push({ kind: 'sweep', runId, phase: 'item', item: { type: 'size-result', sizeIndex, result } }),
      onSize: (sizeIndex, size) => messages.push({ kind: 'sweep', runId, phase: 'item', item: { type: 'size-done', sizeIndex, size } }),
    },
  );
  if (limits) {
    const found = await findLimits(
      { path: samplePath },
      {
        childScript: path.join(repoRoot, 'dist', 'limit-process.js'),
        codecs,
        ...limits,
        onProgress: (progress) => messages.push({ kind: 'sweep', runId, phase: 'progress', progress }),
        onLimit: (limit) =>
          messages.push({
            kind: 'sweep',
            runId,
            phase: 'item',
            item: {
              type: 'limit',
              limit,
              settings: { heapMb: limits.heapMb ?? null, observedHeapLimitMb: null, capJsonBytes: limits.capJsonBytes ?? 0, timeoutMs: 0 },
            },
          }),
      },
    );
    report = { ...report, limits: found.limits, limitSettings: found.settings };
  }
  messages.push({ kind: 'sweep', runId, phase: 'finished', report });
  return { report, messages };
}
