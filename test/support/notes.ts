/** A row's note of one code, for tests that assert facts rather than their words. */
import type { NoteCode, NoteFact } from '../../src/shared/note-facts';
import type { RowNote } from '../../src/shared/results';

export function noteOf<C extends NoteCode>(notes: readonly RowNote[], code: C): Extract<NoteFact, { code: C }> | undefined {
  return notes.find((note): note is Extract<NoteFact, { code: C }> => note.code === code);
}

export const hasNote = (notes: readonly RowNote[], code: NoteCode): boolean => noteOf(notes, code) !== undefined;

/** The paths of every note of one code made at paths (inference and translation choices). */
export function pathsOf(notes: readonly RowNote[], code: NoteCode): string[] {
  return notes.flatMap((note) => (note.code === code && 'paths' in note ? note.paths : []));
}
