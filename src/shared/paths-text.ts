/** JSON paths listed in a sentence: the first few, then how many there were in all. */
const PATHS_SAID = 5;

export const pathsText = (count: number, paths: readonly string[]): string =>
  paths.slice(0, PATHS_SAID).join(', ') + (count > PATHS_SAID ? `, … (${count.toLocaleString('en-US')} in all)` : '');
