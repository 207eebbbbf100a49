/**
 * A row's facts in words, for every renderer (the CLI's tables, the exports, the panel): its
 * notes (worded in note-text.ts), a later round that gave no figures (`RoundFailure`), bytes
 * that differ between runtimes.
 */
import { noteText } from './note-text';
import type { CodecResult, RoundFailure, RuntimeDifference } from './results';

export { NOTE_PATHS_KEPT, noteText } from './note-text';

/** Stages where the worker itself ended, rather than the library refusing. */
const STOPPED: ReadonlySet<string> = new Set(['timeout', 'memory', 'crash']);

/** "round 2 of 5 stopped at memory: …; its figures are left out". */
export function roundFailureText(failure: RoundFailure): string {
  const { round, rounds, error } = failure;
  switch (failure.code) {
    case 'round-failed':
      return `round ${round} of ${rounds} ${STOPPED.has(error.stage) ? 'stopped' : 'failed'} at ${error.stage}: ${error.message}; its figures are left out`;
    case 'compression-not-timed':
      return `round ${round} of ${rounds}: compression not timed (${error.stage}: ${error.message})`;
  }
}

/** "the browser encoded 812 bytes, Node 811: …" (a sentence of a report saved before these were facts, as it is). */
export function runtimeDifferenceText(difference: RuntimeDifference | string): string {
  if (typeof difference === 'string') return difference;
  switch (difference.code) {
    case 'size':
      return `the browser encoded ${difference.browserBytes} bytes, Node ${difference.nodeBytes}: the same library gives different output in the two runtimes`;
    case 'content':
      return `same size (${difference.bytes} bytes) but different bytes in the browser and in Node`;
  }
}

/** A row's notes, then its facts in words: what the CLI, the exports and the panel list. */
export function rowNotesText(row: CodecResult): string[] {
  const notes = row.notes.map(noteText);
  if (row.status !== 'completed') return notes;
  return [
    ...notes,
    ...(row.roundFailures ?? []).map(roundFailureText),
    ...(row.runtimeDifference ? [`FINDING: ${runtimeDifferenceText(row.runtimeDifference)}`] : []),
  ];
}
