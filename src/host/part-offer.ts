/**
 * Before a long comparison of a large document: the estimate from the sizes-only pass, and the
 * offer to measure a representative part instead (records spread evenly across the file, so the
 * sample's profile still holds). Asked only where both are true, so a run of the size most
 * samples have starts as before.
 */
import * as vscode from 'vscode';
import { estimateRun, type RunEstimate, type SizingTimes } from '../engine/run-estimate';
import type { SampleScale } from '../shared/codec-job';
import type { MeasurementSettings, SampleInfo } from '../shared/results';

/** A run estimated to take less than this starts without a question. */
export const LONG_RUN_MS = 2 * 60_000;
/** The part's JSON size: about twice the bundled sample (whose default run takes about a minute). */
export const PART_JSON_BYTES = 2 * 1024 * 1024;
/** A sample under this many times the part is measured whole: a part would save little. */
const PART_AT_MOST = 1 / 4;

/** What to measure: the whole sample (undefined), or the part the user chose. */
export async function offerPart(
  input: SampleInfo,
  times: ReadonlyMap<string, SizingTimes>,
  settings: MeasurementSettings,
  signal: AbortSignal,
): Promise<SampleScale | undefined> {
  const estimate = estimateRun(times, { ...settings, rounds: settings.rounds ?? 1 });
  if (!estimate || estimate.lowMs < LONG_RUN_MS || PART_JSON_BYTES > input.jsonBytes * PART_AT_MOST || input.records < 8) return undefined;
  const part = 'Measure a Part';
  const whole = 'Measure All';
  const asked = vscode.window.showInformationMessage(
    `Measuring ${mib(input.jsonBytes)} of JSON takes ${minutesText(estimate)} (${settings.rounds ?? 1} rounds at most). ` +
      `Measure a representative part instead: about ${mib(PART_JSON_BYTES)}, records spread across the whole file?`,
    part,
    whole,
  );
  // Cancel still stops the run while the question is open; closing the question measures all.
  const cancelled = new Promise<undefined>((resolve) => signal.addEventListener('abort', () => resolve(undefined), { once: true }));
  const answer = await Promise.race([asked, cancelled]);
  return answer === part ? { targetJsonBytes: PART_JSON_BYTES, pick: 'spread' } : undefined;
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

/** "about 4–7 min": minutes, rounded up, a range where rounds may stop early. */
export function minutesText(estimate: RunEstimate): string {
  const low = Math.max(1, Math.round(estimate.lowMs / 60_000));
  const high = Math.max(low, Math.round(estimate.highMs / 60_000));
  return low === high ? `about ${low} min` : `about ${low}–${high} min`;
}
