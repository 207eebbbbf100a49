/**
 * Element ids unique on the page. The panel keeps several runs, each drawn by its own views, so
 * an id fixed in a view would repeat once per entry and `aria-controls`/`aria-labelledby` (and
 * `#id` lookups) would reach another run's element. Each view takes its ids from here when built.
 */
let issued = 0;

export function uniqueId(name: string): string {
  issued += 1;
  return `${name}-${issued}`;
}
