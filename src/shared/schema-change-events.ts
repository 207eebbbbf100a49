/**
 * What a Check Schema Change run tells the panel beyond the phases every run has
 * (run-events.ts): which two versions of which schema it compares and where each came from, how
 * far the reading is (records read over all cells), each cell of the matrix once all its
 * records are read, and the report of `shared/evolution.ts` at the end. The page names a
 * version by its index when it asks the host to open it at a line; only the host knows how
 * (a `git:` document, a file). Plain data only.
 */
import type { EvolutionCell, EvolutionFormat, EvolutionProblem } from './evolution';

/** Where a version's text came from, as the page shows it. */
export type VersionOrigin =
  /** The file at a git ref: `ref` as the user picked it (HEAD, a branch, a commit), `commit` its short hash when known. */
  | { kind: 'git'; ref: string; commit?: string; relativePath: string }
  /** The editor's text: the file as saved, or with unsaved edits. */
  | { kind: 'working'; unsaved: boolean }
  /** A file the user picked. */
  | { kind: 'file' };

export interface SchemaChangeVersion {
  /** As the report labels it (`old`, `new`). */
  label: string;
  /** A path or URI, for tooltips. */
  location: string;
  origin: VersionOrigin;
}

export interface SchemaChangeStarted {
  /** The schema's file name (`Items.proto`). */
  schemaName: string;
  format: EvolutionFormat;
  /** Oldest first. */
  versions: SchemaChangeVersion[];
  /** The message (or Avro type) compared, when one was picked. */
  typeName?: string;
  /** What the records are: `100 records generated from each version (seed 1)`, `orders.json`. */
  sampleName: string;
}

/**
 * What the run adds to the matrix: a cell once all its records are read; or, before the run
 * fails, the versions' problems (a version that does not load, no type in common), each with
 * the index of its version when known and whether that version opens at its line (a problem in
 * a file the version imports names the file instead).
 */
export type SchemaChangeItem = { type: 'cell'; cell: EvolutionCell } | { type: 'problems'; problems: SchemaChangeProblem[] };

export interface SchemaChangeProblem extends EvolutionProblem {
  /** Index into the started versions; absent for a problem between versions. */
  versionIndex?: number;
  /** The line is in the version's own text (the host can open it there). */
  opens: boolean;
}

/** Records read so far, over all cells of the matrix. */
export interface SchemaChangeProgress {
  done: number;
  total: number;
}

/** `HEAD`, `HEAD (a1b2c3d)`, `the working file (unsaved edits)`, `a file`: a version's origin in a few words. */
export function describeOrigin(origin: VersionOrigin): string {
  switch (origin.kind) {
    case 'git':
      return origin.commit && !origin.ref.startsWith(origin.commit) ? `${origin.ref} (${origin.commit})` : origin.ref;
    case 'working':
      return origin.unsaved ? 'the editor, with unsaved edits' : 'the working tree';
    case 'file':
      return 'a file';
  }
}
