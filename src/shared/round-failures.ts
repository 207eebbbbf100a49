/** A later round that gave no figures (`RoundFailure`, a fact of the row), in words: every renderer's. */
import type { CodecResult, RoundFailure } from './results';

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

/** A row's notes, then its rounds that failed, in words: what the CLI, the exports and the panel list. */
export function rowNotesText(row: CodecResult): string[] {
  return row.status === 'completed' && row.roundFailures ? [...row.notes, ...row.roundFailures.map(roundFailureText)] : row.notes;
}
