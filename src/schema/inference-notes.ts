/**
 * Notes of an inference, grouped by the kind of choice made: a sample of 400 varied documents
 * makes the same choice at thousands of paths, and one note per path buried the few that
 * matter. Each group lists its first few paths and counts the rest.
 */
import { truncatePath } from './shape';

const PATHS_SHOWN = 5;

interface NoteGroup {
  /** What was chosen, ending where the paths start: "nested lists wrapped in messages". */
  title: string;
  paths: string[];
  count: number;
}

export class InferenceNotes {
  private readonly plain: string[] = [];
  private readonly groups = new Map<string, NoteGroup>();

  /** A note said once, whatever the sample holds. */
  add(note: string): void {
    if (!this.plain.includes(note)) this.plain.push(note);
  }

  /** One more path where the choice `title` was made. */
  at(title: string, path: string): void {
    let group = this.groups.get(title);
    if (group === undefined) {
      group = { title, paths: [], count: 0 };
      this.groups.set(title, group);
    }
    group.count += 1;
    // A path 1,000 levels deep is 3,000 characters of `[0]`: its ends say where it is.
    if (group.paths.length < PATHS_SHOWN) group.paths.push(truncatePath(path));
  }

  list(): string[] {
    const grouped = [...this.groups.values()].map(({ title, paths, count }) => {
      const more = count > paths.length ? ` and ${(count - paths.length).toLocaleString('en-US')} more` : '';
      const where = count === 1 ? 'at' : `at ${count.toLocaleString('en-US')} paths:`;
      return `${title} ${where} ${paths.join(', ')}${more}`;
    });
    return [...this.plain, ...grouped];
  }
}
