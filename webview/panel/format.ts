/**
 * Units as the terminal table spells them (bytes as B, times in ns/µs/ms/s), so the panel,
 * the CLI and the exports read the same.
 */
import type { TimingStats } from '../../src/shared/results';
import {
  ALLOCATION_HIDDEN,
  allocationFigure,
  formatBytes,
  formatCount,
  formatDuration,
  formatNumber,
  formatDurationRange,
  formatPercent,
  formatSize,
  formatSpeedup,
  formatSpeedupInterval,
  formatSpeedupRange,
} from '../../src/shared/format';

export {
  formatBytes,
  formatCount,
  formatDuration,
  formatNumber,
  formatDurationRange,
  formatPercent,
  formatSize,
  formatSpeedup,
  formatSpeedupInterval,
  formatSpeedupRange,
};

export function formatRatio(ratio: number | null | undefined): string {
  return ratio == null ? '—' : ratio.toFixed(3);
}

/** "68% in GC, 2.90 MB allocated per call" (or "≥ 2.90 MB", a lower bound): where an operation's time goes. */
export function formatCost(timing: TimingStats): string {
  if (timing.gcShare === null) return 'GC share and allocation not measured (no GC profiler in this runtime)';
  const allocated = allocationFigure(timing);
  return `${formatPercent(timing.gcShare)} in GC, ${allocated === null ? `allocation not measured (${ALLOCATION_HIDDEN})` : `${allocated} allocated per call`}`;
}

/** The distribution behind an amortised time, for its tooltip and the details row. */
export function formatSpread(timing: TimingStats): string {
  const batch = timing.batchSize > 1 ? ` of ${formatNumber(timing.batchSize)} calls each` : '';
  const shape = timing.bimodal ? 'bimodal: ' : '';
  return (
    `${formatDurationRange(timing.meanNs, timing.meanInterval)} per call over the rounds; ${formatCost(timing)}; ` +
    `${shape}median ${formatDuration(timing.medianNs)}, p75 ${formatDuration(timing.p75Ns)}, p99 ${formatDuration(timing.p99Ns)}, ` +
    `min ${formatDuration(timing.minNs)}, max ${formatDuration(timing.maxNs)}; ${formatCount(timing.samples, 'sample')}${batch}; ${timing.mbPerSec.toFixed(1)} MB/s of JSON`
  );
}
