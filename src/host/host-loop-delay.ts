/**
 * The extension host's event-loop delay while one runtime's codecs run, for the Payload Lab
 * log: the figure behind "the host stays responsive during a run" (aim: p99 ≤ 20 ms), taken in
 * the real extension host rather than a stand-in (`npm run bench:host` measures a stand-in;
 * test/bench/host-in-vscode.ts reads this line from a run in code-server). The histogram is
 * kept by Node itself, off the JavaScript thread; its 1 ms timer runs during runs only.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

export const LOOP_DELAY_PREFIX = 'event-loop delay of the extension host';

export async function watchingEventLoop<T>(label: string, work: () => Promise<T>, log: (line: string) => void): Promise<T> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  try {
    return await work();
  } finally {
    histogram.disable();
    const ms = (ns: number) => `${(ns / 1e6).toFixed(1)} ms`;
    log(
      `${LOOP_DELAY_PREFIX} (${label}): p50 ${ms(histogram.percentile(50))}, p99 ${ms(histogram.percentile(99))}, max ${ms(histogram.max)} (${histogram.count} samples at 1 ms)`,
    );
  }
}
