/**
 * Units as the terminal table spells them (bytes as B, times in ns/µs/ms/s), so the panel,
 * the CLI and the exports read the same.
 */
import type { TimingStats } from '../src/shared/results';
import { formatBytes, formatDuration, formatPercent, formatSpeedup } from '../src/shared/format';

export { formatBytes, formatDuration, formatPercent, formatSpeedup };

export function formatRatio(ratio: number | null | undefined): string {
  return ratio == null ? '—' : ratio.toFixed(3);
}

/** "12.3 µs ± 1.2%": the median and its 95% margin. */
export function formatMedian(timing: TimingStats): string {
  return `${formatDuration(timing.medianNs)} ± ${formatPercent(timing.rme)}`;
}

/** The spread behind a median, for its tooltip and the details row. */
export function formatSpread(timing: TimingStats): string {
  const batch = timing.batchSize > 1 ? ` of ${timing.batchSize} calls each` : '';
  return `p75 ${formatDuration(timing.p75Ns)}, p99 ${formatDuration(timing.p99Ns)}, min ${formatDuration(timing.minNs)}, `
    + `max ${formatDuration(timing.maxNs)}; ${timing.samples} samples${batch}; ${timing.mbPerSec.toFixed(1)} MB/s of JSON`;
}

export function formatCount(count: number, noun: string): string {
  return `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;
}
