/**
 * Notes of an inference, grouped by the kind of choice made: a sample of 400 varied documents
 * makes the same choice at thousands of paths, and one note per path buried the few that
 * matter. Each group keeps its first few paths and counts the rest.
 */
import { truncatePath } from './shape';
import type { AtPaths } from '../shared/inference-facts';
import type { NoteFact } from '../shared/results';

const PATHS_SHOWN = 5;

/** A fact made at paths, before they are added: its code and parameters. */
export type ChoiceAtPaths = NoteFact extends infer F ? (F extends AtPaths ? Omit<F, 'count' | 'paths'> : never) : never;

export class InferenceNotes {
  private readonly plain: NoteFact[] = [];
  private readonly groups = new Map<string, NoteFact & AtPaths>();

  /** A note said once, whatever the sample holds. */
  add(note: NoteFact): void {
    const key = JSON.stringify(note);
    if (!this.plain.some((said) => JSON.stringify(said) === key)) this.plain.push(note);
  }

  /** One more path where the choice was made. */
  at(choice: ChoiceAtPaths, path: string): void {
    const key = JSON.stringify(choice);
    let group = this.groups.get(key);
    if (group === undefined) {
      group = { ...choice, count: 0, paths: [] } as NoteFact & AtPaths;
      this.groups.set(key, group);
    }
    group.count += 1;
    // A path 1,000 levels deep is 3,000 characters of `[0]`: its ends say where it is.
    if (group.paths.length < PATHS_SHOWN) group.paths.push(truncatePath(path));
  }

  list(): NoteFact[] {
    return [...this.plain, ...this.groups.values()];
  }
}
