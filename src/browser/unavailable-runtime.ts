/** When the browser runtime cannot measure at all: every browser row is skipped, saying why. */
import type { WorkerFate } from '../engine/worker-launch';
import type { CodecReport } from '../shared/codec-job';
import type { MeasuringRuntime } from '../engine/measuring-runtime';

/** Samples above this are not sent to the browser (a copy per worker, in the renderer's memory). */
export const DEFAULT_BROWSER_SAMPLE_CAP_BYTES = 64 * 1024 * 1024;

export function unavailableBrowserRuntime(reason: string): MeasuringRuntime {
  const never = async (): Promise<WorkerFate<CodecReport>> => ({ kind: 'failed', error: { stage: 'crash', message: reason } });
  // It measures nothing: only this process works, so the machine's load is measured as for Node.
  return { name: 'browser', measure: never, measureWithoutCodeGeneration: never, unsupported: () => reason, measuringProcesses: () => [] };
}

/** Why a sample of this size is not sent to the browser, or undefined when it is. */
export function sampleAboveCap(bytes: number, capBytes: number): string | undefined {
  if (bytes <= capBytes) return undefined;
  return `the sample (${bytes.toLocaleString('en-US')} bytes) is above the browser cap of ${capBytes.toLocaleString('en-US')} bytes: it is not sent to the browser`;
}
