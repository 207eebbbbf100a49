/** A real size sweep (and limit search) recorded as the host's messages to the panel. */
import * as path from 'node:path';
import { sweepSample, type SweepOptions, scalingNotes } from '../../../src/engine/sweep';
import { findLimits, type LimitOptions } from '../../../src/payload-limits/run-limits';
import type { SweepReport } from '../../../src/shared/sweep';
import type { SweepHostMessage } from '../../../src/shared/sweep-protocol';
import { findBuiltinCodec } from '../../../src/codecs/registry';
import { repoRoot, workerScript } from '../../support/paths';

export interface RecordedSweep {
  report: SweepReport;
  /** As the host posts them, every row of every round included; the last is sweep-finished. */
  messages: SweepHostMessage[];
}

export async function recordSweep(samplePath: string, codecs: string[], sweep: SweepOptions, limits?: LimitOptions): Promise<RecordedSweep> {
  const sweepId = 1;
  const messages: SweepHostMessage[] = [{
    type: 'sweep-started',
    sweep: {
      sweepId, sampleName: path.basename(samplePath), sampleLocation: samplePath, sweep: true, limits: limits !== undefined,
      codecs: codecs.map((id) => ({ id, label: findBuiltinCodec(id)!.label })),
      heapMb: limits?.heapMb ?? null, capJsonBytes: limits?.capJsonBytes ?? 0,
    },
  }];
  let report = await sweepSample({ path: samplePath }, {
    workerScript,
    ...sweep,
    codecs,
    onPlan: (sizes) => messages.push({ type: 'sweep-planned', sweepId, sizes, notes: scalingNotes(sizes) }),
    onResult: (sizeIndex, result) => messages.push({ type: 'sweep-result', sweepId, sizeIndex, result }),
    onSize: (sizeIndex, size) => messages.push({ type: 'sweep-size', sweepId, sizeIndex, size }),
  });
  if (limits) {
    const found = await findLimits({ path: samplePath }, {
      childScript: path.join(repoRoot, 'dist', 'limit-process.js'),
      codecs,
      ...limits,
      onLimit: (limit) => messages.push({ type: 'sweep-limit', sweepId, limit, settings: { heapMb: limits.heapMb ?? null, observedHeapLimitMb: null, capJsonBytes: limits.capJsonBytes ?? 0, timeoutMs: 0 } }),
    });
    report = { ...report, limits: found.limits, limitSettings: found.settings };
  }
  messages.push({ type: 'sweep-finished', sweepId, report });
  return { report, messages };
}
