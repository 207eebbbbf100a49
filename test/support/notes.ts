/** A row's note of one code, for tests that assert facts rather than their words. */
import type { NoteCode, NoteFact } from '../../src/shared/note-facts';
import type { RowNote } from '../../src/shared/results';

export function noteOf<C extends NoteCode>(notes: readonly RowNote[], code: C): Extract<NoteFact, { code: C }> | undefined {
  return notes.find((note): note is Extract<NoteFact, { code: C }> => typeof note !== 'string' && note.code === code);
}

export const hasNote = (notes: readonly RowNote[], code: NoteCode): boolean => noteOf(notes, code) !== undefined;
