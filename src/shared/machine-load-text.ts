/** How busy the machine was, in words: the CLI prints it above the table, the panel above the verdict. */
import type { MachineLoad } from './results';

/**
 * "speed figures unreliable: the machine was busy 80% of the run (other processes used 1.4 of 2
 * cores on average, …); sizes are unaffected", or that it was quiet enough, or not measured.
 */
export function describeMachineLoad(load: MachineLoad): string {
  if (!load.measured) return `how busy the machine was is not measured: ${load.why}`;
  const figures = `other processes used ${load.otherCores.toFixed(1)} of ${load.cores} cores on average, this run ${load.ownCores.toFixed(1)}; load average up to ${load.loadAverage.toFixed(1)}`;
  return load.busy
    ? `speed figures unreliable: the machine was busy ${Math.round(load.busyShare * 100)}% of the run (${figures}); sizes are unaffected`
    : `the machine was not busy (${figures})`;
}
