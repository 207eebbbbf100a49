/**
 * A row's facts in words, for every renderer (the CLI's tables, the exports, the panel): a later
 * round that gave no figures (`RoundFailure`), bytes that differ between runtimes.
 */
import type { CodecResult, NoteFact, RoundFailure, RowNote, RuntimeDifference } from './results';

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

/** The most paths a note keeps (its `count` says how many there were). */
export const NOTE_PATHS_KEPT = 20;
/** The paths a sentence lists. */
const PATHS_SAID = 5;

const pathsText = (count: number, paths: readonly string[]) =>
  paths.slice(0, PATHS_SAID).join(', ') + (count > PATHS_SAID ? `, … (${count.toLocaleString('en-US')} in all)` : '');

/** A note in words; a note that is still a sentence, as it is. */
export function noteText(note: RowNote): string {
  if (typeof note === 'string') return note;
  return factText(note);
}

function factText(fact: NoteFact): string {
  switch (fact.code) {
    case 'unknown-keys-dropped':
      return `${fact.count.toLocaleString('en-US')} key${fact.count === 1 ? '' : 's'} the schema has no field for left out before encoding, as asked (drop unknown keys): ${pathsText(fact.count, fact.paths)}`;
    case 'unsafe-64-bit-numbers':
      return `64-bit integers given as JSON numbers beyond 2^53 (${pathsText(fact.count, fact.paths)}): JSON.parse rounded them before any codec ran; proto3's JSON mapping writes them as strings, which keep every digit`;
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
