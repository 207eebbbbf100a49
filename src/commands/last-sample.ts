/**
 * Run Benchmark… offers the file it ran last (kept in the workspace's state), so a second run
 * on the same sample is Enter, not a file dialog again. Pure: the command gives it the paths.
 */
import type { SampleSource } from '../host/sample-source';

export const LAST_SAMPLE_KEY = 'payloadLab.lastSample';

/** What is remembered of a sample: a saved file's path; editor text and generated records are not kept. */
export function rememberedSamplePath(source: SampleSource): string | undefined {
  return source.kind === 'file' ? source.path : undefined;
}

/** The remembered file to offer: still there, and not the active editor's (offered already). */
export function lastSampleToOffer(remembered: unknown, activePath: string | undefined, exists: (path: string) => boolean): string | undefined {
  if (typeof remembered !== 'string' || remembered === '' || remembered === activePath) return undefined;
  return exists(remembered) ? remembered : undefined;
}
